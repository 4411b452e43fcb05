#pragma once
// A level: one grid of tiles per depth, plus the features the generators record
// (rooms, hallways, doors, stairs, markers) for population, metrics and export.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/entity_template.h"
#include "model/grid.h"
#include "model/property.h"
#include "model/tile.h"
#include "model/tile_kinds.h"

namespace burrow {

using TileGrid = Grid<Tile>;

struct LevelSize {
    int width = 0;
    int height = 0;
    int depth = 1;
    friend bool operator==(const LevelSize&, const LevelSize&) = default;
};

// Documented maxima (docs/project-format.md). 4096 x 4096 x 64 is 1 GiB of tiles,
// the largest level a 24 GiB machine can still generate with a timeline.
inline constexpr int kMaxLevelWidth = 4096;
inline constexpr int kMaxLevelHeight = 4096;
inline constexpr int kMaxLevelDepth = 64;

// The reason a size is not allowed, or nothing when it is.
std::optional<std::string> levelSizeError(const LevelSize& size);

struct Cell {
    int x = 0;
    int y = 0;
    int z = 0;
    friend bool operator==(const Cell&, const Cell&) = default;
};

enum class AreaKind : std::uint8_t { Room, Hallway, Cave };
const char* areaKindId(AreaKind kind); // "room", "hallway", "cave"

// A named part of the level that population rules can target.
struct Area {
    int id = 0;              // index in Level::areas
    AreaKind kind = AreaKind::Room;
    int depth = 0;
    Rect bounds;
    int ordinal = 0;         // 1-based number among areas of its kind and depth ("room 3")
    int distanceFromStart = -1; // rooms of a room grid: door steps from the start room
    // A room laid out from a room graph: its node's id and tags (population's
    // tagged_room scope finds the boss room by them). Empty for generated rooms.
    std::string node;
    std::vector<std::string> tags;
    friend bool operator==(const Area&, const Area&) = default;
};

struct Door {
    Cell at;
    int areaA = -1; // the two rooms it joins (Area ids)
    int areaB = -1;
    // A locked door (Tile::LockedDoor): its lock's id; a key whose "opens" names it
    // opens it. Empty for a plain door.
    std::string lock;
    friend bool operator==(const Door&, const Door&) = default;
};

// Stairs down at (x, y, upperDepth) lead to stairs up at (x, y, upperDepth + 1).
struct StairsPair {
    int x = 0;
    int y = 0;
    int upperDepth = 0;
    int upperRegion = 0;
    int lowerRegion = 0;
    friend bool operator==(const StairsPair&, const StairsPair&) = default;
};

// Something placed on the level by the population rules: a creature, an item, the
// player. `properties` are the designer's key/value pairs, passed on to exports.
struct Entity {
    std::string templateName;
    Cell at;
    std::vector<Property> properties;
    friend bool operator==(const Entity&, const Entity&) = default;
};

struct Marker {
    std::string name; // "start", "exit", ...
    Cell at;
    friend bool operator==(const Marker&, const Marker&) = default;
};

// How many features a level holds. Generation only ever appends features, so a
// count is enough to rewind them (see Timeline).
struct FeatureCounts {
    std::size_t areas = 0;
    std::size_t doors = 0;
    std::size_t stairs = 0;
    std::size_t markers = 0;
    std::size_t entities = 0;
    friend bool operator==(const FeatureCounts&, const FeatureCounts&) = default;
};

class Level {
public:
    Level() = default;
    // Throws std::invalid_argument with the reason when the size is out of range.
    Level(LevelSize size, Tile fill = Tile::Wall);

    const LevelSize& size() const { return size_; }
    int width() const { return size_.width; }
    int height() const { return size_.height; }
    int depthCount() const { return size_.depth; }

    TileGrid& tiles(int z) { return depths_.at(static_cast<std::size_t>(z)); }
    const TileGrid& tiles(int z) const { return depths_.at(static_cast<std::size_t>(z)); }

    bool contains(int x, int y, int z) const {
        return z >= 0 && z < size_.depth && x >= 0 && y >= 0 && x < size_.width && y < size_.height;
    }
    Tile at(int x, int y, int z) const { return tiles(z).at(x, y); }
    void set(int x, int y, int z, Tile tile) { tiles(z).at(x, y) = tile; }

    // Records an area, numbering it among the areas of its kind and depth.
    const Area& addArea(AreaKind kind, int depth, const Rect& bounds, int distanceFromStart = -1);

    FeatureCounts featureCounts() const;
    void truncateFeatures(const FeatureCounts& counts);

    std::vector<Area> areas;
    std::vector<Door> doors;
    std::vector<StairsPair> stairs;
    std::vector<Marker> markers;
    std::vector<Entity> entities;
    // What each placed thing is (its template, by name), resolved when the level is
    // finished (pipeline/make_level.h), so the level can be played and exported by
    // itself, with no rules passed alongside.
    std::vector<EntityTemplate> templates;
    // What its tiles are: the built-ins and the project's own kinds, set when
    // generation starts (pipeline/make_level.h). Ask it, not model/tile.h, what a
    // finished level's tile means.
    TileKinds kinds;

    // The template of a placed thing, or nullptr when the level does not hold it.
    const EntityTemplate* findTemplate(const std::string& name) const;

    friend bool operator==(const Level&, const Level&) = default;

private:
    LevelSize size_;
    std::vector<TileGrid> depths_;
};

} // namespace burrow
