#include "regions/level_metrics.h"

#include <algorithm>

#include "regions/region_map.h"

namespace burrow {
namespace {

int countDeadEnds(const TileGrid& tiles, Connectivity movement) {
    static constexpr int kDx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    static constexpr int kDy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
    const int directions = movement == Connectivity::Eight ? 8 : 4;
    int deadEnds = 0;
    for (int y = 0; y < tiles.height(); ++y)
        for (int x = 0; x < tiles.width(); ++x) {
            if (!isWalkable(tiles(x, y))) continue;
            int open = 0;
            for (int d = 0; d < directions; ++d) {
                const int nx = x + kDx[d], ny = y + kDy[d];
                open += tiles.contains(nx, ny) && isWalkable(tiles(nx, ny));
            }
            deadEnds += open == 1;
        }
    return deadEnds;
}

double share(long long part, long long whole) { return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0; }

} // namespace

LevelMetrics measureLevel(const Level& level, Connectivity movement) {
    LevelMetrics metrics;
    metrics.movement = movement;
    const ReachabilityReport reach = reachability(level, movement);
    metrics.start = reach.start;
    std::vector<Cell> sources;
    if (reach.start) sources.push_back(*reach.start);
    const DistanceMap distances = distanceMap(level, sources, movement);
    long long cells = 0, walkable = 0, reachable = 0;
    for (int z = 0; z < level.depthCount(); ++z) {
        const TileGrid& tiles = level.tiles(z);
        const RegionMap regions = labelRegions(tiles, movement);
        DepthMetrics d;
        d.depth = z;
        d.walkable = reach.walkable[static_cast<std::size_t>(z)];
        d.floorShare = share(d.walkable, static_cast<long long>(tiles.size()));
        d.regions = regions.count();
        int largest = 0;
        for (const RegionInfo& r : regions.regions) largest = std::max(largest, r.size);
        d.largestRegionShare = share(largest, d.walkable);
        for (const StairsPair& s : level.stairs) d.stairsDown += s.upperDepth == z;
        d.reachableShare = share(reach.reachable[static_cast<std::size_t>(z)], d.walkable);
        for (std::int32_t v : distances.depth(z)) d.longestPath = std::max(d.longestPath, static_cast<int>(v));
        d.deadEnds = countDeadEnds(tiles, movement);
        for (const Area& a : level.areas)
            if (a.depth == z) {
                d.rooms += a.kind == AreaKind::Room;
                d.hallways += a.kind == AreaKind::Hallway;
            }
        for (const UnreachableRegion& u : reach.unreachable)
            if (u.depth == z) d.unreachable.push_back(u);

        cells += static_cast<long long>(tiles.size());
        walkable += d.walkable;
        reachable += reach.reachable[static_cast<std::size_t>(z)];
        metrics.regions += d.regions;
        metrics.stairsPairs += d.stairsDown;
        metrics.deadEnds += d.deadEnds;
        metrics.rooms += d.rooms;
        metrics.hallways += d.hallways;
        metrics.depths.push_back(std::move(d));
    }
    metrics.floorShare = share(walkable, cells);
    metrics.reachableShare = share(reachable, walkable);
    for (const DepthMetrics& d : metrics.depths) metrics.longestPath = std::max(metrics.longestPath, d.longestPath);
    return metrics;
}

} // namespace burrow
