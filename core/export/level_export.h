#pragma once
// Writing a level out in every format a game might read: Tiled maps (TMJ, TMX,
// with a world for several depths), PNG images, the ASCII map and CSV tile codes.
// One entry point for the command line and the editor. Every file is written
// atomically.
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "export/ldtk_export.h"
#include "export/level_image.h"
#include "export/tiled_export.h"
#include "io/file_transaction.h"

namespace burrow {

enum class ExportFormat { Tmj, Tmx, Png, Txt, Csv, Ldtk };
// Every format, in the order menus list them.
inline constexpr ExportFormat kExportFormats[] = {ExportFormat::Tmj, ExportFormat::Tmx, ExportFormat::Ldtk, ExportFormat::Png, ExportFormat::Txt,
                                                  ExportFormat::Csv};
// LDtk levels (a depth each) are JSON objects a cell: past this many cells a depth,
// an LDtk export is refused before anything is written (TMJ takes any size).
inline constexpr long long kMaxLdtkDepthCells = 1024LL * 1024LL;
const char* formatId(ExportFormat format);
std::optional<ExportFormat> formatFromId(const std::string& id);
// "tmj,png" -> formats; throws std::invalid_argument naming the unknown one.
std::vector<ExportFormat> parseFormats(const std::string& list);

struct ExportRequest {
    std::vector<ExportFormat> formats{ExportFormat::Txt};
    std::string stem = "level";       // file names start with it
    int tileSize = 16;                // Tiled tile size and PNG cell size, in pixels
    CellStyle pngStyle = CellStyle::Glyphs;
    bool pngRegions = false;
    std::optional<int> depth;         // only this depth; else every depth
    // The game's tilesets (the project's "game_tiles"): Tiled maps reference them and
    // PNGs are drawn with them, at their tile size. None: Burrow's glyph tiles.
    std::optional<GameTiles> gameTiles;
    // The project's movement: what joins cells into the regions a PNG colours.
    Connectivity movement = Connectivity::Eight;
    // Tiled maps' tilesets in files beside them (.tsj for TMJ, .tsx for TMX) rather
    // than embedded (the default, which every reader loads).
    bool externalTilesets = false;
};

// Told before each format is written, how many of the request's are done; false
// stops the export (ExportCancelled), before any file is replaced.
using ExportProgress = std::function<bool(std::size_t formatsDone, std::size_t formats)>;
struct ExportCancelled : std::runtime_error {
    ExportCancelled() : std::runtime_error("the export was cancelled; no file was changed") {}
};

// Writes the files into `folder` (created when missing) and returns their paths.
// Everything a file names lies inside `folder` and is named relative to it (the
// game's art is copied into `art/`), so the folder can be moved or zipped whole.
// The files are one transaction: when one cannot be written (a full disk), none is
// replaced and the folder keeps the old export whole. Throws FileError naming it.
std::vector<std::filesystem::path> exportLevel(const Level& level, const ExportInfo& info, const ExportRequest& request,
                                               const std::filesystem::path& folder, const ExportProgress& progress = {});
// The same, the files added to `files` for a caller that saves more with them (the
// command line's acceptance report): nothing is replaced until it commits.
std::vector<std::filesystem::path> stageLevelExport(const Level& level, const ExportInfo& info, const ExportRequest& request,
                                                    const std::filesystem::path& folder, FileTransaction& files, const ExportProgress& progress = {});

// Tile codes (each tile's number, docs/project-format.md's order), comma-separated, a row a line.
std::string csvDepth(const TileGrid& tiles);

} // namespace burrow
