#pragma once
// The steps from a cell to its neighbours, in the one order every pass uses: the four
// sides first (north, east, south, west), then the corners (north-east, south-east,
// south-west, north-west). 4-direction movement reads the first four. The order is
// part of the levels' bytes: a drone's turn, a bot's choice and a flood's visiting
// order follow it, so it is written once here.
#include <array>

#include "model/connectivity.h"
#include "model/grid.h"

namespace burrow {

inline constexpr std::array<Point, 8> kSteps = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}}};

// How many of kSteps a rule of movement takes.
inline constexpr int stepCount(Connectivity movement) { return movement == Connectivity::Four ? 4 : 8; }

} // namespace burrow
