#pragma once
// What a placed thing is: seed 004's entity templates (name, glyph, colour, maxHp,
// attack, defense) with behaviours and their parameters, plus items, the player
// and the exit.
#include <cstdint>
#include <string>
#include <vector>

namespace burrow {

enum class EntityKind : std::uint8_t {
    Player,   // where play starts; placing one sets the level's start
    Creature, // acts on its turn: chases, wanders, spreads
    Item,     // picked up (seed 003's counter of items collected)
    Exit,     // leaves the dungeon: placed as the Exit tile (seed 002)
};
const char* entityKindId(EntityKind kind);

struct Behaviour {
    enum class Type : std::uint8_t {
        Chase,      // step toward the player along a shortest path when within `radius` (seed 001: 6), or in sight if `sight`
        Wander,     // otherwise step in a random direction
        Spread,     // copy itself to a random adjacent empty floor with `chance` a turn, at most `limit` times (seed 004's fungus)
        Stationary, // never moves
    };
    Type type = Type::Wander;
    int radius = 6;
    double chance = 0.02;
    int limit = 5;
    bool sight = false; // Chase: also whenever it can see the player (seed 003), however far
    friend bool operator==(const Behaviour&, const Behaviour&) = default;
};
const char* behaviourId(Behaviour::Type type);

struct EntityTemplate {
    std::string name;
    char glyph = '?';
    std::uint32_t colour = 0xffffff; // 0xRRGGBB
    EntityKind kind = EntityKind::Creature;
    int maxHp = 10;
    int attack = 1;
    int defense = 0;
    int speed = 100; // turns are shared out in proportion to speed (100: one action a round)
    std::vector<Behaviour> behaviours;
    friend bool operator==(const EntityTemplate&, const EntityTemplate&) = default;
};

// The seeds' cast: player (seed 004: 40 HP, attack 10), enemy (seed 001: chases
// within 6, else wanders), fungus (seed 004: 10 HP, spreads 2% a turn, 5 times),
// item (seed 003), exit (seed 002), and the key of a locked door (the locks_and_keys
// stage places it with the property "opens": its lock's id).
const std::vector<EntityTemplate>& defaultTemplates();

} // namespace burrow
