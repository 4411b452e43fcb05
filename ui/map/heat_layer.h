#pragma once
// A heatmap laid over the map: the values the document's facts worked out for the
// whole level (core's heatmapValues), coloured one pixel a cell for the depth
// shown, semi-transparent, on one colour scale from near (yellow) to far (purple)
// that the legend shows with its range.
#include <QColor>
#include <QImage>
#include <memory>
#include <optional>

#include "document/heat_values.h"
#include "model/level.h"

namespace burrow::ui {

class HeatLayer {
public:
    // Shows these values (shared with the facts: never copied), or none.
    void show(std::shared_ptr<const HeatValues> values);
    void clear() { show(nullptr); }
    Heatmap kind() const { return values_ ? values_->kind : Heatmap::None; }
    bool empty() const { return kind() == Heatmap::None; }
    // The picture of one depth (made on first use after compute()).
    const QImage& image(int depth);
    // Steps at a cell, or nothing where it cannot be walked to (or no heatmap).
    std::optional<int> valueAt(const Cell& c) const;
    int maximum() const { return values_ ? values_->maximum : 0; }

    // The scale: t from 0 (near) to 1 (far).
    static QColor colourAt(double t);

private:
    std::shared_ptr<const HeatValues> values_;
    int imageDepth_ = -1;
    QImage image_;
};

} // namespace burrow::ui
