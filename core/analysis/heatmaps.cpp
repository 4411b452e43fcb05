#include "analysis/heatmaps.h"

#include <vector>

#include "analysis/dead_ends.h"

namespace burrow {

std::string_view heatmapName(Heatmap kind) {
    switch (kind) {
    case Heatmap::None: return "None";
    case Heatmap::FromStart: return "Distance from the start (steps)";
    case Heatmap::ToCreatures: return "Distance to the nearest creature (steps)";
    case Heatmap::DeadEndDepth: return "Dead-end depth (steps from its mouth)";
    case Heatmap::BotVisits: return "Where the bot went (games of 20)";
    case Heatmap::BotDeaths: return "Where the bot died (games of 20)";
    }
    return "";
}

bool heatmapPlaysGames(Heatmap kind) { return kind == Heatmap::BotVisits || kind == Heatmap::BotDeaths; }

DistanceMap heatmapValues(const Level& level, Heatmap kind, Connectivity movement, const BotGameOptions& bot) {
    std::vector<Cell> sources;
    switch (kind) {
    case Heatmap::None: return DistanceMap(level.size());
    case Heatmap::DeadEndDepth: return deadEndDepths(level, movement);
    case Heatmap::BotVisits: return playBotGames(level, movement, bot).visits;
    case Heatmap::BotDeaths: return playBotGames(level, movement, bot).deaths;
    case Heatmap::FromStart:
        // The start the play-test and the metrics use.
        if (const auto start = defaultStart(level)) sources.push_back(*start);
        break;
    case Heatmap::ToCreatures:
        for (const Entity& e : level.entities) {
            const EntityTemplate* t = level.findTemplate(e.templateName);
            if (t && t->kind == EntityKind::Creature && level.contains(e.at.x, e.at.y, e.at.z)) sources.push_back(e.at);
        }
        break;
    }
    return distanceMap(level, sources, movement, bot.cancel);
}

} // namespace burrow
