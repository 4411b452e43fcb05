#include "project/prefab_uses.h"

#include <algorithm>

#include "content/population_rules.h"

namespace burrow {
namespace {

// Calls `named(key, id)` for each parameter of the stage of type `what` (a prefab, a
// room graph), with the id it names.
template <typename Named>
void forEachParam(const StageEntry& stage, ParamType what, const StageCatalog& catalog, Named named) {
    if (const StageType* type = catalog.find(stage.type))
        for (const ParamSpec& spec : type->params)
            if (spec.type == what && stage.params.has(spec.key)) named(spec.key, stage.params.choice(spec.key));
}

bool roomIsPrefab(const RoomNode& room, const std::string& id) {
    return std::any_of(room.templates.begin(), room.templates.end(),
                       [&](const RoomTemplate& t) { return t.shape == RoomTemplate::Shape::Prefab && t.prefab == id; });
}

// The prefabs the stages grow the level from: those a parameter names (a sample), and
// the rooms' of the room graphs a parameter names.
std::vector<std::string> prefabsGrownFrom(const Project& project, const StageCatalog& catalog) {
    std::vector<std::string> ids;
    for (const StageEntry& stage : project.recipe.stages) {
        forEachParam(stage, ParamType::Prefab, catalog, [&](const std::string&, const std::string& id) { ids.push_back(id); });
        forEachParam(stage, ParamType::RoomGraph, catalog, [&](const std::string&, const std::string& graphId) {
            for (const RoomGraph& graph : project.roomGraphs)
                if (graph.id == graphId)
                    for (const RoomNode& room : graph.nodes)
                        for (const RoomTemplate& t : room.templates)
                            if (t.shape == RoomTemplate::Shape::Prefab) ids.push_back(t.prefab);
        });
    }
    return ids;
}

} // namespace

std::vector<std::string> prefabUses(const Project& project, const std::string& id, const StageCatalog& catalog) {
    std::vector<std::string> uses;
    for (const StageEntry& stage : project.recipe.stages) {
        forEachParam(stage, ParamType::Prefab, catalog, [&](std::string what, const std::string& named) {
            if (named != id) return;
            std::replace(what.begin(), what.end(), '_', ' '); // "sample": the parameter's name, in words
            uses.push_back("the " + what + " of stage " + stage.name);
        });
        if (!stage.rules) continue;
        for (const PopulationGroup& g : stage.rules->groups)
            if (g.kind == PopulationGroup::Kind::Prefabs &&
                std::any_of(g.prefabs.begin(), g.prefabs.end(), [&](const Prefab& p) { return p.id == id; }))
                uses.push_back("prefab group " + g.name + " of stage " + stage.name);
    }
    // Every graph of the project, laid out or not: reading the project checks each
    // room's prefab is there.
    for (const RoomGraph& graph : project.roomGraphs)
        for (const RoomNode& room : graph.nodes)
            if (roomIsPrefab(room, id)) uses.push_back("the shape of room " + room.id + " of room graph " + graph.id);
    return uses;
}

bool stagesGrowFromChanged(const Project& project, const ProjectPrefabs& before, const ProjectPrefabs& after, const StageCatalog& catalog) {
    const std::vector<std::string> ids = prefabsGrownFrom(project, catalog);
    return std::any_of(ids.begin(), ids.end(), [&](const std::string& id) {
        const Prefab* was = before.find(id);
        const Prefab* is = after.find(id);
        return !was || !is ? was != is : !(*was == *is);
    });
}

} // namespace burrow
