#include "analysis/measure.h"

#include <algorithm>
#include <limits>

#include "play/bot.h"
#include "play/game.h"
#include "regions/keyed_flood.h"
#include "regions/region_map.h"

namespace burrow {
namespace {


double share(double part, double whole) { return whole > 0 ? part / whole : 0.0; }

std::size_t idx(const char* id) { return *metricIndex(id); }

// One pass over a depth for what depends only on neighbouring cells: dead ends
// (by the movement rule) and, for loops, the 4-neighbour walkable graph's vertices,
// edges and open 2 x 2 squares. Rows of walkable flags padded with a blocked cell
// on each side, so no cell needs a bounds check.
struct LocalCounts {
    long long vertices = 0, edges = 0, squares = 0, deadEnds = 0;
};

LocalCounts countLocal(const TileGrid& tiles, Connectivity movement, const TileKinds& kinds) {
    const int w = tiles.width(), h = tiles.height();
    const bool eight = movement == Connectivity::Eight;
    std::vector<std::uint8_t> rows(static_cast<std::size_t>(w + 2) * 3, 0);
    auto row = [&](int slot) { return rows.data() + static_cast<std::size_t>(slot) * static_cast<std::size_t>(w + 2) + 1; };
    auto load = [&](int slot, int y) {
        std::uint8_t* r = row(slot);
        if (y < 0 || y >= h) {
            std::fill(r - 1, r + w + 1, std::uint8_t{0});
            return;
        }
        const Tile* t = tiles.row(y);
        for (int x = 0; x < w; ++x) r[x] = kinds.walkable(t[x]) ? 1 : 0;
    };
    LocalCounts c;
    load(0, -1);
    load(1, 0);
    for (int y = 0; y < h; ++y) {
        load(2, y + 1);
        const std::uint8_t *up = row(0), *here = row(1), *down = row(2);
        for (int x = 0; x < w; ++x) {
            if (!here[x]) continue;
            ++c.vertices;
            c.edges += here[x + 1] + down[x];
            c.squares += here[x + 1] & down[x] & down[x + 1];
            int open = up[x] + down[x] + here[x - 1] + here[x + 1];
            if (eight) open += up[x - 1] + up[x + 1] + down[x - 1] + down[x + 1];
            c.deadEnds += open == 1;
        }
        std::rotate(rows.begin(), rows.begin() + (w + 2), rows.end()); // down becomes here, here up
    }
    return c;
}

// The locks with a locked door on depth z (each once), added to `all` as well.
int locksOn(const Level& level, int z, std::vector<std::string>& all) {
    std::vector<std::string> here;
    for (const Door& d : level.doors)
        if (d.at.z == z && !d.lock.empty() && level.contains(d.at.x, d.at.y, z) && level.at(d.at.x, d.at.y, z) == Tile::LockedDoor &&
            std::find(here.begin(), here.end(), d.lock) == here.end()) {
            here.push_back(d.lock);
            if (std::find(all.begin(), all.end(), d.lock) == all.end()) all.push_back(d.lock);
        }
    return static_cast<int>(here.size());
}

double median(std::vector<double> values) {
    if (values.empty()) return Measurement::kNone;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace

Measurement measure(const Level& level, Connectivity movement, const MeasureOptions& options) {
    const auto& catalog = metricCatalog();
    const int depths = level.depthCount();
    Measurement m;
    m.movement = movement;
    m.upTo = options.upTo;
    m.level.assign(catalog.size(), Measurement::kNone);
    m.depths.assign(static_cast<std::size_t>(depths), std::vector<double>(catalog.size(), Measurement::kNone));
    auto set = [&](int z, const char* id, double value) { m.depths[static_cast<std::size_t>(z)][idx(id)] = value; };
    auto total = [&](const char* id, double value) { m.level[idx(id)] = value; };

    // Cheap: one pass a depth, plus the level's features.
    double cells = 0, walkable = 0, largest = 0, corridorCells = 0;
    std::vector<double> walkableOf(static_cast<std::size_t>(depths), 0);
    double regions = 0, stairs = 0, rooms = 0, hallways = 0, deadEnds = 0, loops = 0, creatures = 0, items = 0, itemsInRooms = 0;
    std::vector<std::string> lockIds; // every depth's, each once
    for (int z = 0; z < depths; ++z) {
        const TileGrid& tiles = level.tiles(z);
        const RegionRuns runs = labelRuns(tiles, movement, level.kinds);
        double open = 0, big = 0;
        for (const RegionInfo& r : runs.regions) {
            open += r.size;
            big = std::max(big, double(r.size));
        }
        walkableOf[static_cast<std::size_t>(z)] = open;
        // Hallway cells outside rooms: marked on a byte a cell, areas being rectangles
        // (only on depths that have areas).
        double depthRooms = 0, depthHallways = 0;
        for (const Area& a : level.areas)
            if (a.depth == z) (a.kind == AreaKind::Room ? depthRooms : depthHallways) += 1;
        Grid<std::uint8_t> kind;
        double corridor = 0;
        if (depthRooms + depthHallways > 0) {
            kind = Grid<std::uint8_t>(tiles.width(), tiles.height(), 0);
            for (const Area& a : level.areas) {
                if (a.depth != z) continue;
                const std::uint8_t bit = a.kind == AreaKind::Room ? 1 : 2;
                for (int y = std::max(0, a.bounds.y); y < std::min(tiles.height(), a.bounds.y + a.bounds.height); ++y)
                    for (int x = std::max(0, a.bounds.x); x < std::min(tiles.width(), a.bounds.x + a.bounds.width); ++x) kind(x, y) |= bit;
            }
            for (int y = 0; y < tiles.height(); ++y)
                for (int x = 0; x < tiles.width(); ++x) corridor += kind(x, y) == 2 && level.kinds.walkable(tiles(x, y));
        }
        double depthStairs = 0;
        for (const StairsPair& s : level.stairs) depthStairs += s.upperDepth == z;
        double depthCreatures = 0, depthItems = 0, depthItemsInRooms = 0;
        for (const Entity& e : level.entities) {
            if (e.at.z != z) continue;
            const EntityTemplate* t = level.findTemplate(e.templateName);
            if (!t) continue;
            depthCreatures += t->kind == EntityKind::Creature;
            if (t->kind == EntityKind::Item) {
                ++depthItems;
                depthItemsInRooms += kind.size() > 0 && (kind(e.at.x, e.at.y) & 1) != 0;
            }
        }
        const LocalCounts local = countLocal(tiles, movement, level.kinds);
        // Loops: Euler's formula on the planar 4-neighbour walkable graph gives its inner
        // faces as E - V + C; the faces that are not holes are its open 2 x 2 squares.
        const long long components4 =
            movement == Connectivity::Four ? static_cast<long long>(runs.regions.size()) : static_cast<long long>(labelRuns(tiles, Connectivity::Four, level.kinds).regions.size());
        const double depthDeadEnds = static_cast<double>(local.deadEnds);
        const double depthLoops = static_cast<double>(local.edges - local.vertices + components4 - local.squares);
        set(z, "floor_share", share(open, double(tiles.size())));
        set(z, "regions", double(runs.regions.size()));
        set(z, "largest_region_share", share(big, open));
        set(z, "stairs_pairs", depthStairs);
        set(z, "rooms", depthRooms);
        set(z, "hallways", depthHallways);
        set(z, "corridor_share", share(corridor, open));
        set(z, "dead_ends", depthDeadEnds);
        set(z, "loops", depthLoops);
        set(z, "creatures", depthCreatures);
        set(z, "items", depthItems);
        set(z, "items_per_room", depthRooms > 0 ? depthItemsInRooms / depthRooms : 0.0);
        set(z, "locks", double(locksOn(level, z, lockIds)));
        cells += double(tiles.size());
        walkable += open;
        largest = std::max(largest, big);
        corridorCells += corridor;
        regions += double(runs.regions.size());
        stairs += depthStairs;
        rooms += depthRooms;
        hallways += depthHallways;
        deadEnds += depthDeadEnds;
        loops += depthLoops;
        creatures += depthCreatures;
        items += depthItems;
        itemsInRooms += depthItemsInRooms;
    }
    total("floor_share", share(walkable, cells));
    total("regions", regions);
    total("largest_region_share", share(largest, walkable));
    total("stairs_pairs", stairs);
    total("rooms", rooms);
    total("hallways", hallways);
    total("corridor_share", share(corridorCells, walkable));
    total("dead_ends", deadEnds);
    total("loops", loops);
    total("creatures", creatures);
    total("items", items);
    total("items_per_room", rooms > 0 ? itemsInRooms / rooms : 0.0);
    total("locks", double(lockIds.size()));
    if (options.upTo == MetricCost::Cheap) return m;

    // Search: reachability by regions, distances by one search from the start.
    // A locked door is open where its key can be reached without passing it, and wall
    // otherwise: the searches walk the level as a player holding every key in reach
    // sees it, and the doors that open count among the walkable cells.
    const bool hasLocks = hasLockedDoors(level);
    const Level keyed = hasLocks ? withReachableLocksOpen(level, movement) : Level();
    const Level& walked = hasLocks ? keyed : level;
    if (hasLocks)
        for (int z = 0; z < depths; ++z) {
            const TileGrid &before = level.tiles(z), &after = keyed.tiles(z);
            for (std::size_t i = 0; i < before.size(); ++i)
                if (before.data()[i] != after.data()[i]) walkableOf[static_cast<std::size_t>(z)] += 1, walkable += 1;
        }
    const ReachabilityReport reach = reachability(walked, movement);
    m.start = reach.start;
    m.unreachable = reach.unreachable;
    std::vector<Cell> sources;
    if (reach.start) sources.push_back(*reach.start);
    const DistanceMap distances = distanceMap(walked, sources, movement);
    double reachable = 0, longest = 0;
    for (int z = 0; z < depths; ++z) {
        double far = 0;
        for (std::int32_t d : distances.depth(z)) far = std::max(far, double(d));
        set(z, "reachable_share", share(reach.reachable[static_cast<std::size_t>(z)], walkableOf[static_cast<std::size_t>(z)]));
        set(z, "longest_path", far);
        reachable += reach.reachable[static_cast<std::size_t>(z)];
        longest = std::max(longest, far);
    }
    total("reachable_share", share(reachable, walkable));
    total("longest_path", longest);
    double toExit = Measurement::kNone;
    for (const Marker& marker : level.markers)
        if (marker.name == "exit" && level.contains(marker.at.x, marker.at.y, marker.at.z)) {
            const std::int32_t d = distances.at(marker.at.x, marker.at.y, marker.at.z);
            if (d >= 0 && (std::isnan(toExit) || d < toExit)) toExit = d;
        }
    total("start_to_exit", toExit);
    // Fetching the keys the way needs: the same walk when nothing is locked.
    if (!hasLocks) total("critical_path", toExit);
    else if (const auto path = criticalPath(level, movement, reach.start)) total("critical_path", *path);
    double toDeepest = Measurement::kNone;
    for (std::int32_t d : distances.depth(depths - 1))
        if (d >= 0 && (std::isnan(toDeepest) || d < toDeepest)) toDeepest = d;
    total("start_to_deepest", toDeepest);
    double near = 0;
    for (const Entity& e : level.entities) {
        const EntityTemplate* t = level.findTemplate(e.templateName);
        if (!t || t->kind != EntityKind::Creature || !level.contains(e.at.x, e.at.y, e.at.z)) continue;
        const std::int32_t d = distances.at(e.at.x, e.at.y, e.at.z);
        near += d >= 0 && d <= kNearStartSteps;
    }
    total("enemies_near_start", near);
    if (options.upTo == MetricCost::Search) return m;

    // Bot games: each on its own copy of the level, seeded in turn.
    double won = 0;
    std::vector<double> turns, damage;
    for (int g = 0; g < options.botGames; ++g) {
        Game game(level, options.botSeed + static_cast<std::uint64_t>(g), GameOptions::forMovement(movement));
        const GameSummary summary = playWithBot(game, options.botMaxTurns);
        won += summary.outcome == Outcome::Won;
        turns.push_back(summary.turns);
        damage.push_back(summary.damageTaken);
    }
    total("bot_win_rate", share(won, options.botGames));
    total("bot_median_turns", median(turns));
    total("bot_damage_taken", median(damage));
    return m;
}

nlohmann::ordered_json metricValueJson(std::size_t metric, double value) {
    if (std::isnan(value)) return nullptr;
    const std::string& unit = metricCatalog()[metric].unit;
    const bool whole = unit == "count" || unit == "cells" || unit == "steps" || unit == "turns" || unit == "HP";
    if (whole && value == std::floor(value) && std::abs(value) < 9e15) return static_cast<std::int64_t>(value);
    return value;
}

nlohmann::ordered_json measurementToJson(const Measurement& m, bool withDepths) {
    using nlohmann::ordered_json;
    const auto& catalog = metricCatalog();
    const MetricCost reached = m.upTo;
    ordered_json totals = ordered_json::object();
    for (std::size_t i = 0; i < catalog.size(); ++i)
        if (catalog[i].cost <= reached) totals[catalog[i].id] = metricValueJson(i, m.level[i]);
    ordered_json doc = ordered_json::object();
    doc["movement"] = static_cast<int>(m.movement);
    doc["start"] = m.start ? ordered_json{{"x", m.start->x}, {"y", m.start->y}, {"depth", m.start->z}} : ordered_json(nullptr);
    doc["total"] = totals;
    if (!withDepths) return doc;
    ordered_json depths = ordered_json::array();
    for (std::size_t z = 0; z < m.depths.size(); ++z) {
        ordered_json d = {{"depth", z}};
        for (std::size_t i = 0; i < catalog.size(); ++i)
            if (catalog[i].perDepth && catalog[i].cost <= reached) d[catalog[i].id] = metricValueJson(i, m.depths[z][i]);
        if (reached >= MetricCost::Search) {
            ordered_json unreachable = ordered_json::array();
            for (const UnreachableRegion& u : m.unreachable)
                if (static_cast<std::size_t>(u.depth) == z)
                    unreachable.push_back({{"region", u.label}, {"size", u.size}, {"x", u.representative.x}, {"y", u.representative.y}});
            d["unreachable_regions"] = unreachable;
        }
        depths.push_back(d);
    }
    doc["depths"] = depths;
    return doc;
}

void recordWarnings(Measurement& measurement, std::size_t warnings) {
    static const std::size_t index = *metricIndex("warnings");
    if (index < measurement.level.size()) measurement.level[index] = static_cast<double>(warnings);
}

nlohmann::ordered_json levelStatsJson(const std::string& projectName, std::uint64_t seed, const std::string& projectHash,
                                      const std::string& levelHash, const Measurement& m) {
    nlohmann::ordered_json doc = {{"project", projectName}, {"seed", seed}, {"project_hash", projectHash}, {"level_hash", levelHash}};
    doc.update(measurementToJson(m));
    return doc;
}

} // namespace burrow
