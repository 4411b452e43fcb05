#pragma once
// The shape a digger carves around itself each tick. Seed 000's drones mine a plus
// (their cell and its four neighbours) "for chunkier caves"; the others are variations.
#include <string>
#include <vector>

#include "model/grid.h"

namespace burrow {

inline const std::vector<std::string> kBrushNames = {"plus", "single", "square", "diamond"};

// Offsets from the digger's cell. Unknown names give the plus.
std::vector<Point> brushOffsets(const std::string& name);

} // namespace burrow
