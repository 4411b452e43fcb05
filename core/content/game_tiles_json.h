#pragma once
// The project's "game_tiles" as JSON (docs/project-format.md "Game tiles"). Reading
// also opens the tilesets it names (.tsj/.tsx and the image's header), so a missing
// file or a tile index past the end is found when the project is read, not at export.
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "content/game_tiles.h"
#include "io/file_source.h"
#include "io/json_checker.h"
#include "model/tile_kinds.h"

namespace burrow {

// Files are found relative to `folder` (the project's), and read from `files`.
GameTiles gameTilesFromJson(const nlohmann::json& value, const std::string& path, JsonChecker& check, const TileKinds& kinds,
                            const std::filesystem::path& folder, const FileSource& files = diskFiles());
nlohmann::ordered_json gameTilesToJson(const GameTiles& tiles);

} // namespace burrow
