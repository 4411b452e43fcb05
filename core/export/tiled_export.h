#pragma once
// Levels as Tiled maps (shared/reference/tiled-export.md): one orthogonal, finite
// map per depth with every field Tiled 1.8 writes, a plain gid array, tilesets whose
// tiles say which kind they are (export/tiled_tilesets.h), an object layer for
// placed things, the start, the exit and stairs, and map properties that say how to
// make the level again. Drawn with the game's art, a map also has a hidden tile
// layer `kinds` beneath the art, in Burrow's glyph tileset: each cell's kind, even
// where two kinds share a picture.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "content/game_tiles.h"
#include "export/tiled_tilesets.h"

#include "model/level.h"

namespace burrow {

// What makes an exported level reproducible, written as map properties. Placed
// things' stats come from the level's own templates.
struct ExportInfo {
    std::string project;
    std::uint64_t seed = 0;
    std::string projectHash; // projectHash(): what decides the level besides the seed, hex
    std::string levelHash;   // levelHash(): the finished level itself, hex ("partial-..." before the end)
    // What a level exported before its build ended lacks (LevelBuild::unfinished()),
    // written as the map property "unfinished"; empty for a finished level.
    std::vector<std::string> unfinished = {};
};

// gid of a tile: its number + 1; Void is 0, Tiled's "no tile".
int gidOf(Tile tile);
std::optional<Tile> tileOfGid(int gid, const TileKinds& kinds = builtInTileKinds());

// The tileset image: one cell per tile kind, left to right in tile order, each
// drawn as its export look (a secret door as a wall).
std::string tilesetPng(const TileKinds& kinds, int tileSize);

// A depth as a Tiled JSON map, as written to a .tmj file.
std::string tmjMap(const Level& level, int depth, const ExportInfo& info, const MapTiles& tiles);
std::string tmxMap(const Level& level, int depth, const ExportInfo& info, const MapTiles& tiles);
// With Burrow's glyph sheet.
inline std::string tmjMap(const Level& level, int depth, const ExportInfo& info, int tileSize, const std::string& sheet) {
    return tmjMap(level, depth, info, MapTiles{tileSize, sheet});
}
inline std::string tmxMap(const Level& level, int depth, const ExportInfo& info, int tileSize, const std::string& sheet) {
    return tmxMap(level, depth, info, MapTiles{tileSize, sheet});
}
// Cells between depths laid side by side in a world (a Tiled world, an LDtk project),
// so they read apart.
inline constexpr int kWorldGap = 2;

// Several depths side by side in one Tiled world.
nlohmann::ordered_json tiledWorld(const Level& level, const std::vector<std::string>& mapFiles, int tileSize);

} // namespace burrow
