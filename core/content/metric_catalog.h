#pragma once
// Every metric Burrow measures, described once: its id (in project files, JSON and
// the command line), its name in a designer's words, its unit, what exactly it
// counts, and what it costs. analysis/measure.h computes them; `stats`, `explore`,
// acceptance rules and the editor all read this list, so they cannot disagree.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace burrow {

enum class MetricCost {
    Cheap,    // one pass over the level
    Search,   // walks from the start (a breadth-first search across depths)
    BotGames, // plays games with the bot: expensive, measured only when asked for
};
const char* metricCostId(MetricCost cost); // "cheap", "search", "bot"

struct MetricInfo {
    std::string id;         // "reachable_share"
    std::string name;       // "Reachable share"
    std::string unit;       // "share", "cells", "steps", "count", "turns", "HP"
    std::string definition; // what exactly is counted, one or two sentences
    MetricCost cost = MetricCost::Cheap;
    bool perDepth = false;  // also measured on each depth (the level's value is the total)
    bool canBeNone = false; // a level may have no value (no exit to walk to): null in JSON
};

// In the order reports list them. Ids never change once published.
const std::vector<MetricInfo>& metricCatalog();
// The metric's index in metricCatalog(), or nothing for an unknown id.
std::optional<std::size_t> metricIndex(std::string_view id);
// "floor_share, regions, ..." for error messages.
std::string metricIds();

// How many steps from the start count as "near" for enemies_near_start.
inline constexpr int kNearStartSteps = 10;

} // namespace burrow
