#include "population/scope_areas.h"

#include <algorithm>
#include <limits>

#include "regions/reachability.h"

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

std::string caveLabel(const Level& level, int label, int z) {
    return "cave " + std::to_string(label) + (level.depthCount() > 1 ? " of depth " + std::to_string(z) : "");
}

// Cave `r` of depth z, its cells set from its runs.
ScopeArea caveArea(const Level& level, int z, const RegionRuns& regions, const RegionRuns::ByRegion& byRegion, const RegionInfo& r) {
    ScopeArea area;
    area.label = caveLabel(level, r.label, z);
    AreaPart part{z, r.bounds, CellMask(r.bounds.width, r.bounds.height)};
    const auto index = static_cast<std::size_t>(r.label - 1);
    for (std::uint32_t i = byRegion.offset[index]; i < byRegion.offset[index + 1]; ++i) {
        const CellRun& run = regions.runs[byRegion.runIndex[i]];
        part.inside.setRun(run.y - part.bounds.y, run.x0 - part.bounds.x, run.x1 - part.bounds.x);
    }
    area.parts.push_back(std::move(part));
    return area;
}

std::vector<ScopeArea> caves(const Level& level, Connectivity movement) {
    std::vector<ScopeArea> result;
    for (ScopeAreaWalk walk(level, Scope::EachCave, movement); walk.current(); walk.next(level)) result.push_back(*walk.current());
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
    // No room holds the start: its cave is the start "room" (only its depth labelled).
    const RegionRuns regions = labelRuns(level.tiles(start->z), movement, level.kinds);
    const int label = regions.labelAt(start->x, start->y);
    if (label == 0) return {};
    ScopeArea cave = caveArea(level, start->z, regions, regions.byRegion(), regions.regions[static_cast<std::size_t>(label - 1)]);
    cave.label = "the start " + cave.label;
    return {std::move(cave)};
}

} // namespace

std::vector<ScopeArea> scopeAreas(const Level& level, Scope scope, Connectivity movement, const std::string& tag) {
    switch (scope) {
    case Scope::TaggedRoom: {
        std::vector<ScopeArea> result;
        for (const Area& a : level.areas)
            if (a.kind == AreaKind::Room && std::find(a.tags.begin(), a.tags.end(), tag) != a.tags.end()) {
                result.push_back(fromArea(level, a));
                result.back().label = "room \"" + a.node + "\"" + (level.depthCount() > 1 ? " of depth " + std::to_string(a.depth) : "");
            }
        return result;
    }
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

ScopeAreaWalk::ScopeAreaWalk(const Level& level, Scope scope, Connectivity movement, const std::string& tag)
    : caves_(scope == Scope::EachCave), movement_(movement) {
    if (caves_) {
        nextCave(level);
        return;
    }
    areas_ = scopeAreas(level, scope, movement, tag);
    done_ = areas_.empty();
}

void ScopeAreaWalk::next(const Level& level) {
    if (done_) return;
    if (caves_) {
        nextCave(level);
        return;
    }
    done_ = ++index_ >= areas_.size();
}

void ScopeAreaWalk::nextCave(const Level& level) {
    // On to the next depth with caves once this one's are done; its runs and
    // masks are dropped, so at most one depth's are held.
    while (region_ >= regions_.regions.size()) {
        if (depth_ + 1 >= level.depthCount()) {
            done_ = true;
            regions_ = {};
            byRegion_ = {};
            cave_ = {};
            return;
        }
        ++depth_;
        labelRuns(level.tiles(depth_), movement_, regions_, scratch_, level.kinds);
        byRegion_ = regions_.byRegion();
        region_ = 0;
    }
    cave_ = caveArea(level, depth_, regions_, byRegion_, regions_.regions[region_++]);
    done_ = false;
}

} // namespace burrow
