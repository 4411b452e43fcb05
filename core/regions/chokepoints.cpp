#include "regions/chokepoints.h"

#include <algorithm>
#include <cstdint>

#include "model/directions.h"
#include "regions/region_map.h"

namespace burrow {

namespace {

// The depth's walkable cells as bytes with a border of rock, so a step is an index
// offset and never needs a bounds test.
struct PaddedDepth {
    std::uint32_t stride;
    std::vector<std::uint8_t> open;
    std::vector<std::int32_t> offsets;
    std::size_t openCells = 0;

    PaddedDepth(const TileGrid& tiles, const TileKinds& kinds, int steps)
        : stride(static_cast<std::uint32_t>(tiles.width() + 2)), open(static_cast<std::size_t>(stride) * static_cast<std::size_t>(tiles.height() + 2), 0) {
        for (int y = 0; y < tiles.height(); ++y) {
            const Tile* row = tiles.row(y);
            std::uint8_t* out = open.data() + index({0, y});
            for (int x = 0; x < tiles.width(); ++x) {
                out[x] = kinds.walkable(row[x]) ? 1 : 0;
                openCells += out[x];
            }
        }
        for (int d = 0; d < steps; ++d) offsets.push_back(kSteps[static_cast<std::size_t>(d)].y * static_cast<std::int32_t>(stride) + kSteps[static_cast<std::size_t>(d)].x);
    }
    std::uint32_t index(Point p) const { return static_cast<std::uint32_t>(p.y + 1) * stride + static_cast<std::uint32_t>(p.x + 1); }
    Point point(std::uint32_t i) const { return {static_cast<int>(i % stride) - 1, static_cast<int>(i / stride) - 1}; }
};

// A breadth-first search from `from` until `to` is reached, over `Steps` steps
// (known when compiled, so the loop over them unrolls). came[] holds the step that
// reached a cell (8 at the start), kUnreached or kRock: one load a neighbour tells all.
template <std::size_t Steps>
void searchFrom(const PaddedDepth& depth, std::uint32_t from, std::uint32_t to, std::vector<std::int8_t>& came) {
    constexpr std::int8_t kUnreached = -1;
    std::int32_t offsets[Steps];
    std::copy_n(depth.offsets.begin(), Steps, offsets);
    // Room for every open cell and a step past them (see below).
    std::vector<std::uint32_t> queue(depth.openCells + Steps);
    std::size_t tail = 0;
    queue[tail++] = from;
    came[from] = 8;
    for (std::size_t head = 0; head < tail && came[to] < 0; ++head) {
        const std::uint32_t p = queue[head];
        for (std::size_t d = 0; d < Steps; ++d) {
            const std::uint32_t n = p + static_cast<std::uint32_t>(offsets[d]);
            // Without a branch: whether a neighbour is new is a coin toss, and a
            // mispredicted branch costs more than writing it at the queue's end.
            // (Written as a mask: GCC turns a conditional expression back into a branch.)
            const std::int8_t was = came[n];
            const std::uint32_t fresh = was == kUnreached ? 1u : 0u;
            const auto keep = static_cast<std::int8_t>(fresh - 1); // all ones unless fresh
            came[n] = static_cast<std::int8_t>((was & keep) | (static_cast<std::int8_t>(d) & ~keep));
            queue[tail] = n;
            tail += fresh;
        }
    }
}

// A shortest walk from `from` to `to` (both included), as indices, or none.
std::vector<std::uint32_t> shortestWalk(const PaddedDepth& depth, std::uint32_t from, std::uint32_t to) {
    constexpr std::int8_t kUnreached = -1, kRock = -2;
    std::vector<std::int8_t> came(depth.open.size());
    for (std::size_t i = 0; i < came.size(); ++i) came[i] = depth.open[i] ? kUnreached : kRock;
    if (depth.offsets.size() == 4) searchFrom<4>(depth, from, to, came);
    else searchFrom<8>(depth, from, to, came);
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
    // The parts off the walk: the open cells with the walk walled up, labelled in
    // two passes over rows (no search); each bridges the walk from the first to the
    // last of the walk's cells it touches.
    TileGrid offWalk = tiles;
    for (const std::uint32_t w : walk) {
        const Point p = depth.point(w);
        offWalk(p.x, p.y) = Tile::Wall;
    }
    const RegionRuns parts = labelRuns(offWalk, movement, kinds);
    // A part the walk never touches keeps first past the walk and last before it.
    std::vector<int> first(parts.regions.size() + 1, static_cast<int>(walk.size())), last(parts.regions.size() + 1, -1);
    for (std::size_t i = 0; i < walk.size(); ++i) {
        const Point p = depth.point(walk[i]);
        for (int d = 0; d < stepCount(movement); ++d) {
            const Point n{p.x + kSteps[static_cast<std::size_t>(d)].x, p.y + kSteps[static_cast<std::size_t>(d)].y};
            if (!offWalk.contains(n.x, n.y)) continue;
            const auto part = static_cast<std::size_t>(parts.labelAt(n.x, n.y));
            first[part] = std::min(first[part], static_cast<int>(i));
            last[part] = std::max(last[part], static_cast<int>(i));
        }
    }
    // bridged[i] > 0: some part off the walk joins a cell before i to one after it.
    std::vector<int> bridged(walk.size() + 1, 0);
    for (std::size_t part = 1; part < first.size(); ++part)
        if (last[part] > first[part] + 1) { // every walk cell strictly between is bypassed
            ++bridged[static_cast<std::size_t>(first[part] + 1)];
            --bridged[static_cast<std::size_t>(last[part])];
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
