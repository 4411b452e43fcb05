#pragma once
// Heatmaps: a number for every cell, for the editor to lay over the map. Steps from
// the start or to the nearest creature (walks across depths by stairs:
// regions/reachability's distanceMap), how deep into a dead end a cell lies
// (analysis/dead_ends), and how many of K bot games passed or died on a cell
// (analysis/bot_trails).
#include <string_view>

#include "analysis/bot_trails.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "regions/reachability.h"

namespace burrow {

enum class Heatmap { None, FromStart, ToCreatures, DeadEndDepth, BotVisits, BotDeaths };

// "Distance from the start (steps)", for menus and the legend.
std::string_view heatmapName(Heatmap kind);
// Whether working it out plays games (seconds on a big level), so the editor does it
// off the UI thread; the others are a walk of the level.
bool heatmapPlaysGames(Heatmap kind);

// A value for every cell of every depth; -1 where it has none (cannot be walked to,
// not in a dead end, no game went there; everywhere when there is nothing to walk
// from: no start, no creature). Bot heatmaps play `bot`'s games; `bot.cancel`
// also stops a distance heatmap (its values then part done).
DistanceMap heatmapValues(const Level& level, Heatmap kind, Connectivity movement, const BotGameOptions& bot = {});

} // namespace burrow
