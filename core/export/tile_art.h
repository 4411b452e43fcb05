#pragma once
// Tiles drawn as pixels, with no font library: the map's colours and, in glyph
// style, each tile's glyph from a small built-in bitmap font, scaled to the cell.
// Exports use it so an image is the same on every machine.
#include "export/png.h"
#include "model/tile.h"
#include "model/tile_kinds.h"

namespace burrow {

enum class CellStyle { Glyphs, Blocks };

// Draws one tile into `image` with its top-left corner at (px, py), `size` pixels a side.
void drawTile(RgbImage& image, int px, int py, int size, Tile tile, CellStyle style);
// The same for any kind, the project's own included.
void drawKind(RgbImage& image, int px, int py, int size, const TileKind& kind, CellStyle style);
// Draws a character of the built-in font (the tile glyphs, '@' and letters of the
// default templates) centred in the cell, or nothing for one it does not have and
// in cells under 8 pixels, where a glyph would not fit.
void drawGlyph(RgbImage& image, int px, int py, int size, char glyph, std::uint32_t colour);
// Whether drawGlyph draws `glyph` in a cell of `size` pixels.
bool drawsGlyph(char glyph, int size);

} // namespace burrow
