#pragma once
// Tiled's XML files read as the JSON Tiled writes for the same map or tileset, for
// what prefabs need: a map's size, tilesets (firstgid, source, and each tile's id
// and type or class), CSV tile layers and object layers with their objects'
// properties. One reader of prefabs (content/prefab_tiled.h) then serves both forms.
#include <filesystem>

#include <nlohmann/json.hpp>

#include "io/file_source.h"

namespace burrow {

// A .tmx as a .tmj would be. Throws FileError naming the file when it is not XML
// that can be read, or not a Tiled map.
nlohmann::json tmxAsTmj(const std::filesystem::path& path, const FileSource& files = diskFiles());
// A .tsx's tiles as a .tsj's "tiles": [{"id", "type"}...]. `namedBy` is the map
// that names it, for the error when the file is not a tileset.
nlohmann::json tsxTiles(const std::filesystem::path& path, const std::filesystem::path& namedBy, const FileSource& files = diskFiles());

} // namespace burrow
