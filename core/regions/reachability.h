#pragma once
// Where a player can walk from a start: within a depth by the movement rule, and
// between depths by taking stairs (down from '>' to the cell below, up from '<').
#include <atomic>
#include <optional>
#include <span>
#include <vector>

#include "model/connectivity.h"
#include "model/grid.h"
#include "model/level.h"

namespace burrow {

// Steps from the nearest source for every cell of every depth; -1 where no source
// can walk to. For metrics, AI and population.
class DistanceMap {
public:
    DistanceMap() = default;
    explicit DistanceMap(LevelSize size);
    std::int32_t at(int x, int y, int z) const { return depths_[static_cast<std::size_t>(z)](x, y); }
    std::int32_t& at(int x, int y, int z) { return depths_[static_cast<std::size_t>(z)](x, y); }
    const Grid<std::int32_t>& depth(int z) const { return depths_.at(static_cast<std::size_t>(z)); }
    Grid<std::int32_t>& depth(int z) { return depths_.at(static_cast<std::size_t>(z)); }
    int depthCount() const { return static_cast<int>(depths_.size()); }

private:
    std::vector<Grid<std::int32_t>> depths_;
};

// Breadth-first from every source at once. Diagonal steps (8) need only the target
// cell to be walkable. Sources that are not walkable are ignored. When `cancel` is
// set it is checked between steps of distance, and the walk stops (its map left part
// done) once it is true: the editor's heatmap of a level already replaced.
DistanceMap distanceMap(const Level& level, std::span<const Cell> sources, Connectivity moves, const std::atomic<bool>* cancel = nullptr);

// The walkable cell of `near`'s depth closest to it (in rings of growing
// Chebyshev distance, row by row within a ring), or nothing on a depth with none.
std::optional<Cell> nearestWalkable(const Level& level, Cell near);

// The "start" marker, else the first walkable cell of the first depth that has one.
std::optional<Cell> defaultStart(const Level& level);

struct UnreachableRegion {
    int depth = 0;
    int label = 0;   // as labelRegions numbers it with the movement rule
    int size = 0;
    Point representative;
};

struct ReachabilityReport {
    std::optional<Cell> start;
    std::vector<int> walkable;  // per depth
    std::vector<int> reachable; // per depth
    std::vector<UnreachableRegion> unreachable;
};

// Which walkable cells the start can reach. Every cell of a region reaches every
// other, so this searches the graph of regions (joined where stairs lead from one
// to another, in the direction the stairs go) rather than the cells: its cost is
// the labelling, not a walk over every cell. Distances: distanceMap().
ReachabilityReport reachability(const Level& level, Connectivity moves, std::optional<Cell> start = std::nullopt);

} // namespace burrow
