#pragma once
// Why a seed is extreme, drawn where it happens: the longest walk from the start,
// the dead ends, and the walkable cells the start cannot reach. explore's report
// draws them over the thumbnails of its typical and extreme seeds, so a designer sees
// at a glance what made "longest_path" or "reachable_share" the max or the min.
// Linear in the level's area (one search from the start, the dead-end pass).
#include <cstdint>
#include <vector>

#include "model/connectivity.h"
#include "model/level.h"

namespace burrow {

enum class Evidence : std::uint8_t { None, LongestWalk, DeadEnd, Unreachable };

struct LevelEvidence {
    LevelSize size;
    std::vector<Evidence> cells; // row-major per depth, depth after depth
    Evidence at(int x, int y, int z) const {
        return cells[(static_cast<std::size_t>(z) * static_cast<std::size_t>(size.height) + static_cast<std::size_t>(y)) * static_cast<std::size_t>(size.width) +
                     static_cast<std::size_t>(x)];
    }
};

// Without a start marker there is no walk and nothing is unreachable: only dead ends.
LevelEvidence levelEvidence(const Level& level, Connectivity movement);

// The colour each kind of evidence is drawn in (0xRRGGBB).
std::uint32_t evidenceColour(Evidence e);

} // namespace burrow
