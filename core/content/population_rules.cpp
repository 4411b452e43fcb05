#include "content/population_rules.h"

#include <array>

namespace burrow {

namespace {
// Each scope's id in the rules files, its name for the designer, and what it means.
struct ScopeWords {
    Scope scope;
    const char* id;
    const char* name;
    const char* definition;
};
constexpr std::array<ScopeWords, 8> kScopes = {{
    {Scope::EachRoom, "each_room", "Each room", "Every room a generator recorded (rooms, BSP leaves, a room graph's rooms): the count is per room"},
    {Scope::EachHallway, "each_hallway", "Each hallway", "Every hallway a generator recorded: the count is per hallway"},
    {Scope::EachCave, "each_cave", "Each cave", "Every region of the finished level, by the project's movement: the count is per region"},
    {Scope::EachDepth, "each_depth", "Each depth", "Every depth, anywhere walkable: the count is per depth"},
    {Scope::StartRoom, "start_room", "The start room", "The room (or region) that holds the start"},
    {Scope::FurthestRoom, "furthest_room", "The furthest room", "The room with the longest walk from the start"},
    {Scope::Level, "level", "The whole level", "Anywhere walkable on any depth, once"},
    {Scope::TaggedRoom, "tagged_room", "Tagged rooms", "Every room a room graph laid out for a node with the group's tag (boss, treasure or the designer's own)"},
}};

const ScopeWords& wordsOf(Scope scope) {
    for (const ScopeWords& w : kScopes)
        if (w.scope == scope) return w;
    return kScopes[0];
}
} // namespace

const char* scopeId(Scope scope) { return wordsOf(scope).id; }
const char* scopeName(Scope scope) { return wordsOf(scope).name; }
const char* scopeDefinition(Scope scope) { return wordsOf(scope).definition; }

std::optional<Scope> scopeFromId(const std::string& id) {
    for (const ScopeWords& w : kScopes)
        if (id == w.id) return w.scope;
    return std::nullopt;
}

const std::vector<Scope>& allScopes() {
    static const std::vector<Scope> scopes = [] {
        std::vector<Scope> all;
        for (const ScopeWords& w : kScopes) all.push_back(w.scope);
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
