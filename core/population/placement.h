#pragma once
// Finding a free place for one thing: a footprint of w by h walkable, unoccupied
// cells inside an area, chosen at random among all that fit, never on or (for
// things that block movement) beside a door or stairs, and never cutting the
// walkable cells around it apart.
#include <optional>
#include <string>
#include <vector>

#include "model/cell_mask.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "population/scope_areas.h"
#include "random/rng.h"

namespace burrow {

// Cells already taken by placed things, per depth.
class Occupancy {
public:
    explicit Occupancy(const LevelSize& size);
    bool taken(int x, int y, int z) const { return grids_[static_cast<std::size_t>(z)](x, y); }
    void take(int x, int y, int z) { grids_[static_cast<std::size_t>(z)].set(x, y); }

private:
    std::vector<CellMask> grids_; // a bit a cell: an eighth of the level's own size
};

// Every spot where a w x h footprint fits in an area, in scan order (part by part,
// row by row), kept up to date as things are placed. Built in one pass over the
// area whatever the footprint's size (runs of free cells per row, then per column);
// each placement clears only the spots its footprint touches, and drawing the k-th
// spot costs O(log n) (a bit per spot, a Fenwick tree over 64-spot words). A scan
// per thing made 2,000 enemies in a 1000 x 1000 cave take over a minute and 10,000
// obstacles on 4096 x 4096 would have taken days.
class FreeSpots {
public:
    FreeSpots() = default;
    // `blocking`: the footprint will stop movement, so it also keeps clear of the
    // cells beside doors, stairs and exits.
    FreeSpots(const Level& level, const Occupancy& occupancy, const ScopeArea& area, int w, int h, bool blocking);
    int width() const { return w_; }
    int height() const { return h_; }
    bool blocking() const { return blocking_; }
    std::size_t size() const { return free_; }
    // The k-th spot's top-left cell; k < size().
    Cell at(std::size_t k) const;
    // A footprint was placed over `r` on depth z: no spot overlapping it fits any
    // more, and when its tiles are passages (doors, stairs, an exit) no blocking
    // spot beside it either.
    void placed(const Rect& r, int z, bool passage);

private:
    struct Part {
        std::size_t first = 0; // its spots' first bit
        Rect bounds;
        int depth = 0;
    };
    void add(std::size_t word, int delta);
    void clear(const Part& part, int x0, int y0, int x1, int y1); // top-left cells, inclusive

    int w_ = 1, h_ = 1;
    bool blocking_ = false;
    std::vector<Part> parts_;
    std::vector<std::uint64_t> bits_;
    std::vector<std::int32_t> tree_; // 1-based Fenwick tree of spots per word
    std::size_t free_ = 0;
};

struct Spot {
    Cell at; // the footprint's top-left cell
};

struct SpotSearch {
    std::optional<Spot> spot;
    std::string whyNot; // when there is no spot: "no free 3x1 area", ...
};

// A random spot from `spots`, uniform among all that fit. A blocking footprint must
// also keep the walkable cells around it joined by a way around that stays within
// kDetour cells of it (and, for a room, inside the room and its doorways): a check
// of the neighbourhood only, so its cost does not grow with the level. Bounded: at
// most kSpotAttempts spots are checked, then the search gives up with a reason.
SpotSearch findSpot(const Level& level, const ScopeArea& area, const FreeSpots& spots, Connectivity movement, Rng& rng);

// How many candidates the connectivity check may reject before the search gives up.
inline constexpr int kSpotAttempts = 24;
// How far around a blocking footprint the way around it may go.
inline constexpr int kDetour = 8;

} // namespace burrow
