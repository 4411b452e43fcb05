#pragma once
// The level as text: one glyph per tile, one line per row, a blank line between
// depths. What `burrow generate --format txt` writes and what golden tests compare.
#include <functional>
#include <string>
#include <string_view>

#include "model/level.h"

namespace burrow {

// Each tile as its kind's glyph (the level's own kinds included).
std::string asciiMap(const Level& level);
// The same text handed to `sink` a piece at a time (about 1 MiB each), so writing a
// huge level's text holds no more than one piece beside the level.
void writeAsciiMap(const Level& level, const std::function<void(std::string_view)>& sink);
std::string asciiDepth(const TileGrid& tiles, const TileKinds& kinds = builtInTileKinds());
// Reads the text back (the inverse of asciiMap, given the same kinds). Throws
// std::invalid_argument naming the line and column of a glyph that is no kind,
// or of a row of the wrong length.
Level levelFromAscii(std::string_view text, const TileKinds& kinds = builtInTileKinds());

} // namespace burrow
