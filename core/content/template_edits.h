#pragma once
// The rules' templates as the designer edits them in the Population dock: new,
// duplicate, rename (the groups that place it follow) and remove. Each returns what
// is wrong instead of changing anything. The defaults (player, enemy, fungus, item,
// exit, key) stay: a rules' template of a default's name changes it, and removing
// that gives the default back.
#include <optional>
#include <string>

#include "content/population_rules.h"

namespace burrow {

// `stem`, or `stem-2`, `stem-3`, ...: a name no template (the rules' or a default) has.
std::string freeTemplateName(const PopulationRules& rules, const std::string& stem);
// A new creature template named freeTemplateName(rules, "creature"); its name.
std::string addTemplate(PopulationRules& rules);
// A copy of template `name` (the rules' or a default) under a free name; its name, or nothing.
std::optional<std::string> duplicateTemplate(PopulationRules& rules, const std::string& name);
// Renames the rules' template `from`, and every group's things that name it.
std::optional<std::string> renameTemplate(PopulationRules& rules, const std::string& from, const std::string& to);
// Removes the rules' template `name` (a default's: the default again); refused while a
// group places it and no default would stand in.
std::optional<std::string> removeTemplate(PopulationRules& rules, const std::string& name);

} // namespace burrow
