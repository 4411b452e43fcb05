#pragma once
// A tile layer's row as text: gids separated by commas, as Tiled's TMJ "data" and
// TMX CSV layers hold them. Most of a map file is this, so it is written by hand
// rather than through a JSON or XML library.

namespace burrow {

// A row of gids as comma-separated text into `out`, which has room for 11 characters
// a gid; returns the end. Gids under 100 (every built-in kind, most game tiles) are
// written without a division.
char* writeGids(const int* gids, int count, char* out);

} // namespace burrow
