#pragma once
// Heatmaps: a number for every cell, for the editor to lay over the map. Each is a
// walk across depths by stairs (regions/reachability's distanceMap): steps from the
// start, or steps to the nearest creature (how soon a player there meets one).
#include <string_view>

#include "model/connectivity.h"
#include "model/level.h"
#include "regions/reachability.h"

namespace burrow {

enum class Heatmap { None, FromStart, ToCreatures };

// "Distance from the start (steps)", for menus and the legend.
std::string_view heatmapName(Heatmap kind);
// Steps for every cell of every depth; -1 where none can be walked to (and everywhere
// when there is nothing to walk from: no start, no creature).
DistanceMap heatmapDistances(const Level& level, Heatmap kind, Connectivity movement);

} // namespace burrow
