#include "editing/stamp.h"

#include <algorithm>
#include <cstdlib>

namespace burrow {

Stamp copyStamp(const Level& level, int depth, const Rect& area) {
    const int x0 = std::max(0, area.x), y0 = std::max(0, area.y);
    const int x1 = std::min(level.width(), area.right()), y1 = std::min(level.height(), area.bottom());
    if (depth < 0 || depth >= level.depthCount() || x0 >= x1 || y0 >= y1) return {};
    Stamp stamp{TileGrid(x1 - x0, y1 - y0)};
    const TileGrid& tiles = level.tiles(depth);
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) stamp.tiles(x - x0, y - y0) = tiles(x, y);
    return stamp;
}

namespace {

// A new stamp of the given size whose cell (x, y) is the old one's at from(x, y).
template <typename From>
Stamp remapped(const Stamp& stamp, int width, int height, From from) {
    Stamp out{TileGrid(width, height)};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const Point p = from(x, y);
            out.tiles(x, y) = stamp.tiles(p.x, p.y);
        }
    return out;
}

} // namespace

Stamp turnedClockwise(const Stamp& stamp) {
    const int w = stamp.tiles.width(), h = stamp.tiles.height();
    // The new top row is the old left column, read bottom to top.
    return remapped(stamp, h, w, [h](int x, int y) { return Point{y, h - 1 - x}; });
}

Stamp turnedAnticlockwise(const Stamp& stamp) {
    const int w = stamp.tiles.width(), h = stamp.tiles.height();
    return remapped(stamp, h, w, [w](int x, int y) { return Point{w - 1 - y, x}; });
}

Stamp mirroredLeftRight(const Stamp& stamp) {
    const int w = stamp.tiles.width(), h = stamp.tiles.height();
    return remapped(stamp, w, h, [w](int x, int y) { return Point{w - 1 - x, y}; });
}

Stamp mirroredTopBottom(const Stamp& stamp) {
    const int w = stamp.tiles.width(), h = stamp.tiles.height();
    return remapped(stamp, w, h, [h](int x, int y) { return Point{x, h - 1 - y}; });
}

Point stampCorner(const TileGrid& stamp, Point cursor) { return {cursor.x - stamp.width() / 2, cursor.y - stamp.height() / 2}; }

std::vector<std::pair<Point, Tile>> stampCells(const Stamp& stamp, Point at, int width, int height) {
    std::vector<std::pair<Point, Tile>> cells;
    const int x0 = std::max(0, at.x), y0 = std::max(0, at.y);
    const int x1 = std::min(width, at.x + stamp.tiles.width()), y1 = std::min(height, at.y + stamp.tiles.height());
    if (x0 >= x1 || y0 >= y1) return cells;
    cells.reserve(static_cast<std::size_t>(x1 - x0) * static_cast<std::size_t>(y1 - y0));
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) cells.push_back({{x, y}, stamp.tiles(x - at.x, y - at.y)});
    return cells;
}

Rect clippedArea(Point a, Point b, int width, int height) {
    const int x0 = std::max(0, std::min(a.x, b.x)), y0 = std::max(0, std::min(a.y, b.y));
    const int x1 = std::min(width, std::max(a.x, b.x) + 1), y1 = std::min(height, std::max(a.y, b.y) + 1);
    if (x0 >= x1 || y0 >= y1) return {};
    return {x0, y0, x1 - x0, y1 - y0};
}

} // namespace burrow
