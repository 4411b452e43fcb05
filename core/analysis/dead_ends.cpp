#include "analysis/dead_ends.h"

#include <array>
#include <cstdint>
#include <vector>

#include "model/directions.h"

namespace burrow {
namespace {


void depthOf(const TileGrid& tiles, const TileKinds& kinds, Connectivity movement, Grid<std::int32_t>& out) {
    const int w = tiles.width(), h = tiles.height();
    const int steps = movement == Connectivity::Eight ? 8 : 4;
    const auto index = [w](int x, int y) { return static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x); };
    const auto open = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h && kinds.walkable(tiles(x, y)); };
    // Walkable neighbours each cell has left; 0xff: rock, or taken away as a dead end.
    constexpr std::uint8_t kGone = 0xff;
    std::vector<std::uint8_t> left(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), kGone);
    std::vector<std::uint32_t> tips;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (!open(x, y)) continue;
            std::uint8_t n = 0;
            for (int s = 0; s < steps; ++s) n += open(x + kSteps[s].x, y + kSteps[s].y);
            left[index(x, y)] = n;
            if (n == 1 && !isPassage(tiles(x, y))) tips.push_back(static_cast<std::uint32_t>(index(x, y)));
        }
    // Taking tips away, in the order they became tips.
    std::vector<std::uint32_t> taken;
    for (std::size_t i = 0; i < tips.size(); ++i) {
        const std::uint32_t cell = tips[i];
        if (left[cell] != 1) continue; // its partner went first: it is the mouth of a loopless passage
        left[cell] = kGone;
        taken.push_back(cell);
        const int x = static_cast<int>(cell % static_cast<std::uint32_t>(w)), y = static_cast<int>(cell / static_cast<std::uint32_t>(w));
        for (int s = 0; s < steps; ++s) {
            const int nx = x + kSteps[s].x, ny = y + kSteps[s].y;
            if (!open(nx, ny) || left[index(nx, ny)] == kGone) continue;
            if (--left[index(nx, ny)] == 1 && !isPassage(tiles(nx, ny))) tips.push_back(static_cast<std::uint32_t>(index(nx, ny)));
        }
    }
    // Steps from what remains back into what was taken: breadth-first, one ring at a time.
    std::vector<std::uint32_t> ring, next;
    for (std::uint32_t cell : taken) {
        const int x = static_cast<int>(cell % static_cast<std::uint32_t>(w)), y = static_cast<int>(cell / static_cast<std::uint32_t>(w));
        for (int s = 0; s < steps; ++s) {
            const int nx = x + kSteps[s].x, ny = y + kSteps[s].y;
            if (open(nx, ny) && left[index(nx, ny)] != kGone) {
                out(x, y) = 1;
                ring.push_back(cell);
                break;
            }
        }
    }
    for (std::int32_t d = 2; !ring.empty(); ++d, ring.swap(next)) {
        next.clear();
        for (std::uint32_t cell : ring) {
            const int x = static_cast<int>(cell % static_cast<std::uint32_t>(w)), y = static_cast<int>(cell / static_cast<std::uint32_t>(w));
            for (int s = 0; s < steps; ++s) {
                const int nx = x + kSteps[s].x, ny = y + kSteps[s].y;
                if (!open(nx, ny) || left[index(nx, ny)] != kGone || out(nx, ny) >= 0) continue;
                out(nx, ny) = d;
                next.push_back(static_cast<std::uint32_t>(index(nx, ny)));
            }
        }
    }
}

} // namespace

DistanceMap deadEndDepths(const Level& level, Connectivity movement) {
    DistanceMap depths(level.size());
    for (int z = 0; z < level.depthCount(); ++z) depthOf(level.tiles(z), level.kinds, movement, depths.depth(z));
    return depths;
}

} // namespace burrow
