#pragma once
// The regions of one depth kept up to date while cells only open — what drone
// mining, rooms and hallways and the room grid do step after step — so a watch on
// "the number of regions changes" or "these two cells are connected" pays for the
// cells a step opened, not for the level's area.
//
// A union-find over the depth's cells (5 bytes a cell): an opened cell is a new
// region that merges with each walkable neighbour. Closing a cell can split a
// region, which a union-find cannot undo; whoever sees a cell close starts over
// with reset() (or counts afresh with countRegions()).
#include <cstdint>
#include <vector>

#include "model/connectivity.h"
#include "model/grid.h"
#include "model/level.h"

namespace burrow {

class GrowingRegions {
public:
    explicit GrowingRegions(Connectivity movement) : movement_(movement) {}

    // Starts over from `tiles`, walkable as `kinds` says (kept for open()): linear
    // in their area.
    void reset(const TileGrid& tiles, const TileKinds& kinds = builtInTileKinds());
    // Cell (x, y) of the tiles given to reset() has turned walkable. A cell already
    // known walkable, or not walkable in `tiles` now, is left alone.
    void open(const TileGrid& tiles, int x, int y);

    std::size_t count() const { return count_; }
    // Whether two walkable cells are in one region (false when either is not walkable).
    bool connected(int ax, int ay, int bx, int by);

private:
    static constexpr std::uint32_t kRock = UINT32_MAX;
    const TileKinds* kinds_ = &builtInTileKinds();
    std::uint32_t find(std::uint32_t cell);
    void unite(std::uint32_t a, std::uint32_t b);
    std::uint32_t link(std::uint32_t rootA, std::uint32_t rootB); // the new root
    std::uint32_t index(int x, int y) const { return static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(width_) + static_cast<std::uint32_t>(x); }

    Connectivity movement_;
    int width_ = 0, height_ = 0;
    std::vector<std::uint32_t> parent_; // kRock for cells not walkable
    std::vector<std::uint8_t> rank_;    // union by rank: trees stay O(log n) deep
    std::size_t count_ = 0;
};

} // namespace burrow
