#include "project/prefab_uses.h"

#include <algorithm>

#include "content/population_rules.h"

namespace burrow {

std::vector<std::string> prefabUses(const Project& project, const std::string& id) {
    std::vector<std::string> uses;
    for (const StageEntry& stage : project.recipe.stages) {
        if (!stage.rules) continue;
        for (const PopulationGroup& g : stage.rules->groups)
            if (g.kind == PopulationGroup::Kind::Prefabs &&
                std::any_of(g.prefabs.begin(), g.prefabs.end(), [&](const Prefab& p) { return p.id == id; }))
                uses.push_back("prefab group " + g.name + " of stage " + stage.name);
    }
    return uses;
}

} // namespace burrow
