#pragma once
#include <cstdint>

namespace burrow {

// 4: cells touch along an edge (north, east, south, west). 8: corners count too.
// Regions are labelled and actors move with the same rule, so a region is a place
// a player can walk (seed 004 labelled with 8 and moved with 4: don't).
enum class Connectivity : std::uint8_t { Four = 4, Eight = 8 };

} // namespace burrow
