#pragma once
// Colours for showing regions. A hash of each region's first cell alone put
// near-identical hues side by side; here neighbouring regions (closer than
// kRegionNeighbourGap cells of rock) always differ, drawn from a palette of
// colours chosen to be told apart, and a region keeps its colour while regions
// that come after it in scan order change (scrubbing, pruning, hand edits).
// The editor and the PNG export both use it, so a region looks the same in both.
#include <array>
#include <cstdint>
#include <vector>

#include "regions/region_map.h"

namespace burrow {

// Twelve colours told apart easily, also by most colour-blind viewers in pairs
// that differ in lightness (after Sasha Trubetskoy's "20 simple distinct colours",
// without the darkest, which vanish over walls). 0xRRGGBB.
inline constexpr std::array<std::uint32_t, 12> kRegionPalette = {
    0xe6194b, 0x3cb44b, 0xffe119, 0x4363d8, 0xf58231, 0x42d4f4,
    0xf032e6, 0xbfef45, 0xfabed4, 0x469990, 0xdcbeff, 0x9a6324,
};

// Two regions are neighbours when a cell of one is within this many cells of a
// cell of the other (across rock): what the eye reads as "next to each other".
inline constexpr int kRegionNeighbourGap = 3;

// Pairs of neighbouring regions (labels, smaller first), sorted, each once.
// Linear in the runs and the level's width.
std::vector<std::pair<std::int32_t, std::int32_t>> neighbouringRegions(const RegionRuns& regions);

// One colour per region (0xRRGGBB), indexed by label - 1. Regions are coloured in
// label order (scan order of their first cells): each takes the palette entry its
// first cell hashes to, or the next one no earlier neighbour has.
std::vector<std::uint32_t> regionColours(const RegionRuns& regions);

} // namespace burrow
