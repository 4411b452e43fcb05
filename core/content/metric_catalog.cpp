#include "content/metric_catalog.h"

namespace burrow {

const char* metricCostId(MetricCost cost) {
    switch (cost) {
    case MetricCost::Cheap: return "cheap";
    case MetricCost::Search: return "search";
    case MetricCost::BotGames: return "bot";
    }
    return "cheap";
}

const std::vector<MetricInfo>& metricCatalog() {
    using C = MetricCost;
    static const std::vector<MetricInfo> catalog = {
        {"floor_share", "Floor share", "share", "Walkable cells / all cells.", C::Cheap, true, false},
        {"regions", "Regions", "count", "Groups of walkable cells joined by the project's movement rule (4 or 8 directions).", C::Cheap, true, false},
        {"largest_region_share", "Largest region share", "share",
         "The largest region's cells / walkable cells (for the level: the largest region of any depth / all walkable cells).", C::Cheap, true, false},
        {"stairs_pairs", "Stairs pairs", "count", "Stairs leading down from a depth to the next (for the level: all of them).", C::Cheap, true, false},
        {"rooms", "Rooms", "count", "Rooms the generators recorded.", C::Cheap, true, false},
        {"hallways", "Hallways", "count", "Hallways the generators recorded.", C::Cheap, true, false},
        {"corridor_share", "Corridor share", "share", "Walkable cells inside a hallway and outside every room / walkable cells.", C::Cheap, true, false},
        {"dead_ends", "Dead ends", "cells", "Walkable cells with exactly one walkable neighbour (by the movement rule).", C::Cheap, true, false},
        {"loops", "Loops", "count",
         "Independent cycles a player can walk around: islands of rock the walkable area encircles (the cyclomatic number of the "
         "4-neighbour walkable graph, less its open 2 x 2 squares).",
         C::Cheap, true, false},
        {"creatures", "Creatures", "count", "Placed things whose template is a creature.", C::Cheap, true, false},
        {"items", "Items", "count", "Placed things whose template is an item.", C::Cheap, true, false},
        {"items_per_room", "Items per room", "count", "Items standing inside a room / rooms (0 with no rooms).", C::Cheap, true, false},
        {"locks", "Locks", "count", "Locks with a locked door (a lock's doors all open to its key).", C::Cheap, true, false},
        {"reachable_share", "Reachable share", "share",
         "Walkable cells the start reaches (walking, and taking stairs both ways) / walkable cells. A locked door counts as open "
         "when its key can be reached without passing it, as wall otherwise.",
         C::Search, true, false},
        {"longest_path", "Longest walk", "steps", "Steps from the start to the farthest cell it reaches.", C::Search, true, false},
        {"start_to_exit", "Start to exit", "steps", "Steps from the start to the exit marker, across depths; none without a reachable exit.", C::Search,
         false, true},
        {"critical_path", "Critical path", "steps",
         "Steps from the start to the exit fetching keys on the way: to the exit when it can be reached, else to the nearest key "
         "not yet held, and again. The same as start_to_exit on a level without locks; none without a reachable exit.",
         C::Search, false, true},
        {"start_to_deepest", "Start to the deepest depth", "steps",
         "Steps from the start to the nearest cell of the last depth; none when it cannot be reached.", C::Search, false, true},
        {"enemies_near_start", "Enemies near the start", "count", "Creatures standing within 10 steps of the start.", C::Search, false, false},
        {"warnings", "Warnings", "count",
         "What the stages and the hand edits could not do as asked for this level (a group placed short, stairs painted over); "
         "none when the level was measured without being made.",
         C::Cheap, false, true},
        {"bot_win_rate", "Bot win rate", "share", "Games the bot won / games played (opt-in: bot games).", C::BotGames, false, false},
        {"bot_median_turns", "Bot turns (median)", "turns", "The median number of turns of the bot's games.", C::BotGames, false, false},
        {"bot_damage_taken", "Bot damage taken (median)", "HP", "The median damage the bot took in a game.", C::BotGames, false, false},
    };
    return catalog;
}

std::optional<std::size_t> metricIndex(std::string_view id) {
    const auto& catalog = metricCatalog();
    for (std::size_t i = 0; i < catalog.size(); ++i)
        if (catalog[i].id == id) return i;
    return std::nullopt;
}

std::string metricIds() {
    std::string ids;
    for (const MetricInfo& m : metricCatalog()) ids += (ids.empty() ? "" : ", ") + m.id;
    return ids;
}

} // namespace burrow
