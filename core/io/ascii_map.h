#pragma once
// The level as text: one glyph per tile, one line per row, a blank line between
// depths. What `burrow generate --format txt` writes and what golden tests compare.
#include <string>
#include <string_view>

#include "model/level.h"

namespace burrow {

// Each tile as its kind's glyph (the level's own kinds included).
std::string asciiMap(const Level& level);
std::string asciiDepth(const TileGrid& tiles, const TileKinds& kinds = builtInTileKinds());
// Reads the text back (the inverse of asciiMap, given the same kinds). Throws
// std::invalid_argument naming the line and column of a glyph that is no kind,
// or of a row of the wrong length.
Level levelFromAscii(std::string_view text, const TileKinds& kinds = builtInTileKinds());

} // namespace burrow
