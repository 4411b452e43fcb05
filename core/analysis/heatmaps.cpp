#include "analysis/heatmaps.h"

#include <vector>

namespace burrow {

std::string_view heatmapName(Heatmap kind) {
    switch (kind) {
    case Heatmap::None: return "None";
    case Heatmap::FromStart: return "Distance from the start (steps)";
    case Heatmap::ToCreatures: return "Distance to the nearest creature (steps)";
    }
    return "";
}

DistanceMap heatmapDistances(const Level& level, Heatmap kind, Connectivity movement) {
    std::vector<Cell> sources;
    if (kind == Heatmap::FromStart) {
        // The start the play-test and the metrics use.
        if (const auto start = defaultStart(level)) sources.push_back(*start);
    } else if (kind == Heatmap::ToCreatures) {
        for (const Entity& e : level.entities) {
            const EntityTemplate* t = level.findTemplate(e.templateName);
            if (t && t->kind == EntityKind::Creature && level.contains(e.at.x, e.at.y, e.at.z)) sources.push_back(e.at);
        }
    }
    return distanceMap(level, sources, movement);
}

} // namespace burrow
