#include "project/prefab_uses.h"

#include <algorithm>

#include "content/population_rules.h"

namespace burrow {
namespace {

// Calls `named(key, id)` for each parameter of the stage that names a prefab.
template <typename Named>
void forEachPrefabParam(const StageEntry& stage, const StageCatalog& catalog, Named named) {
    if (const StageType* type = catalog.find(stage.type))
        for (const ParamSpec& spec : type->params)
            if (spec.type == ParamType::Prefab && stage.params.has(spec.key)) named(spec.key, stage.params.choice(spec.key));
}

} // namespace

std::vector<std::string> prefabUses(const Project& project, const std::string& id, const StageCatalog& catalog) {
    std::vector<std::string> uses;
    for (const StageEntry& stage : project.recipe.stages) {
        forEachPrefabParam(stage, catalog, [&](std::string what, const std::string& named) {
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
    return uses;
}

bool stagesGrowFromChanged(const Project& project, const ProjectPrefabs& before, const ProjectPrefabs& after, const StageCatalog& catalog) {
    bool changed = false;
    for (const StageEntry& stage : project.recipe.stages)
        forEachPrefabParam(stage, catalog, [&](const std::string&, const std::string& id) {
            const Prefab* was = before.find(id);
            const Prefab* is = after.find(id);
            if (!was || !is ? was != is : !(*was == *is)) changed = true;
        });
    return changed;
}

} // namespace burrow
