#pragma once
// A fingerprint of a finished level: every tile of every depth and every feature
// (areas, doors, stairs, markers, placed things and their templates). Two places
// that show the same hash hold the same level, so the editor, `burrow stats`,
// `generate` and `play` can be checked against each other by one value.
#include <string>

#include "model/level.h"

namespace burrow {

// 16 hex digits. The same on every build and platform (a fixed byte order).
std::string levelHash(const Level& level);

} // namespace burrow
