#pragma once
// A stamp: a rectangle of tiles copied from a level (Tiled's stamp brush), turned and
// mirrored as the designer asks, then laid anywhere as hand edits. Plain data and
// geometry, so the editor draws and places it and tests check it without a window.
#include <utility>
#include <vector>

#include "model/grid.h"
#include "model/level.h"

namespace burrow {

struct Stamp {
    TileGrid tiles; // row by row, as copied (or turned)
    bool empty() const { return tiles.empty(); }
};

// The tiles of `area` on `depth` as the level has them now, hand edits included;
// the part outside the level is left out (an area wholly outside gives an empty stamp).
Stamp copyStamp(const Level& level, int depth, const Rect& area);

// A quarter turn clockwise (Tiled's Z), anticlockwise (Shift+Z), and mirrored left to
// right (X) or top to bottom (Y).
Stamp turnedClockwise(const Stamp& stamp);
Stamp turnedAnticlockwise(const Stamp& stamp);
Stamp mirroredLeftRight(const Stamp& stamp);
Stamp mirroredTopBottom(const Stamp& stamp);

// Where the top-left corner of a stamp goes when it is laid under the cursor: the
// cursor at its middle (the right or lower of two middle cells), as Tiled's stamp
// brush lays it.
Point stampCorner(const TileGrid& stamp, Point cursor);

// The cells a stamp laid with its top-left corner at `at` covers within a
// width x height level, each with its tile, row by row.
std::vector<std::pair<Point, Tile>> stampCells(const Stamp& stamp, Point at, int width, int height);

// The area spanned by two corners (in any order), clipped to a width x height level.
Rect clippedArea(Point a, Point b, int width, int height);

} // namespace burrow
