#pragma once
// Levels as Tiled maps (shared/reference/tiled-export.md): one orthogonal, finite
// map per depth with a plain gid array, an embedded tileset whose image is written
// beside it, an object layer for placed things, the start, the exit and stairs,
// and map properties that say how to make the level again.
#include <nlohmann/json.hpp>
#include <string>

#include "model/level.h"

namespace burrow {

struct PopulationRules;

// What makes an exported level reproducible, written as map properties.
struct ExportInfo {
    std::string project;
    std::uint64_t seed = 0;
    std::string recipeHash; // of the recipe and rules, hex
    const PopulationRules* rules = nullptr; // for placed things' stats
};

// gid of a tile: its number + 1; Void is 0, Tiled's "no tile".
int gidOf(Tile tile);
std::optional<Tile> tileOfGid(int gid);

// The tileset image: one cell per tile kind, left to right in tile order.
std::string tilesetPng(int tileSize);

nlohmann::ordered_json tmjMap(const Level& level, int depth, const ExportInfo& info, int tileSize, const std::string& tilesetImage);
std::string tmxMap(const Level& level, int depth, const ExportInfo& info, int tileSize, const std::string& tilesetImage);
// Several depths side by side in one Tiled world.
nlohmann::ordered_json tiledWorld(const Level& level, const std::vector<std::string>& mapFiles, int tileSize);

} // namespace burrow
