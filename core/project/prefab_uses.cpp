#include "project/prefab_uses.h"

#include <algorithm>

#include "content/population_rules.h"

namespace burrow {

std::vector<std::string> prefabUses(const Project& project, const std::string& id, const StageCatalog& catalog) {
    std::vector<std::string> uses;
    for (const StageEntry& stage : project.recipe.stages) {
        if (const StageType* type = catalog.find(stage.type))
            for (const ParamSpec& spec : type->params)
                if (spec.type == ParamType::Prefab && stage.params.has(spec.key) && stage.params.choice(spec.key) == id) {
                    std::string what = spec.key; // "sample": the parameter's name, in words
                    std::replace(what.begin(), what.end(), '_', ' ');
                    uses.push_back("the " + what + " of stage " + stage.name);
                }
        if (!stage.rules) continue;
        for (const PopulationGroup& g : stage.rules->groups)
            if (g.kind == PopulationGroup::Kind::Prefabs &&
                std::any_of(g.prefabs.begin(), g.prefabs.end(), [&](const Prefab& p) { return p.id == id; }))
                uses.push_back("prefab group " + g.name + " of stage " + stage.name);
    }
    return uses;
}

} // namespace burrow
