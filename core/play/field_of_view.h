#pragma once
// What can be seen from a cell: symmetric shadowcasting (if A sees B, B sees A),
// walls themselves visible, nothing seen through them, within a radius. Exact
// integer slopes, so the result is the same on every machine.
#include <cstdint>
#include <vector>

#include "model/grid.h"
#include "model/level.h"

namespace burrow {

class FieldOfView {
public:
    FieldOfView() = default;
    explicit FieldOfView(int width, int height) : stamp_(width, height, 0) {}

    // Computes what `origin` sees on `tiles` within `radius` (Euclidean), sight
    // passing through the kinds `kinds` calls transparent. The result replaces the
    // previous one; memory is reused, nothing is cleared.
    void compute(const TileGrid& tiles, Point origin, int radius, const TileKinds& kinds = builtInTileKinds());

    bool visible(int x, int y) const { return stamp_.contains(x, y) && stamp_(x, y) == current_; }
    const std::vector<Point>& cells() const { return cells_; }

private:
    void scan(const TileGrid& tiles, int quadrant, int row, std::int64_t startNum, std::int64_t startDen, std::int64_t endNum, std::int64_t endDen);
    void reveal(int x, int y);
    Point toMap(int quadrant, int row, int col) const;

    Grid<std::uint32_t> stamp_; // == current_ where visible this time
    std::uint32_t current_ = 0;
    std::vector<Point> cells_;
    Point origin_;
    int radius_ = 0;
    const TileKinds* kinds_ = &builtInTileKinds();
};

} // namespace burrow
