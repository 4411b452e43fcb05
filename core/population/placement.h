#pragma once
// Finding a free place for one thing: a footprint of x by y walkable, unoccupied
// cells inside an area, chosen at random among all that fit, never on or (for
// things that block movement) beside a door or stairs, and never cutting the
// area's walkable cells apart.
#include <optional>
#include <string>
#include <vector>

#include "model/connectivity.h"
#include "model/level.h"
#include "population/scope_areas.h"
#include "random/rng.h"

namespace burrow {

// Cells already taken by placed things, per depth.
class Occupancy {
public:
    explicit Occupancy(const LevelSize& size);
    bool taken(int x, int y, int z) const { return grids_[static_cast<std::size_t>(z)](x, y) != 0; }
    void take(int x, int y, int z) { grids_[static_cast<std::size_t>(z)](x, y) = 1; }

private:
    std::vector<Grid<std::uint8_t>> grids_;
};

struct Spot {
    Cell at; // the footprint's top-left cell
};

struct SpotSearch {
    std::optional<Spot> spot;
    std::string whyNot; // when there is no spot: "no free 3x1 area", ...
};

// A random free spot for a w x h footprint in `area`. `blocking`: the footprint
// will stop movement (obstacles), so it must keep clear of doors and stairs and
// must not split the walkable cells around it. Bounded: a few candidates are
// tried for the connectivity check, then the search gives up with a reason.
SpotSearch findSpot(const Level& level, const Occupancy& occupancy, const ScopeArea& area, int w, int h, bool blocking,
                    Connectivity movement, Rng& rng);

// How many candidates the connectivity check may reject before the search gives up.
inline constexpr int kSpotAttempts = 24;

// The free one-cell spots of an area for things that do not block (creatures,
// items), in the order findSpot() scans them, kept up to date as things are placed:
// the area is scanned once, then each placement costs O(log n) (a bit per cell and
// a Fenwick tree over 64-cell words), where a scan per thing made 2,000 enemies in a
// 1000 x 1000 cave take over a minute. Drawing index rng.below(size()) picks exactly
// the spot findSpot() would.
class FreeSpots {
public:
    FreeSpots() = default;
    FreeSpots(const Level& level, const Occupancy& occupancy, const ScopeArea& area);
    std::size_t size() const { return free_; }
    // The k-th free spot in scan order; k < size().
    Cell at(std::size_t k) const;
    // The spot is no longer free (a thing was placed there).
    void take(const Cell& c);

private:
    struct Part {
        std::size_t first = 0; // its cells' first bit
        Rect bounds;
        int depth = 0;
    };
    void add(std::size_t word, int delta);

    std::vector<Part> parts_;
    std::vector<std::uint64_t> bits_;
    std::vector<std::int32_t> tree_; // 1-based Fenwick tree of free spots per word
    std::size_t free_ = 0;
};

} // namespace burrow
