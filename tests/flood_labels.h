#pragma once
// Regions the obvious way, for tests to check the fast labelling and counting
// against: a breadth-first flood fill from each unlabelled walkable cell.
#include <deque>

#include "model/connectivity.h"
#include "model/grid.h"
#include "model/level.h"
#include "model/tile.h"

namespace burrow::test {

// Flood fill, the obvious way: component ids in order of first cell.
inline Grid<int> floodLabels(const TileGrid& tiles, Connectivity c) {
    Grid<int> labels(tiles.width(), tiles.height(), 0);
    int next = 0;
    for (int y = 0; y < tiles.height(); ++y)
        for (int x = 0; x < tiles.width(); ++x) {
            if (!isWalkable(tiles(x, y)) || labels(x, y)) continue;
            labels(x, y) = ++next;
            std::deque<Point> queue{{x, y}};
            while (!queue.empty()) {
                const Point p = queue.front();
                queue.pop_front();
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        if ((dx == 0 && dy == 0) || (c == Connectivity::Four && dx != 0 && dy != 0)) continue;
                        const int nx = p.x + dx, ny = p.y + dy;
                        if (tiles.contains(nx, ny) && isWalkable(tiles(nx, ny)) && !labels(nx, ny)) {
                            labels(nx, ny) = next;
                            queue.push_back({nx, ny});
                        }
                    }
            }
        }
    return labels;
}

} // namespace burrow::test
