#include "generation/recipe.h"

#include <algorithm>
#include <map>

#include "content/population_rules.h"
#include "generation/stage.h"

namespace burrow {

bool operator==(const StageEntry& a, const StageEntry& b) {
    const bool sameRules = a.rules == b.rules || (a.rules && b.rules && *a.rules == *b.rules);
    return a.type == b.type && a.name == b.name && a.enabled == b.enabled && a.reroll == b.reroll && a.depths == b.depths &&
           a.params == b.params && sameRules && a.rulesFile == b.rulesFile && a.extra == b.extra;
}

StageEntry makeStageEntry(const StageType& type, const Recipe& recipe) {
    StageEntry entry;
    entry.type = type.id;
    entry.params = ParamValues::defaults(type.params);
    entry.name = type.id;
    auto taken = [&](const std::string& name) {
        return std::any_of(recipe.stages.begin(), recipe.stages.end(), [&](const StageEntry& s) { return s.name == name; });
    };
    for (int n = 2; taken(entry.name); ++n) entry.name = type.id + " " + std::to_string(n);
    return entry;
}

std::string streamName(const StageEntry& entry, int depth) {
    return entry.name + "/depth " + std::to_string(depth) + "/reroll " + std::to_string(entry.reroll);
}

const EntityTemplate* findRecipeTemplate(const Recipe& recipe, const std::string& name) {
    for (const StageEntry& entry : recipe.stages)
        if (entry.rules)
            for (const EntityTemplate& t : entry.rules->templates)
                if (t.name == name) return &t;
    return nullptr;
}

std::vector<EntityTemplate> recipeTemplates(const Recipe& recipe) {
    std::vector<EntityTemplate> merged;
    for (const StageEntry& entry : recipe.stages)
        if (entry.rules)
            for (const EntityTemplate& t : entry.rules->templates)
                if (std::none_of(merged.begin(), merged.end(), [&](const EntityTemplate& m) { return m.name == t.name; })) merged.push_back(t);
    return merged;
}

std::vector<TemplateConflict> templateConflicts(const Recipe& recipe) {
    std::vector<TemplateConflict> conflicts;
    // name -> the stage that first defined it, and how
    std::map<std::string, std::pair<std::size_t, const EntityTemplate*>, std::less<>> first;
    for (std::size_t i = 0; i < recipe.stages.size(); ++i) {
        const StageEntry& entry = recipe.stages[i];
        if (!entry.rules) continue;
        for (const EntityTemplate& t : entry.rules->templates) {
            const auto [at, fresh] = first.try_emplace(t.name, i, &t);
            if (!fresh && !(*at->second.second == t)) conflicts.push_back({t.name, at->second.first, i});
        }
    }
    return conflicts;
}

} // namespace burrow

