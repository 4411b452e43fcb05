#pragma once
// Reading a Tiled tileset file (.tsj JSON or .tsx XML) for what an export needs: the
// tile size, grid and image. Only single-image tilesets: an "image collection"
// (one image a tile) is refused with a clear message.
#include <filesystem>
#include <string>

#include "io/file_source.h"

namespace burrow {

struct TiledTilesetFile {
    int tileWidth = 0, tileHeight = 0;
    int tileCount = 0, columns = 0;
    int margin = 0, spacing = 0;
    std::string image; // as written, relative to the tileset file
};

// Throws FileError naming the file and, for a .tsj, the JSON path of the problem.
TiledTilesetFile readTiledTileset(const std::filesystem::path& path, const FileSource& files = diskFiles());

} // namespace burrow
