#include "regions/chokepoints.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "model/directions.h"

namespace burrow {

namespace {

// The depth's walkable cells as bytes with a border of rock, so a step is an index
// offset and never needs a bounds test.
struct PaddedDepth {
    std::uint32_t stride;
    std::vector<std::uint8_t> open;
    std::vector<std::int32_t> offsets;

    PaddedDepth(const TileGrid& tiles, const TileKinds& kinds, int steps)
        : stride(static_cast<std::uint32_t>(tiles.width() + 2)), open(static_cast<std::size_t>(stride) * static_cast<std::size_t>(tiles.height() + 2), 0) {
        for (int y = 0; y < tiles.height(); ++y) {
            const Tile* row = tiles.row(y);
            std::uint8_t* out = open.data() + index({0, y});
            for (int x = 0; x < tiles.width(); ++x) out[x] = kinds.walkable(row[x]) ? 1 : 0;
        }
        for (int d = 0; d < steps; ++d) offsets.push_back(kSteps[static_cast<std::size_t>(d)].y * static_cast<std::int32_t>(stride) + kSteps[static_cast<std::size_t>(d)].x);
    }
    std::uint32_t index(Point p) const { return static_cast<std::uint32_t>(p.y + 1) * stride + static_cast<std::uint32_t>(p.x + 1); }
    Point point(std::uint32_t i) const { return {static_cast<int>(i % stride) - 1, static_cast<int>(i / stride) - 1}; }
};

// A shortest walk from `from` to `to` (both included), as indices, or none.
std::vector<std::uint32_t> shortestWalk(const PaddedDepth& depth, std::uint32_t from, std::uint32_t to) {
    // The step that reached a cell, 8 at the start; -1 open and not yet reached, -2
    // rock (one load a neighbour tells both).
    std::vector<std::int8_t> came(depth.open.size());
    std::size_t openCells = 0;
    for (std::size_t i = 0; i < came.size(); ++i) {
        came[i] = depth.open[i] ? -1 : -2;
        openCells += depth.open[i];
    }
    std::vector<std::uint32_t> queue;
    queue.reserve(openCells);
    queue.push_back(from);
    came[from] = 8;
    const int steps = static_cast<int>(depth.offsets.size());
    for (std::size_t head = 0; head < queue.size() && came[to] < 0; ++head) {
        const std::uint32_t p = queue[head];
        for (int d = 0; d < steps; ++d) {
            const std::uint32_t n = p + static_cast<std::uint32_t>(depth.offsets[static_cast<std::size_t>(d)]);
            if (came[n] != -1) continue;
            came[n] = static_cast<std::int8_t>(d);
            queue.push_back(n);
        }
    }
    std::vector<std::uint32_t> walk;
    if (came[to] < 0) return walk;
    for (std::uint32_t p = to; came[p] != 8; p -= static_cast<std::uint32_t>(depth.offsets[static_cast<std::size_t>(came[p])])) walk.push_back(p);
    walk.push_back(from);
    std::reverse(walk.begin(), walk.end());
    return walk;
}

} // namespace

std::vector<Point> chokepoints(const TileGrid& tiles, const TileKinds& kinds, Connectivity movement, Point from, Point to) {
    if (!tiles.contains(from.x, from.y) || !tiles.contains(to.x, to.y) || !kinds.walkable(tiles(from.x, from.y)) || from == to) return {};
    const PaddedDepth depth(tiles, kinds, stepCount(movement));
    const std::vector<std::uint32_t> walk = shortestWalk(depth, depth.index(from), depth.index(to));
    if (walk.size() < 3) return {};
    // -1: open, not yet seen; -2: off the walk, flooded; -3: rock; i >= 0: the walk's i-th cell.
    std::vector<std::int32_t> mark(depth.open.size());
    for (std::size_t i = 0; i < mark.size(); ++i) mark[i] = depth.open[i] ? -1 : -3;
    for (std::size_t i = 0; i < walk.size(); ++i) mark[walk[i]] = static_cast<std::int32_t>(i);
    // bridged[i] > 0: some part off the walk joins a cell before i to one after it.
    std::vector<int> bridged(walk.size() + 1, 0);
    std::vector<std::uint32_t> queue;
    queue.reserve(4096);
    for (const std::uint32_t w : walk)
        for (const std::int32_t step : depth.offsets) {
            const std::uint32_t s = w + static_cast<std::uint32_t>(step);
            if (mark[s] != -1) continue;
            // A new part off the walk: flood it, noting the first and last walk cells it touches.
            int first = std::numeric_limits<int>::max(), last = -1;
            queue.assign(1, s);
            mark[s] = -2;
            for (std::size_t head = 0; head < queue.size(); ++head) {
                const std::uint32_t p = queue[head];
                for (const std::int32_t e : depth.offsets) {
                    const std::uint32_t n = p + static_cast<std::uint32_t>(e);
                    const std::int32_t m = mark[n];
                    if (m >= 0) {
                        first = std::min(first, m);
                        last = std::max(last, m);
                    } else if (m == -1) {
                        mark[n] = -2;
                        queue.push_back(n);
                    }
                }
            }
            if (last > first + 1) { // every walk cell strictly between is bypassed
                ++bridged[static_cast<std::size_t>(first + 1)];
                --bridged[static_cast<std::size_t>(last)];
            }
        }
    // A shortest walk has no shortcut between its own cells (one would make it
    // shorter), so the parts off it are the only bypasses.
    std::vector<Point> cut;
    int open = 0;
    for (std::size_t i = 0; i + 1 < walk.size(); ++i) {
        open += bridged[i];
        if (i > 0 && open == 0) cut.push_back(depth.point(walk[i]));
    }
    return cut;
}

} // namespace burrow
