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

} // namespace burrow
