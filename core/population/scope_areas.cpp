#include "population/scope_areas.h"

#include <algorithm>
#include <limits>

#include "regions/reachability.h"
#include "regions/region_map.h"

namespace burrow {
namespace {

AreaPart partOf(const Level& level, int depth, const Rect& rect) {
    const Rect clipped{std::max(0, rect.x), std::max(0, rect.y), std::min(rect.right(), level.width()) - std::max(0, rect.x),
                       std::min(rect.bottom(), level.height()) - std::max(0, rect.y)};
    AreaPart part{depth, clipped, CellMask(std::max(0, clipped.width), std::max(0, clipped.height))};
    const TileGrid& tiles = level.tiles(depth);
    for (int y = 0; y < part.bounds.height; ++y)
        for (int x = 0; x < part.bounds.width; ++x)
            if (level.kinds.walkable(tiles(part.bounds.x + x, part.bounds.y + y))) part.inside.set(x, y);
    return part;
}

ScopeArea fromArea(const Level& level, const Area& a) {
    return {std::string(areaKindId(a.kind)) + " " + std::to_string(a.ordinal) + (level.depthCount() > 1 ? " of depth " + std::to_string(a.depth) : ""),
            a.id,
            {partOf(level, a.depth, a.bounds)}};
}

std::vector<ScopeArea> areasOfKind(const Level& level, AreaKind kind) {
    std::vector<ScopeArea> result;
    for (const Area& a : level.areas)
        if (a.kind == kind) result.push_back(fromArea(level, a));
    return result;
}

std::vector<ScopeArea> caves(const Level& level, Connectivity movement) {
    std::vector<ScopeArea> result;
    for (int z = 0; z < level.depthCount(); ++z) {
        const RegionRuns regions = labelRuns(level.tiles(z), movement, level.kinds);
        const std::size_t first = result.size();
        for (const RegionInfo& r : regions.regions) {
            ScopeArea area;
            area.label = "cave " + std::to_string(r.label) + (level.depthCount() > 1 ? " of depth " + std::to_string(z) : "");
            area.parts.push_back({z, r.bounds, CellMask(r.bounds.width, r.bounds.height)});
            result.push_back(std::move(area));
        }
        for (const CellRun& run : regions.runs) {
            AreaPart& part = result[first + static_cast<std::size_t>(run.label - 1)].parts[0];
            part.inside.setRun(run.y - part.bounds.y, run.x0 - part.bounds.x, run.x1 - part.bounds.x);
        }
    }
    return result;
}

ScopeArea wholeDepth(const Level& level, int z) {
    return {"depth " + std::to_string(z), -1, {partOf(level, z, {0, 0, level.width(), level.height()})}};
}

// The room with the longest walk from the start (nearest cell of each room counts);
// ties go to the first room. Rooms the start cannot reach are not "far", they are lost.
std::vector<ScopeArea> furthestRoom(const Level& level, Connectivity movement) {
    const auto start = defaultStart(level);
    if (!start) return {};
    const DistanceMap distance = distanceMap(level, std::vector<Cell>{*start}, movement);
    const Area* best = nullptr;
    int bestDistance = -1;
    for (const Area& a : level.areas) {
        if (a.kind != AreaKind::Room) continue;
        int nearest = std::numeric_limits<int>::max();
        for (int y = std::max(0, a.bounds.y); y < std::min(a.bounds.bottom(), level.height()); ++y)
            for (int x = std::max(0, a.bounds.x); x < std::min(a.bounds.right(), level.width()); ++x) {
                const int d = distance.at(x, y, a.depth);
                if (d >= 0) nearest = std::min(nearest, d);
            }
        if (nearest != std::numeric_limits<int>::max() && nearest > bestDistance) {
            bestDistance = nearest;
            best = &a;
        }
    }
    if (!best) return {};
    return {fromArea(level, *best)};
}

std::vector<ScopeArea> startRoom(const Level& level, Connectivity movement) {
    const auto start = defaultStart(level);
    if (!start) return {};
    for (const Area& a : level.areas)
        if (a.kind == AreaKind::Room && a.depth == start->z && a.bounds.contains(start->x, start->y)) return {fromArea(level, a)};
    // No room holds the start: its cave is the start "room".
    for (ScopeArea& cave : caves(level, movement))
        if (cave.parts[0].depth == start->z && cave.parts[0].contains(start->x, start->y)) {
            cave.label = "the start " + cave.label;
            return {std::move(cave)};
        }
    return {};
}

} // namespace

std::vector<ScopeArea> scopeAreas(const Level& level, Scope scope, Connectivity movement) {
    switch (scope) {
    case Scope::EachRoom: return areasOfKind(level, AreaKind::Room);
    case Scope::EachHallway: return areasOfKind(level, AreaKind::Hallway);
    case Scope::EachCave: return caves(level, movement);
    case Scope::EachDepth: {
        std::vector<ScopeArea> result;
        for (int z = 0; z < level.depthCount(); ++z) result.push_back(wholeDepth(level, z));
        return result;
    }
    case Scope::StartRoom: return startRoom(level, movement);
    case Scope::FurthestRoom: return furthestRoom(level, movement);
    case Scope::Level: {
        ScopeArea all{"the level", -1, {}};
        for (int z = 0; z < level.depthCount(); ++z) all.parts.push_back(wholeDepth(level, z).parts[0]);
        return {std::move(all)};
    }
    }
    return {};
}

} // namespace burrow
