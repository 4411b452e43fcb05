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
};

inline constexpr int kTileKindCount = 10;

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

const TileInfo& tileInfo(Tile tile);
const std::array<Tile, kTileKindCount>& allTiles();

// Looks a tile up by its id ("floor") or, when the text is a single character, by glyph.
std::optional<Tile> tileFromId(std::string_view idOrGlyph);

inline bool isWalkable(Tile tile) { return tileInfo(tile).walkable; }
inline char glyphOf(Tile tile) { return tileInfo(tile).glyph; }

} // namespace burrow
