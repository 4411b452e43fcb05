#pragma once
// A depth of a level as an image: colour blocks or glyphs at a chosen cell size,
// optionally with each region in its own colour and markers for the start, the
// exit, stairs and placed things. Plus a contact sheet of every depth.
#include <cstdint>
#include <optional>
#include <string>

#include "export/png.h"
#include "export/tile_art.h"
#include "model/connectivity.h"
#include "model/level.h"

namespace burrow {

class GameTileArt;

struct ImageOptions {
    int cellSize = 8;
    CellStyle style = CellStyle::Blocks;
    bool regions = false;   // each region's walkable cells in its own colour
    bool markers = true;    // start, exit, stairs, placed things
    Connectivity movement = Connectivity::Eight;
    // The game's tiles instead of Burrow's colours and glyphs; used only when
    // cellSize is its tile size (a contact sheet shrunk to fit draws colours).
    GameTileArt* art = nullptr;
};

// Images stay within what Qt-based tools open with their default settings (Tiled and
// its tmxrasterizer: Qt 6's image reader refuses images above 128 MiB decoded, at
// 4 bytes a pixel). Larger ones would also take minutes and gigabytes to write: a
// 4096 x 4096 depth at 16 px a cell is 65536 x 65536 pixels.
inline constexpr std::uint64_t kMaxImagePixels = (std::uint64_t{128} << 20) / 4; // 33,554,432

// Pixels of one depth's image, and of the contact sheet, at `cell` px a cell.
std::uint64_t depthImagePixels(const LevelSize& size, int cell);
std::uint64_t contactSheetPixels(const LevelSize& size, int cell);
// The largest cell size from `wanted` down to 1 whose image is within
// kMaxImagePixels; 0 when not even 1 px is.
int largestFittingCell(const LevelSize& size, int wanted, bool contactSheet);
// Why a depth of `size` cannot be drawn at `cell` px a cell (with the cell size
// that would do), or nothing when it can.
std::optional<std::string> depthImageProblem(const LevelSize& size, int cell);

RgbImage depthImage(const Level& level, int depth, const ImageOptions& options);
// Every depth side by side, separated by a dark gutter.
RgbImage contactSheet(const Level& level, const ImageOptions& options);

} // namespace burrow
