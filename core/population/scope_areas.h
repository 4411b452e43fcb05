#pragma once
// The places a population group fills: one ScopeArea per room, hallway, cave,
// depth... each a set of walkable cells on one or more depths.
#include <string>
#include <vector>

#include "model/cell_mask.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "regions/region_map.h"
#include "content/population_rules.h"

namespace burrow {

// Walkable cells of one depth inside `bounds`, as a mask over the bounds.
struct AreaPart {
    int depth = 0;
    Rect bounds;
    CellMask inside; // bounds.width x bounds.height; set where the area has the cell
    bool contains(int x, int y) const { return bounds.contains(x, y) && inside(x - bounds.x, y - bounds.y); }
};

struct ScopeArea {
    std::string label;      // "room 4", "cave 2 of depth 1", "depth 3", "the level"
    int roomArea = -1;      // the Area id when the scope is a room or hallway
    std::vector<AreaPart> parts;
};

// The areas of `scope` in `level` as it is now. Rooms and hallways come from the
// areas the generators recorded; caves are the regions labelled by `movement`;
// start and furthest room use walking distance from the level's start.
// `tag`: Scope::TaggedRoom's, the tag a room's node must carry.
std::vector<ScopeArea> scopeAreas(const Level& level, Scope scope, Connectivity movement, const std::string& tag = {});

// The same areas, one at a time, as a population group visits them. Caves are
// labelled a depth at a time when the walk reaches that depth, and each cave's
// cells are set only when it becomes current: a 64-depth level never holds every
// cave's mask at once (on 4096 x 4096 x 64 those took a third of the level's size).
// Placing things only changes the depth they are placed on, so a depth labelled
// when the walk reaches it is the depth as it was when the walk began: the areas,
// their order and their cells are those scopeAreas() gives.
class ScopeAreaWalk {
public:
    ScopeAreaWalk() = default;
    ScopeAreaWalk(const Level& level, Scope scope, Connectivity movement, const std::string& tag = {});
    // The area being visited; nullptr once every area has been.
    const ScopeArea* current() const { return done_ ? nullptr : caves_ ? &cave_ : &areas_[index_]; }
    void next(const Level& level);

private:
    void nextCave(const Level& level);

    std::vector<ScopeArea> areas_; // every scope but caves: all of them, made up front
    std::size_t index_ = 0;
    bool done_ = true;
    bool caves_ = false;
    Connectivity movement_ = Connectivity::Eight;
    int depth_ = -1;               // caves: the depth labelled
    RegionRuns regions_;           // its caves
    LabelScratch scratch_;
    RegionRuns::ByRegion byRegion_;
    std::size_t region_ = 0;       // the next cave of it
    ScopeArea cave_;
};

} // namespace burrow
