#include "model/tile.h"

namespace burrow {
namespace {

// Colours follow the jsrogue/rot.js palette where a seed gives one (goldenrod
// walls, dim floors, white stairs), and pick distinct hues for the rest so each
// kind stays readable as a flat colour block when zoomed out.
constexpr std::array<TileInfo, kTileKindCount> kTiles = {{
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
}};

constexpr std::array<Tile, kTileKindCount> kAll = {Tile::Wall,   Tile::Floor,      Tile::Corridor, Tile::Water,
                                                   Tile::Door,   Tile::StairsDown, Tile::StairsUp, Tile::Exit,
                                                   Tile::Obstacle, Tile::Void};

} // namespace

const TileInfo& tileInfo(Tile tile) {
    const auto index = static_cast<std::size_t>(tile);
    return kTiles[index < kTiles.size() ? index : 0];
}

const std::array<Tile, kTileKindCount>& allTiles() { return kAll; }

std::optional<Tile> tileFromId(std::string_view idOrGlyph) {
    for (Tile tile : kAll) {
        const TileInfo& info = tileInfo(tile);
        if (info.id == idOrGlyph || (idOrGlyph.size() == 1 && info.glyph == idOrGlyph[0]))
            return tile;
    }
    return std::nullopt;
}

} // namespace burrow
