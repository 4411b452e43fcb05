#pragma once
// A depth of a level as an image: colour blocks or glyphs at a chosen cell size,
// optionally with each region in its own colour and markers for the start, the
// exit, stairs and placed things. Plus a contact sheet of every depth.
#include "export/png.h"
#include "export/tile_art.h"
#include "model/connectivity.h"
#include "model/level.h"

namespace burrow {

struct ImageOptions {
    int cellSize = 8;
    CellStyle style = CellStyle::Blocks;
    bool regions = false;   // each region's walkable cells in its own colour
    bool markers = true;    // start, exit, stairs, placed things
    Connectivity movement = Connectivity::Eight;
};

RgbImage depthImage(const Level& level, int depth, const ImageOptions& options);
// Every depth side by side, separated by a dark gutter.
RgbImage contactSheet(const Level& level, const ImageOptions& options);
// A region's colour depends only on its first cell, so it is stable (0xRRGGBB).
std::uint32_t regionColourOf(Point firstCell);

} // namespace burrow
