#include "generation/recipe.h"

#include <algorithm>

#include "generation/stage.h"
#include "content/population_rules.h"

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

} // namespace burrow
