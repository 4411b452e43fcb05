#include "export/game_tile_art.h"

#include <algorithm>

#include "export/tile_art.h"

namespace burrow {

GameTileArt::GameTileArt(const GameTiles& tiles, const TileKinds& kinds) : tiles_(tiles), kinds_(kinds), gids_(tiles, kinds), size_(tiles.tileSize()) {
    for (const GameTileset& set : tiles.tilesets) images_.push_back(readPng(set.imagePath));
}

const RgbImage& GameTileArt::tileImage(int gid) {
    if (auto found = drawn_.find(gid); found != drawn_.end()) return found->second;
    RgbImage cell(size_, size_);
    const auto [set, index] = gids_.tileOf(gid);
    if (gid == 0) {
        // Void: nothing, as in Tiled (black here, the PNG's background).
    } else if (set < 0) {
        // A kind the mapping leaves out: Burrow's glyph tile, as in the map's fallback tileset.
        const Tile t = static_cast<Tile>(std::clamp(index, 0, kinds_.count() - 1));
        drawKind(cell, 0, 0, size_, kinds_[kinds_.exportLook(t)], CellStyle::Glyphs);
    } else {
        const GameTileset& info = tiles_.tilesets[static_cast<std::size_t>(set)];
        const RgbaImage& source = images_[static_cast<std::size_t>(set)];
        const int columns = std::max(1, info.columns);
        const int left = info.margin + (index % columns) * (size_ + info.spacing), top = info.margin + (index / columns) * (size_ + info.spacing);
        for (int y = 0; y < size_; ++y)
            for (int x = 0; x < size_; ++x) {
                if (left + x >= source.width || top + y >= source.height) continue;
                // Over black: each channel scaled by the alpha, rounded.
                const std::uint32_t p = source.rgba(left + x, top + y), a = p & 0xff;
                auto channel = [&](int shift) { return (((p >> shift) & 0xff) * a + 127) / 255; };
                cell.set(x, y, (channel(24) << 16) | (channel(16) << 8) | channel(8));
            }
    }
    return drawn_.emplace(gid, std::move(cell)).first->second;
}

void GameTileArt::drawTiles(const TileGrid& tiles, RgbImage& image) {
    std::vector<int> row(static_cast<std::size_t>(tiles.width()));
    const std::size_t cellRow = static_cast<std::size_t>(size_) * 3;
    for (int y = 0; y < tiles.height(); ++y) {
        gids_.row(tiles, y, row.data());
        for (int x = 0; x < tiles.width(); ++x) {
            const RgbImage& cell = tileImage(row[static_cast<std::size_t>(x)]);
            for (int r = 0; r < size_; ++r)
                std::copy_n(cell.pixels.data() + static_cast<std::size_t>(r) * cellRow, cellRow,
                            image.pixels.data() + ((static_cast<std::size_t>(y) * size_ + r) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x) * size_) * 3);
        }
    }
}

} // namespace burrow
