#pragma once
// Levels as Tiled maps (shared/reference/tiled-export.md): one orthogonal, finite
// map per depth with a plain gid array, an embedded tileset whose image is written
// beside it, an object layer for placed things, the start, the exit and stairs,
// and map properties that say how to make the level again.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "content/game_tiles.h"

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

// Text for an XML attribute: markup and quotes as entities, tab and line breaks
// as character references, other control characters (which XML 1.0 cannot hold)
// replaced by U+FFFD.
std::string xmlEscape(const std::string& text);

// gid of a tile: its number + 1; Void is 0, Tiled's "no tile".
int gidOf(Tile tile);
std::optional<Tile> tileOfGid(int gid, const TileKinds& kinds = builtInTileKinds());

// The tileset image: one cell per tile kind, left to right in tile order, each
// drawn as its export look (a secret door as a wall).
std::string tilesetPng(const TileKinds& kinds, int tileSize);

// What a map's tiles are drawn with: Burrow's glyph sheet, or the game's own tilesets
// (content/game_tiles.h) with Burrow's sheet after them for kinds they leave out.
struct MapTiles {
    int tileSize = 16;                // ignored with game tiles: theirs
    std::string burrowSheet;          // Burrow's glyph sheet image, relative to the map
    const GameTiles* game = nullptr;  // the game's tilesets, or none
    std::filesystem::path mapFolder;  // where the map goes: the game's files are referenced relative to it
};

// A depth as a Tiled JSON map, as written to a .tmj file.
std::string tmjMap(const Level& level, int depth, const ExportInfo& info, const MapTiles& tiles);
std::string tmxMap(const Level& level, int depth, const ExportInfo& info, const MapTiles& tiles);
// With Burrow's glyph sheet.
inline std::string tmjMap(const Level& level, int depth, const ExportInfo& info, int tileSize, const std::string& sheet) {
    return tmjMap(level, depth, info, MapTiles{tileSize, sheet, nullptr, {}});
}
inline std::string tmxMap(const Level& level, int depth, const ExportInfo& info, int tileSize, const std::string& sheet) {
    return tmxMap(level, depth, info, MapTiles{tileSize, sheet, nullptr, {}});
}
// Several depths side by side in one Tiled world.
nlohmann::ordered_json tiledWorld(const Level& level, const std::vector<std::string>& mapFiles, int tileSize);

} // namespace burrow
