#pragma once
// The game art the game-tiles tests draw with: two sheets of flat colours (every
// tile its own colour), their Tiled tilesets, the mapping that names them, and the
// colour that mapping gives a cell, worked out here from the definitions.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "export/png.h"
#include "io/file_io.h"
#include "model/level.h"
#include "model/tile_kinds.h"

namespace burrow::test {

inline constexpr int kSize = 8; // pixels a tile

// A flat colour per tile, different for every tile of both sheets.
inline std::uint32_t wallColour(int tile) { return 0x200000u + static_cast<std::uint32_t>(tile) * 0x030507u; }
inline std::uint32_t groundColour(int tile) { return 0x00a000u + static_cast<std::uint32_t>(tile) * 0x0b0003u; }

inline void writeSheet(const std::filesystem::path& file, int columns, int rows, std::uint32_t (*colour)(int)) {
    RgbImage image(columns * kSize, rows * kSize);
    for (int i = 0; i < columns * rows; ++i) image.fillRect((i % columns) * kSize, (i / columns) * kSize, kSize, kSize, colour(i));
    std::ofstream(file, std::ios::binary) << encodePng(image);
}

// The blob masks by their definition: a corner only with both sides beside it.
inline std::vector<int> blobMasksByHand() {
    std::vector<int> masks;
    for (int m = 0; m < 256; ++m) {
        const bool n = m & 1, e = m & 4, s = m & 16, w = m & 64;
        if ((m & 2) && !(n && e)) continue;
        if ((m & 8) && !(s && e)) continue;
        if ((m & 32) && !(s && w)) continue;
        if ((m & 128) && !(n && w)) continue;
        masks.push_back(m);
    }
    return masks;
}

// Art in `folder`: walls.png (48 tiles: 0 plain, 1 + i for the i-th blob mask) with
// walls.tsj and walls.tsx, and ground.png (20 tiles: 0 floor, 1 + mask for lava's
// 16 edge masks).
inline nlohmann::json writeArt(const std::filesystem::path& folder) {
    writeSheet(folder / "walls.png", 8, 6, wallColour);
    writeSheet(folder / "ground.png", 4, 5, groundColour);
    const nlohmann::json tileset{{"type", "tileset"}, {"version", "1.8"},    {"tiledversion", "1.8.2"}, {"name", "walls"},
                                 {"tilewidth", kSize}, {"tileheight", kSize}, {"tilecount", 48},         {"columns", 8},
                                 {"margin", 0},        {"spacing", 0},        {"image", "walls.png"},    {"imagewidth", 64},
                                 {"imageheight", 48}};
    std::ofstream(folder / "walls.tsj") << tileset.dump(1);
    std::ofstream(folder / "walls.tsx") << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"walls\" "
                                           "tilewidth=\"8\" tileheight=\"8\" tilecount=\"48\" columns=\"8\">\n <image source=\"walls.png\" width=\"64\" height=\"48\"/>\n</tileset>\n";
    nlohmann::json blob = nlohmann::json::object();
    const auto masks = blobMasksByHand();
    for (std::size_t i = 0; i < masks.size(); ++i) blob[std::to_string(masks[i])] = static_cast<int>(i) + 1;
    nlohmann::json edge = nlohmann::json::object();
    for (int m = 0; m < 16; ++m) edge[std::to_string(m)] = m + 1;
    return {{"tilesets", {{{"name", "walls"}, {"source", "walls.tsj"}}, {{"name", "ground"}, {"image", "ground.png"}, {"tile_size", kSize}}}},
            {"kinds",
             {{"floor", {{"tileset", "ground"}, {"tile", 0}}},
              {"wall", {{"tileset", "walls"}, {"tile", 0}, {"autotile", "blob"}, {"tiles", blob}}},
              {"lava", {{"tileset", "ground"}, {"autotile", "edge"}, {"tiles", edge}}}}}};
}

// The lava-caves example without its own art (each test brings its art).
inline nlohmann::json lavaCaves() {
    nlohmann::json doc = nlohmann::json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/lava-caves.burrow.json"));
    doc.erase("game_tiles");
    return doc;
}

// The colour the mapping says cell (x, y) has, computed here from the definitions,
// or nothing for a kind the mapping leaves to Burrow's tiles.
inline std::optional<std::uint32_t> expectedColour(const TileGrid& tiles, const TileKinds& kinds, int x, int y) {
    const Tile t = tiles(x, y), wall = Tile::Wall, lava = *kinds.find("lava");
    auto joined = [&](int dx, int dy, Tile like) {
        const int nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= tiles.width() || ny >= tiles.height()) return true;
        return tiles(nx, ny) == like || kinds.exportLook(tiles(nx, ny)) == like;
    };
    if (t == Tile::Floor) return groundColour(0);
    if (t == lava) return groundColour(1 + (joined(0, -1, lava) ? 1 : 0) + (joined(1, 0, lava) ? 2 : 0) + (joined(0, 1, lava) ? 4 : 0) + (joined(-1, 0, lava) ? 8 : 0));
    if (t != wall) return std::nullopt;
    const bool n = joined(0, -1, wall), e = joined(1, 0, wall), s = joined(0, 1, wall), w = joined(-1, 0, wall);
    const int mask = (n ? 1 : 0) | (n && e && joined(1, -1, wall) ? 2 : 0) | (e ? 4 : 0) | (s && e && joined(1, 1, wall) ? 8 : 0) | (s ? 16 : 0) |
                     (s && w && joined(-1, 1, wall) ? 32 : 0) | (w ? 64 : 0) | (n && w && joined(-1, -1, wall) ? 128 : 0);
    const auto masks = blobMasksByHand();
    return wallColour(1 + static_cast<int>(std::find(masks.begin(), masks.end(), mask) - masks.begin()));
}

} // namespace burrow::test
