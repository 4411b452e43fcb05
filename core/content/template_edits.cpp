#include "content/template_edits.h"

#include <algorithm>

namespace burrow {

namespace {

bool isDefault(const std::string& name) {
    const auto& defaults = defaultTemplates();
    return std::any_of(defaults.begin(), defaults.end(), [&](const EntityTemplate& t) { return t.name == name; });
}

// The groups that place things of template `name`, by name, for a refusal.
std::string groupsPlacing(const PopulationRules& rules, const std::string& name) {
    std::string groups;
    for (const PopulationGroup& g : rules.groups)
        if (std::any_of(g.entities.begin(), g.entities.end(), [&](const PlacedEntity& e) { return e.templateName == name; }))
            groups += (groups.empty() ? "\"" : ", \"") + g.name + "\"";
    return groups;
}

std::vector<EntityTemplate>::iterator ownTemplate(PopulationRules& rules, const std::string& name) {
    return std::find_if(rules.templates.begin(), rules.templates.end(), [&](const EntityTemplate& t) { return t.name == name; });
}

} // namespace

std::string freeTemplateName(const PopulationRules& rules, const std::string& stem) {
    std::string name = stem;
    for (int n = 2; rules.findTemplate(name); ++n) name = stem + "-" + std::to_string(n);
    return name;
}

std::string addTemplate(PopulationRules& rules) {
    EntityTemplate t;
    t.name = freeTemplateName(rules, "creature");
    t.glyph = 'c';
    t.colour = 0xc08040;
    t.behaviours = {{Behaviour::Type::Wander}};
    rules.templates.push_back(t);
    return t.name;
}

std::optional<std::string> duplicateTemplate(PopulationRules& rules, const std::string& name) {
    const EntityTemplate* from = rules.findTemplate(name);
    if (!from) return std::nullopt;
    EntityTemplate copy = *from;
    copy.name = freeTemplateName(rules, name + "-copy");
    rules.templates.push_back(copy);
    return copy.name;
}

std::optional<std::string> renameTemplate(PopulationRules& rules, const std::string& from, const std::string& to) {
    if (to.empty()) return "a template needs a name";
    if (to == from) return std::nullopt;
    if (isDefault(from)) return "\"" + from + "\" is one of the defaults (the game and the stages place it by that name): duplicate it and rename the copy";
    if (rules.findTemplate(to)) return "a template is already named \"" + to + "\"";
    const auto own = ownTemplate(rules, from);
    if (own == rules.templates.end()) return "no template is named \"" + from + "\"";
    own->name = to;
    for (PopulationGroup& g : rules.groups)
        for (PlacedEntity& e : g.entities)
            if (e.templateName == from) e.templateName = to;
    return std::nullopt;
}

std::optional<std::string> removeTemplate(PopulationRules& rules, const std::string& name) {
    const auto own = ownTemplate(rules, name);
    if (own == rules.templates.end()) return isDefault(name) ? "\"" + name + "\" is one of the defaults: it stays" : "no template is named \"" + name + "\"";
    if (!isDefault(name))
        if (const std::string groups = groupsPlacing(rules, name); !groups.empty())
            return "\"" + name + "\" is placed by " + groups + ": take it out of those groups first";
    rules.templates.erase(own);
    return std::nullopt;
}

} // namespace burrow
