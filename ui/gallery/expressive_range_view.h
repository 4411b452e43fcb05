#pragma once
// The expressive range of the gallery's seeds (after Smith & Whitehead, 2010): a 2D
// histogram of two metrics, with each metric's own histogram along its axis and the
// current seed ringed. The counts are core's summariseSeeds(), the same numbers
// `burrow explore` writes for those seeds. Clicking a bin picks its seeds (the
// gallery then shows only those); clicking it again, or outside, picks none.
#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/seed_summary.h"

class QPainter;

namespace burrow::ui {

class ExpressiveRangeView : public QWidget {
    Q_OBJECT
public:
    explicit ExpressiveRangeView(QWidget* parent = nullptr);

    void setSeeds(std::vector<SeedResult> results, std::size_t xMetric, std::size_t yMetric, std::optional<std::uint64_t> current);
    // The pair's summary as drawn (empty counts when no seed has both values).
    const PairSummary& pair() const { return pair_; }
    // The bin (x, y) chosen, if any, and the seeds in it.
    std::optional<std::pair<int, int>> chosenBin() const { return chosen_; }
    std::vector<std::uint64_t> seedsIn(int xBin, int yBin) const;
    // Marks a bin as chosen (or none) without announcing it.
    void setChosenBin(std::optional<std::pair<int, int>> bin);
    // Where bin (x, y) is drawn, in widget pixels (tests click it).
    QRectF binRect(int xBin, int yBin) const;

    QSize sizeHint() const override { return {280, 240}; }
    QSize minimumSizeHint() const override { return {160, 140}; }

signals:
    // The seeds of the bin clicked; empty when the choice was cleared.
    void seedsChosen(const std::vector<std::uint64_t>& seeds);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void drawAxes(QPainter& p, const QRectF& plot, const QColor& ink);
    QRectF plotRect() const;

    std::vector<SeedResult> results_;
    PairSummary pair_;
    std::vector<int> xCounts_, yCounts_; // each metric's histogram over the same bins
    std::optional<std::uint64_t> current_;
    std::optional<std::pair<int, int>> chosen_;
};

} // namespace burrow::ui
