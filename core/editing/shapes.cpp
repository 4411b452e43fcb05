#include "editing/shapes.h"

#include <algorithm>
#include <cstdlib>

namespace burrow {

std::vector<Point> lineCells(Point a, Point b) {
    std::vector<Point> cells;
    const int dx = std::abs(b.x - a.x), sx = a.x < b.x ? 1 : -1;
    const int dy = -std::abs(b.y - a.y), sy = a.y < b.y ? 1 : -1;
    int error = dx + dy;
    for (Point p = a;;) {
        cells.push_back(p);
        if (p == b) break;
        const int twice = 2 * error;
        if (twice >= dy) {
            error += dy;
            p.x += sx;
        }
        if (twice <= dx) {
            error += dx;
            p.y += sy;
        }
    }
    return cells;
}

std::vector<Point> brushCells(const std::vector<Point>& cells, int size, int width, int height) {
    size = std::max(1, size);
    const int before = (size - 1) / 2; // cells left of and above the centre
    std::vector<Point> covered;
    covered.reserve(cells.size() * static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    for (const Point& c : cells)
        for (int y = c.y - before; y < c.y - before + size; ++y)
            for (int x = c.x - before; x < c.x - before + size; ++x)
                if (x >= 0 && y >= 0 && x < width && y < height) covered.push_back({x, y});
    std::sort(covered.begin(), covered.end(), [](const Point& a, const Point& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    covered.erase(std::unique(covered.begin(), covered.end()), covered.end());
    return covered;
}

std::vector<Point> rectCells(Point a, Point b, int width, int height) {
    const int x0 = std::max(0, std::min(a.x, b.x)), x1 = std::min(width - 1, std::max(a.x, b.x));
    const int y0 = std::max(0, std::min(a.y, b.y)), y1 = std::min(height - 1, std::max(a.y, b.y));
    std::vector<Point> cells;
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) cells.push_back({x, y});
    return cells;
}

std::vector<Point> sameTileArea(const TileGrid& tiles, Point start, std::size_t limit) {
    std::vector<Point> cells;
    if (!tiles.contains(start.x, start.y) || limit == 0) return cells;
    const Tile target = tiles(start.x, start.y);
    Grid<std::uint8_t> seen(tiles.width(), tiles.height(), 0);
    seen(start.x, start.y) = 1;
    cells.push_back(start);
    // The result doubles as the queue.
    for (std::size_t head = 0; head < cells.size() && cells.size() < limit; ++head) {
        const Point p = cells[head];
        for (const Point d : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}}) {
            const int x = p.x + d.x, y = p.y + d.y;
            if (!tiles.contains(x, y) || seen(x, y) || tiles(x, y) != target) continue;
            seen(x, y) = 1;
            cells.push_back({x, y});
            if (cells.size() >= limit) break;
        }
    }
    return cells;
}

} // namespace burrow
