#pragma once
// The places a population group fills: one ScopeArea per room, hallway, cave,
// depth... each a set of walkable cells on one or more depths.
#include <string>
#include <vector>

#include "model/cell_mask.h"
#include "model/connectivity.h"
#include "model/level.h"
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
std::vector<ScopeArea> scopeAreas(const Level& level, Scope scope, Connectivity movement);

} // namespace burrow
