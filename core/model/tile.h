#pragma once
// The tile vocabulary shared by every technique, the editor and the exporters.
//
// A tile is one byte. The numeric values are part of the file formats (CSV export,
// hand-edit overrides), so new kinds are only ever appended.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace burrow {

enum class Tile : std::uint8_t {
    Wall = 0,     // solid rock or stone; diggable
    Floor,        // open ground
    Corridor,     // open ground laid by corridor walkers and hallways
    Water,        // shallow water: walkable, laid by water walkers
    Door,         // joins two rooms
    StairsDown,   // '>' leads to depth z+1
    StairsUp,     // '<' leads to depth z-1
    Exit,         // leaves the dungeon
    Obstacle,     // furniture, rubble: blocks movement, not diggable
    Void,         // nothing at all: stone culled because it borders no open space
    LockedDoor,   // a door its key opens (the key's "opens" names the door's lock); shut until then
};

inline constexpr int kTileKindCount = 11;

struct TileInfo {
    std::string_view id;      // stable name used in files ("wall", "stairs_down", ...)
    std::string_view label;   // what a designer reads
    char glyph;               // rot.js / ASCII convention
    std::uint32_t colour;     // 0xRRGGBB, the default foreground drawn on the cell
    std::uint32_t background; // 0xRRGGBB, the cell's fill
    bool walkable;
    bool diggable;            // walking into it in the play-test turns it into floor
    bool transparent;         // light and sight pass through
};

namespace detail {
// Colours follow the jsrogue/rot.js palette where a seed gives one (goldenrod
// walls, dim floors, white stairs), and pick distinct hues for the rest so each
// kind stays readable as a flat colour block when zoomed out. In the header so
// that isWalkable() and friends inline into the generators' inner loops.
inline constexpr std::array<TileInfo, kTileKindCount> kTiles = {{
    {"wall", "Wall", '#', 0xdaa520, 0x3b2f1e, false, true, false},
    {"floor", "Floor", '.', 0x8c8c8c, 0x1c1c1c, true, false, true},
    {"corridor", "Corridor", ',', 0xb0a080, 0x2a2620, true, false, true},
    {"water", "Water", '~', 0x6fb8ff, 0x173a66, true, false, true},
    {"door", "Door", '+', 0xe0a060, 0x4a2c10, true, false, false},
    {"stairs_down", "Stairs down", '>', 0xffffff, 0x50306a, true, false, true},
    {"stairs_up", "Stairs up", '<', 0xffffff, 0x2e5a3a, true, false, true},
    {"exit", "Exit", 'X', 0xfff060, 0x7a1010, true, false, true},
    {"obstacle", "Obstacle", 'o', 0xc08040, 0x30241a, false, false, false},
    {"void", "Void", ' ', 0x000000, 0x000000, false, false, false},
    // Not walkable: whatever does not know the keys (region labelling, the generators)
    // sees it as wall; reachability and the play-test open it with its key.
    {"locked_door", "Locked door", '&', 0xffd040, 0x5a3008, false, false, false},
}};
} // namespace detail

inline const TileInfo& tileInfo(Tile tile) {
    const auto index = static_cast<std::size_t>(tile);
    return detail::kTiles[index < detail::kTiles.size() ? index : 0];
}
const std::array<Tile, kTileKindCount>& allTiles();

// Looks a tile up by its id ("floor") or, when the text is a single character, by glyph.
std::optional<Tile> tileFromId(std::string_view idOrGlyph);

inline bool isWalkable(Tile tile) { return tileInfo(tile).walkable; }
inline char glyphOf(Tile tile) { return tileInfo(tile).glyph; }
// A way through (door, stairs, exit): things never stand on one, and nothing that
// blocks movement stands beside one.
inline bool isPassage(Tile t) {
    return t == Tile::Door || t == Tile::StairsDown || t == Tile::StairsUp || t == Tile::Exit || t == Tile::LockedDoor;
}

} // namespace burrow
