#include "analysis/level_evidence.h"

#include <algorithm>

#include "analysis/dead_ends.h"
#include "model/directions.h"
#include "regions/reachability.h"

namespace burrow {

namespace {

std::size_t indexOf(const LevelSize& s, int x, int y, int z) {
    return (static_cast<std::size_t>(z) * static_cast<std::size_t>(s.height) + static_cast<std::size_t>(y)) * static_cast<std::size_t>(s.width) +
           static_cast<std::size_t>(x);
}

// From the farthest cell back to the start, one step closer each time: a neighbour on
// the same depth, or the other end of stairs, whose distance is one less.
void markLongestWalk(const Level& level, const DistanceMap& distances, Connectivity movement, LevelEvidence& evidence) {
    Cell far{0, 0, 0};
    std::int32_t farthest = -1;
    for (int z = 0; z < level.depthCount(); ++z)
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x)
                if (distances.at(x, y, z) > farthest) {
                    farthest = distances.at(x, y, z);
                    far = {x, y, z};
                }
    Cell at = far;
    for (std::int32_t d = farthest; d >= 0; --d) {
        evidence.cells[indexOf(evidence.size, at.x, at.y, at.z)] = Evidence::LongestWalk;
        if (d == 0) break;
        bool stepped = false;
        for (int s = 0; s < stepCount(movement) && !stepped; ++s) {
            const int x = at.x + kSteps[static_cast<std::size_t>(s)].x, y = at.y + kSteps[static_cast<std::size_t>(s)].y;
            if (x < 0 || y < 0 || x >= level.width() || y >= level.height() || distances.at(x, y, at.z) != d - 1) continue;
            at = {x, y, at.z};
            stepped = true;
        }
        for (int z : {at.z - 1, at.z + 1})
            if (!stepped && z >= 0 && z < level.depthCount() && distances.at(at.x, at.y, z) == d - 1) {
                at = {at.x, at.y, z};
                stepped = true;
            }
        if (!stepped) break; // cannot happen with a breadth-first map; never loop on it
    }
}

} // namespace

LevelEvidence levelEvidence(const Level& level, Connectivity movement) {
    LevelEvidence evidence{level.size(), std::vector<Evidence>(static_cast<std::size_t>(level.width()) * static_cast<std::size_t>(level.height()) *
                                                                   static_cast<std::size_t>(level.depthCount()),
                                                               Evidence::None)};
    const DistanceMap deadEnds = deadEndDepths(level, movement);
    for (int z = 0; z < level.depthCount(); ++z)
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x)
                if (deadEnds.at(x, y, z) >= 0) evidence.cells[indexOf(evidence.size, x, y, z)] = Evidence::DeadEnd;
    const auto start = std::find_if(level.markers.begin(), level.markers.end(), [](const Marker& m) { return m.name == "start"; });
    if (start == level.markers.end()) return evidence;
    const Cell source = start->at;
    const DistanceMap distances = distanceMap(level, std::span<const Cell>(&source, 1), movement);
    for (int z = 0; z < level.depthCount(); ++z)
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x)
                if (level.kinds.walkable(level.at(x, y, z)) && distances.at(x, y, z) < 0) evidence.cells[indexOf(evidence.size, x, y, z)] = Evidence::Unreachable;
    markLongestWalk(level, distances, movement, evidence);
    return evidence;
}

std::uint32_t evidenceColour(Evidence e) {
    switch (e) {
    case Evidence::LongestWalk: return 0xffd21f; // yellow
    case Evidence::DeadEnd: return 0xff7a1a;     // orange
    case Evidence::Unreachable: return 0xe0243a; // red
    case Evidence::None: break;
    }
    return 0;
}

} // namespace burrow
