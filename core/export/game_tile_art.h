#pragma once
// The game's tile art as pixels: each tileset's image read once, each tile a level
// uses flattened over black once, then copied into a depth's image cell by cell.
// The PNG export draws with it what the Tiled maps reference, tile for tile.
#include <unordered_map>
#include <vector>

#include "content/game_tiles.h"
#include "export/png.h"
#include "io/png_reader.h"

namespace burrow {

class GameTileArt {
public:
    // Reads every tileset's image; throws FileError naming one it cannot read.
    GameTileArt(const GameTiles& tiles, const TileKinds& kinds);

    int tileSize() const { return size_; }
    // Draws the depth's tiles into `image` (tileSize() px a cell, sized to fit).
    void drawTiles(const TileGrid& tiles, RgbImage& image);

private:
    const RgbImage& tileImage(int gid);

    const GameTiles& tiles_;
    const TileKinds& kinds_;
    GameTileGids gids_;
    int size_;
    std::vector<RgbaImage> images_; // by tileset
    std::unordered_map<int, RgbImage> drawn_; // by gid
};

} // namespace burrow
