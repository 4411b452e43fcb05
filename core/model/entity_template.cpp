#include "model/entity_template.h"

namespace burrow {

const char* entityKindId(EntityKind kind) {
    switch (kind) {
    case EntityKind::Player: return "player";
    case EntityKind::Creature: return "creature";
    case EntityKind::Item: return "item";
    case EntityKind::Exit: return "exit";
    }
    return "creature";
}

const char* behaviourId(Behaviour::Type type) {
    switch (type) {
    case Behaviour::Type::Chase: return "chase";
    case Behaviour::Type::Wander: return "wander";
    case Behaviour::Type::Spread: return "spread";
    case Behaviour::Type::Stationary: return "stationary";
    }
    return "wander";
}

const std::vector<EntityTemplate>& defaultTemplates() {
    static const std::vector<EntityTemplate> templates = {
        {"player", '@', 0xffffff, EntityKind::Player, 40, 10, 0, 100, {}},
        {"enemy", 'e', 0xff5050, EntityKind::Creature, 5, 3, 0, 100,
         {{Behaviour::Type::Chase, 6, 0.0, 0}, {Behaviour::Type::Wander, 0, 0.0, 0}}},
        {"fungus", 'F', 0x40c040, EntityKind::Creature, 10, 0, 0, 100,
         {{Behaviour::Type::Stationary, 0, 0.0, 0}, {Behaviour::Type::Spread, 0, 0.02, 5}}},
        {"item", '*', 0xffe060, EntityKind::Item, 1, 0, 0, 100, {}},
        {"exit", 'X', 0xfff060, EntityKind::Exit, 1, 0, 0, 100, {}},
        // The locks_and_keys stage's: each placed key's "opens" names the lock it opens.
        {"key", 'k', 0xffd040, EntityKind::Item, 1, 0, 0, 100, {}},
    };
    return templates;
}

} // namespace burrow
