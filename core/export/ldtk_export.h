#pragma once
// Levels as an LDtk 1.5.3 project (`burrow generate --format ldtk`): one LDtk level
// per depth, laid out side by side in one world, each with
//   - an IntGrid layer `Kinds`: one value per tile kind (the kind's index + 1; 0 is
//     void), named by the kind's id and coloured as the kind;
//   - the art as Tiles layers: Burrow's glyph sheet, or the game's tilesets (one layer
//     each) where the project has them, their images inside the export folder;
//   - an Entities layer `Things`: the same things a Tiled map's objects are
//     (export/map_objects.h), with the properties as typed fields and stairs pointing
//     at their partners by entity reference.
// The definitions LDtk itself needs to open the file are filled (layers, entities
// and their fields, an enum of the kinds, the tilesets, level fields for the
// provenance), with every derived `__` field, a table of contents, and iids derived
// from the project, the seed and the thing, so a run writes the same bytes again.
#include <string>
#include <vector>

#include "export/tiled_export.h"
#include "io/file_io.h"
#include "model/level.h"

namespace burrow {

// Written into `sink` as it is made: a project holds every depth's every cell, and
// held whole it took 1,500 bytes a cell.
void writeLdtkProject(const Level& level, const ExportInfo& info, const MapTiles& tiles, const FileSink& sink);

} // namespace burrow
