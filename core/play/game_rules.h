#pragma once
// What the game's two files share (game.cpp: the player, combat, the level;
// creature_turns.cpp: who acts each round and how): the cost of an action, the
// eight steps, and how a template's behaviours are looked up. Not for outside play/.
#include <algorithm>

#include "model/directions.h"
#include "model/entity_template.h"

namespace burrow::game_rules {

inline constexpr int kActionCost = 100; // an action's energy; speed adds to it each round

inline bool hostile(const EntityTemplate* t) { return t && t->kind == EntityKind::Creature; }
inline bool has(const EntityTemplate* t, Behaviour::Type type) {
    return t && std::any_of(t->behaviours.begin(), t->behaviours.end(), [type](const Behaviour& b) { return b.type == type; });
}
inline const Behaviour* behaviour(const EntityTemplate* t, Behaviour::Type type) {
    if (!t) return nullptr;
    for (const Behaviour& b : t->behaviours)
        if (b.type == type) return &b;
    return nullptr;
}

} // namespace burrow::game_rules
