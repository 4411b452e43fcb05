#pragma once
// A heatmap laid over the map: core's heatmapValues() for the whole level, coloured
// one pixel a cell for the depth shown, semi-transparent, on one colour scale from
// near (yellow) to far (purple) that the legend shows with its range.
#include <QColor>
#include <QImage>
#include <optional>

#include "analysis/heatmaps.h"
#include "model/level.h"

namespace burrow::ui {

class HeatLayer {
public:
    // Walks the level again (a search of every depth: done once per change of level,
    // never per repaint).
    void compute(const Level& level, Heatmap kind, Connectivity movement);
    // Shows values worked out elsewhere (a worker playing the bot's games).
    void show(Heatmap kind, DistanceMap values);
    void clear();
    Heatmap kind() const { return kind_; }
    bool empty() const { return kind_ == Heatmap::None; }
    // The picture of one depth (made on first use after compute()).
    const QImage& image(int depth);
    // Steps at a cell, or nothing where it cannot be walked to (or no heatmap).
    std::optional<int> valueAt(const Cell& c) const;
    int maximum() const { return maximum_; }

    // The scale: t from 0 (near) to 1 (far).
    static QColor colourAt(double t);

private:
    Heatmap kind_ = Heatmap::None;
    DistanceMap distances_;
    int maximum_ = 0;
    int imageDepth_ = -1;
    QImage image_;
};

} // namespace burrow::ui
