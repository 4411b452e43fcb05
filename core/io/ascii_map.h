#pragma once
// The level as text: one glyph per tile, one line per row, a blank line between
// depths. What `burrow generate --format txt` writes and what golden tests compare.
#include <string>
#include <string_view>

#include "model/level.h"

namespace burrow {

std::string asciiMap(const Level& level);
std::string asciiDepth(const TileGrid& tiles);
// Reads the text back (the inverse of asciiMap). Throws std::invalid_argument naming
// the line and column of a glyph that is no tile, or of a row of the wrong length.
Level levelFromAscii(std::string_view text);

} // namespace burrow
