#include "model/tile.h"

namespace burrow {
namespace {

constexpr std::array<Tile, kTileKindCount> kAll = {Tile::Wall,   Tile::Floor,      Tile::Corridor, Tile::Water,
                                                   Tile::Door,   Tile::StairsDown, Tile::StairsUp, Tile::Exit,
                                                   Tile::Obstacle, Tile::Void, Tile::LockedDoor};

} // namespace

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
