#pragma once
// Finding a place for one prefab in an area and joining it to the area.
//
// On the floor, the prefab's rectangle goes on free walkable cells of the area, the
// same spots and the same "never cut the way around it" check as any blocking
// thing (population/placement.h). In the rock, its rectangle goes on rock cells
// near the area (no walkable cell, nothing placed), with an opening facing it. Either
// way each opening whose outside cell is not already walkable area is joined by a
// tunnel of at most `tunnel` cells, found by a search bounded by that length; a
// place where no opening can be joined is passed over. Every search is bounded, so
// a prefab that fits nowhere ends with a reason, never a hang.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "content/population_rules.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "population/placement.h"
#include "population/scope_areas.h"
#include "random/rng.h"

namespace burrow {

// How many places one prefab may try before the search gives up with its reason.
inline constexpr int kPrefabAttempts = 32;

// The distinct shapes a prefab takes under the turns and mirroring allowed.
std::vector<Prefab> prefabVariants(const Prefab& prefab, const std::vector<int>& quarterTurns, bool mirror);

// How far apart a group's prefabs stay: at least `gap` cells between any two (a
// footprint grown by the gap on every side overlaps none placed before on its
// depth). Footprints are kept in buckets of the level, so a test reads the few
// around it, not every prefab placed.
class PrefabSpacing {
public:
    explicit PrefabSpacing(int gap = 0) : gap_(gap) {}
    bool allows(const Rect& footprint, int z) const;
    void add(const Rect& footprint, int z);

private:
    static constexpr int kBucket = 32;
    static std::uint64_t key(int bx, int by, int z);
    int gap_;
    std::unordered_map<std::uint64_t, std::vector<Rect>> buckets_;
};

struct PrefabFit {
    const Prefab* variant = nullptr;
    Cell at;                  // its top-left cell
    std::vector<Cell> tunnel; // rock to dig so its openings reach the area
};

struct PrefabSearch {
    std::optional<PrefabFit> fit;
    std::string whyNot;
};

// The rock cells from which a tunnel of at most `tunnel` cells reaches the area, and
// the area's own cells (a tunnel of none): where a rock prefab's opening may face.
// One bounded search over the area's bounds widened by the tunnel length.
class RockFront {
public:
    RockFront(const Level& level, const ScopeArea& area, int tunnel);
    std::size_t size() const { return cells_.size(); }
    Cell at(std::size_t k) const { return cells_[k]; }

private:
    std::vector<Cell> cells_;
};

// Joins a placed prefab's openings to the area, a tunnel at a time: reuses one
// window of marks for every search so a search costs its window, not the level.
class TunnelDigger {
public:
    explicit TunnelDigger(int tunnel) : tunnel_(tunnel) {}
    // The cells to dig so that at least one opening of `variant` at `at` reaches a
    // walkable cell of `area` outside it (openings that cannot be joined are left);
    // nothing when none can. Tunnels never cross placed things or the level's edge.
    std::optional<std::vector<Cell>> join(const Level& level, const Occupancy& occupancy, const ScopeArea& area, const Prefab& variant, Cell at);

private:
    std::optional<std::vector<Cell>> path(const Level& level, const Occupancy& occupancy, const ScopeArea& area, const Rect& footprint, Cell from);

    int tunnel_;
    std::vector<std::int32_t> parent_; // over the window, -1 unseen
    std::vector<Point> queue_;
};

// On the floor: a free spot of the variant's size (from `spots`), apart from the
// group's others, joined.
PrefabSearch fitOnFloor(const Level& level, const ScopeArea& area, const FreeSpots& spots, const Occupancy& occupancy, Connectivity movement,
                        const Prefab& variant, const PrefabSpacing& spacing, TunnelDigger& digger, Rng& rng);
// In the rock: an opening of one of `variants` facing a cell of `front`, apart from
// the group's others, joined.
PrefabSearch fitInRock(const Level& level, const ScopeArea& area, const RockFront& front, const Occupancy& occupancy,
                       const std::vector<const Prefab*>& variants, const PrefabSpacing& spacing, TunnelDigger& digger, Rng& rng);

bool inArea(const ScopeArea& area, int x, int y, int z);

} // namespace burrow
