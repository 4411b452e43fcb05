// Symmetric shadowcasting, after Albert Ford's description: the view is cast row
// by row outward in each of four quadrants; a floor cell is seen only if its centre
// lies within the visible slopes (that is what makes it symmetric), a wall is seen
// if any part of it is. Slopes are exact fractions num/den of integers.
#include "play/field_of_view.h"

namespace burrow {
namespace {

std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); }

} // namespace

Point FieldOfView::toMap(int quadrant, int row, int col) const {
    switch (quadrant) {
    case 0: return {origin_.x + col, origin_.y - row}; // north
    case 1: return {origin_.x + row, origin_.y + col}; // east
    case 2: return {origin_.x + col, origin_.y + row}; // south
    default: return {origin_.x - row, origin_.y + col}; // west
    }
}

void FieldOfView::reveal(int x, int y) {
    if (!stamp_.contains(x, y) || stamp_(x, y) == current_) return;
    const int dx = x - origin_.x, dy = y - origin_.y;
    if (dx * dx + dy * dy > radius_ * radius_) return; // Euclidean distance is symmetric too
    stamp_(x, y) = current_;
    cells_.push_back({x, y});
}

void FieldOfView::compute(const TileGrid& tiles, Point origin, int radius, const TileKinds& kinds) {
    kinds_ = &kinds;
    if (stamp_.width() != tiles.width() || stamp_.height() != tiles.height()) stamp_ = Grid<std::uint32_t>(tiles.width(), tiles.height(), 0);
    if (++current_ == 0) { // the stamp wrapped after 4 billion calls: start over once
        stamp_.fill(0);
        current_ = 1;
    }
    cells_.clear();
    origin_ = origin;
    radius_ = radius;
    if (!tiles.contains(origin.x, origin.y)) return;
    reveal(origin.x, origin.y);
    for (int q = 0; q < 4; ++q) scan(tiles, q, 1, -1, 1, 1, 1);
}

void FieldOfView::scan(const TileGrid& tiles, int quadrant, int row, std::int64_t startNum, std::int64_t startDen, std::int64_t endNum,
                       std::int64_t endDen) {
    if (row > radius_) return;
    // Columns from round-ties-up(row * start) to round-ties-down(row * end).
    const std::int64_t first = floorDiv(2 * row * startNum + startDen, 2 * startDen);
    const std::int64_t last = ceilDiv(2 * row * endNum - endDen, 2 * endDen);
    int previous = -1; // -1 none yet, 0 floor, 1 wall
    for (std::int64_t col = first; col <= last; ++col) {
        const Point p = toMap(quadrant, row, static_cast<int>(col));
        const bool wall = !tiles.contains(p.x, p.y) || !kinds_->transparent(tiles(p.x, p.y));
        // Symmetric: a floor cell's centre must lie between the slopes, i.e.
        // row * start <= col <= row * end.
        const bool centreInside = col * startDen >= row * startNum && col * endDen <= row * endNum;
        if (wall || centreInside) reveal(p.x, p.y);
        if (previous == 1 && !wall) { // a wall ends: the view starts again at its edge
            startNum = 2 * col - 1;
            startDen = 2 * row;
        }
        if (previous == 0 && wall) scan(tiles, quadrant, row + 1, startNum, startDen, 2 * col - 1, 2 * row);
        previous = wall ? 1 : 0;
    }
    if (previous == 0) scan(tiles, quadrant, row + 1, startNum, startDen, endNum, endDen);
}

} // namespace burrow
