#pragma once
// Population rules (seed 002): groups of things to place, each with how many, what,
// and where. Burrow's own format is a documented superset of seed 002's
// population.json, which loads as written (docs/population-format.md).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "content/prefab.h"
#include "model/property.h"
#include "model/tile.h"
#include "model/entity_template.h"

namespace burrow {

// Where a group applies: it places its number of things in each area of the scope.
enum class Scope : std::uint8_t {
    EachRoom,     // every room a generator recorded
    EachHallway,  // every hallway
    EachCave,     // every region of the finished level (by the project's movement)
    EachDepth,    // every depth, anywhere walkable
    StartRoom,    // the room (or region) holding the start
    FurthestRoom, // the room with the longest walk from the start
    Level,        // the whole level, once
    TaggedRoom,   // every room a room graph laid out for a node with the group's tag
};
const char* scopeId(Scope scope);         // in the rules files: "each_room"
const char* scopeName(Scope scope);       // for the designer: "Each room"
const char* scopeDefinition(Scope scope); // what it means, a sentence
std::optional<Scope> scopeFromId(const std::string& id);
const std::vector<Scope>& allScopes();

struct CountRange {
    int min = 1;
    int max = 1;
    friend bool operator==(const CountRange&, const CountRange&) = default;
};

struct PlacedEntity {
    std::string templateName;
    std::vector<Property> properties;
    friend bool operator==(const PlacedEntity&, const PlacedEntity&) = default;
};

// Where a prefab goes: on free walkable cells of its area, or carved into the rock
// beside it, its openings joined to the area by tunnels.
enum class PrefabPlacement : std::uint8_t { Floor, Rock };

struct PopulationGroup {
    enum class Kind : std::uint8_t { Tiles, Entities, Prefabs };
    std::string name;
    Kind kind = Kind::Entities;
    Scope scope = Scope::EachRoom;
    std::string tag; // Scope::TaggedRoom: the node tag its rooms carry ("boss")
    CountRange number;
    // Tiles: the footprints to choose from ({x, y} cells), the tiles to lay, and the
    // seed's layer name and tile indices, kept for export.
    std::vector<std::pair<int, int>> sizes{{1, 1}};
    std::vector<Tile> tiles;
    std::string layer;
    std::vector<int> tileIndices;
    // Entities: the things to choose from.
    std::vector<PlacedEntity> entities;
    // Prefabs: the project's prefabs to choose from, and how they may be placed:
    // turned by these quarter turns (0 to 3), mirrored or not, on the floor or in
    // the rock, the longest tunnel dug to join an opening to the area, and how many
    // cells at least lie between two of the group's prefabs (0: they may touch).
    std::vector<Prefab> prefabs;
    std::vector<int> quarterTurns{0};
    bool mirror = false;
    PrefabPlacement placement = PrefabPlacement::Floor;
    int tunnel = 12;
    int spacing = 0;
    // Where the group was read from ("/groups/2", "/tiles/obstacles"), for messages.
    std::string source;
    friend bool operator==(const PopulationGroup&, const PopulationGroup&) = default;
};

struct PopulationRules {
    std::vector<EntityTemplate> templates; // besides (or replacing, by name) the defaults
    std::vector<PopulationGroup> groups;
    friend bool operator==(const PopulationRules&, const PopulationRules&) = default;

    // A template by name: the rules' own first, then the defaults.
    const EntityTemplate* findTemplate(const std::string& name) const;
};

} // namespace burrow
