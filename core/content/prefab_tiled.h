#pragma once
// A prefab drawn in Tiled: its first tile layer gives the cells (each tile's type,
// or class, names a tile kind; an empty cell keeps the level's own) and its object
// layers the rest — an object of type "opening" marks an opening, any other object
// is a thing (its "template" property, else its name, names the template).
// Burrow's own TMJ exports read back this way, as do maps drawn with their tileset.
#include <filesystem>

#include "content/prefab.h"
#include "io/file_source.h"
#include "model/tile_kinds.h"

namespace burrow {

// A .tmj or .tmx map as a prefab, its id the file's stem (a .tmx is read as the
// .tmj Tiled would write for it, so both meet the same checks). Throws FileError
// naming the file and the JSON path of each problem: a map larger than a prefab may
// be, a compressed layer, a tile whose type is no kind, an object off the map.
Prefab prefabFromTiledMap(const std::filesystem::path& path, const TileKinds& kinds, const FileSource& files = diskFiles());

} // namespace burrow
