#include "content/population_rules.h"

#include <array>

namespace burrow {

namespace {
constexpr std::array<std::pair<Scope, const char*>, 8> kScopes = {{
    {Scope::EachRoom, "each_room"},
    {Scope::EachHallway, "each_hallway"},
    {Scope::EachCave, "each_cave"},
    {Scope::EachDepth, "each_depth"},
    {Scope::StartRoom, "start_room"},
    {Scope::FurthestRoom, "furthest_room"},
    {Scope::Level, "level"},
    {Scope::TaggedRoom, "tagged_room"},
}};
} // namespace

const char* scopeId(Scope scope) {
    for (const auto& [s, id] : kScopes)
        if (s == scope) return id;
    return "each_room";
}

std::optional<Scope> scopeFromId(const std::string& id) {
    for (const auto& [s, name] : kScopes)
        if (id == name) return s;
    return std::nullopt;
}

const std::vector<Scope>& allScopes() {
    static const std::vector<Scope> scopes = [] {
        std::vector<Scope> all;
        for (const auto& [s, id] : kScopes) all.push_back(s);
        return all;
    }();
    return scopes;
}

const EntityTemplate* PopulationRules::findTemplate(const std::string& name) const {
    for (const auto& t : templates)
        if (t.name == name) return &t;
    for (const auto& t : defaultTemplates())
        if (t.name == name) return &t;
    return nullptr;
}

} // namespace burrow
