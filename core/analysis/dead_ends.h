#pragma once
// How deep into a dead end each cell lies: the cells of passages that lead nowhere,
// numbered by the steps from where the passage leaves the rest of the level (1 at
// its mouth, most at its tip). What the "dead-end depth" heatmap shows.
#include "model/connectivity.h"
#include "model/level.h"
#include "regions/reachability.h"

namespace burrow {

// A dead end is found as the dead_ends metric finds its tips (a walkable cell with
// exactly one walkable neighbour by `movement`), then followed back: a tip is taken
// away, and a neighbour left with one walkable neighbour becomes a tip, until what
// remains has no tips. Stairs, doors and the exit are never taken away (a stair
// leads on to another depth). A passage with no way on at either end (a tree with no
// loop) keeps its last cell as its mouth. Cells not in a dead end are -1.
// Linear in the level's area.
DistanceMap deadEndDepths(const Level& level, Connectivity movement);

} // namespace burrow
