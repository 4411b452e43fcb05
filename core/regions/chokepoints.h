#pragma once
// Chokepoints: the cells every walk between two cells of a depth passes through,
// where a locked door shuts the way (the locks_and_keys stage's extra locks).
#include <vector>

#include "model/connectivity.h"
#include "model/level.h"

namespace burrow {

// The cells, other than `from` and `to`, that every walk from `from` to `to` passes,
// in the order a walk meets them; none when `to` cannot be reached. Linear in the
// area: one search for a shortest walk, then one flood of the cells off it, each
// part of which bridges the walk between the first and last of its cells it touches;
// a cell of the walk that no part bridges is a chokepoint.
std::vector<Point> chokepoints(const TileGrid& tiles, const TileKinds& kinds, Connectivity movement, Point from, Point to);

} // namespace burrow
