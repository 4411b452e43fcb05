#pragma once
// The cells a paint tool covers: a line between two mouse positions, a rectangle,
// the area a flood fill reaches. Plain geometry, so the editor draws with it and
// tests check it without a window.
#include <cstddef>
#include <vector>

#include "model/grid.h"
#include "model/level.h"

namespace burrow {

// Every cell on the line from a to b, both ends included (Bresenham: no gaps, no
// doubled cells), so a fast mouse stroke leaves an unbroken trail.
std::vector<Point> lineCells(Point a, Point b);

// Every cell a brush `size` cells across covers when put on each of `cells` (the
// cell at its centre, or just above and left of it for an even size), clipped to the
// grid, each once, row by row.
std::vector<Point> brushCells(const std::vector<Point>& cells, int size, int width, int height);

// The cells of the rectangle spanned by two corners (in any order), clipped to the grid.
std::vector<Point> rectCells(Point a, Point b, int width, int height);

// The cells joined to `start` through edges that hold the same tile, up to `limit`
// cells (so a fill of a huge level stays bounded); empty when start is outside.
std::vector<Point> sameTileArea(const TileGrid& tiles, Point start, std::size_t limit);

} // namespace burrow
