// Core speed cases: generation, regions, stairs, reachability.
#include <cstdlib>
#include <memory>

#include "analysis/breakpoints.h"
#include "bench_case.h"
#include "generation/generation.h"
#include "content/population_rules.h"
#include "pipeline/make_level.h"
#include "regions/reachability.h"
#include "pipeline/builtin_stages.h"
#include "bench_recipes.h"

namespace burrow::bench {
namespace {

Recipe recipeOf(StageEntry e) {
    Recipe r;
    r.stages.push_back(std::move(e));
    return r;
}


std::function<std::function<void()>()> generating(LevelSize size, Recipe recipe, bool record) {
    return [=] {
        return [=] {
            ProjectBuild made(projectOf(size, recipe), 1234, {record});
            made.build.run();
            if (made.build.level().width() != size.width) std::abort(); // keep the work observable
        };
    };
}

// Stepped as the editor's *Run until* steps it: with a breakpoint on "the number of
// regions changes" armed the whole way (its hits cleared, so it watches every step),
// or with none, the run the armed one is compared with.
std::function<std::function<void()>()> watchingRegions(LevelSize size, Recipe recipe, bool armed = true) {
    return [=] {
        return [=] {
            ProjectBuild made(projectOf(size, recipe), 1234);
            Breakpoint regions;
            regions.kind = Breakpoint::Kind::RegionsChange;
            BreakpointWatch watch(made.build.generation(), armed ? std::vector<Breakpoint>{regions} : std::vector<Breakpoint>{}, Connectivity::Eight);
            made.build.generation().setObserver(&watch);
            int hits = 0, steps = 0;
            while (made.build.step()) {
                ++steps;
                hits += watch.hit().has_value();
                watch.clear();
            }
            if ((armed && hits == 0) || steps == 0) std::abort(); // the regions did change
        };
    };
}

// Rooms and hallways at one room per 8,000 cells (the 2000 x 2000 case's density),
// joined to nearby rooms.
std::function<std::function<void()>()> roomsNearby(int side) {
    const std::int64_t rooms = static_cast<std::int64_t>(side) * side / 8000;
    return generating({side, side, 1},
                      recipeOf(stage("rooms_and_hallways", {{"rooms", rooms}, {"room_max_width", std::int64_t{30}},
                                                            {"room_max_height", std::int64_t{20}}, {"join", std::string("nearby")}})),
                      false);
}

// A level made by `recipe`, made once and copied for each run.
const Level& cachedLevel(LevelSize size, const Recipe& recipe) {
    static std::vector<std::pair<std::string, Level>> cache;
    const std::string key = std::to_string(size.width) + "x" + std::to_string(size.height) + "x" + std::to_string(size.depth) + "/" +
                            std::to_string(recipe.stages.size());
    for (const auto& [k, level] : cache)
        if (k == key) return level;
    cache.emplace_back(key, makeLevel(projectOf(size, recipe), 1234).level);
    return cache.back().second;
}

// Runs `stages` on a copy of a prepared level: measures those stages only.
std::function<std::function<void()>()> onPrepared(LevelSize size, Recipe prepare, std::vector<StageEntry> stages) {
    return [=] {
        auto level = std::make_shared<Level>(cachedLevel(size, prepare));
        return [level, stages, size] {
            for (const StageEntry& e : stages) {
                const StageType& type = *builtinStages().find(e.type);
                const int runs = type.scope == StageScope::WholeLevel ? 1 : size.depth;
                for (int z = 0; z < runs; ++z) {
                    auto stage = type.create(e.params, {size, z, RandomStreams(1234).stream(streamName(e, z)), Connectivity::Eight, e.rules});
                    LevelCanvas canvas(*level, z);
                    stage->run(canvas);
                }
            }
        };
    };
}

// Placing `count` things over a whole cellular cave level: enemies, or 1x1 and
// 3x1 obstacles that must not cut the cave apart.
std::function<std::function<void()>()> populating(LevelSize size, int count, bool obstacles) {
    return [=] {
        auto rules = std::make_shared<PopulationRules>();
        PopulationGroup group;
        group.name = obstacles ? "obstacles" : "enemies";
        group.scope = Scope::Level;
        group.number = {count, count};
        if (obstacles) {
            group.kind = PopulationGroup::Kind::Tiles;
            group.sizes = {{1, 1}, {3, 1}};
            group.tiles = {Tile::Obstacle};
        } else {
            group.entities = {{"enemy", {}}};
        }
        rules->groups.push_back(group);
        StageEntry populate = stage("populate", {});
        populate.rules = rules;
        return onPrepared(size, recipeOf(stage("cellular_caves", {})), {populate})();
    };
}

// A walled room of w x h with a door in the middle of its bottom wall.
Prefab walledRoom(const std::string& id, int w, int h) {
    Prefab p{id, id, w, h, std::vector<PrefabCell>(static_cast<std::size_t>(w * h)), {}};
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) p.at(x, y).tile = x == 0 || y == 0 || x == w - 1 || y == h - 1 ? Tile::Wall : Tile::Floor;
    p.at(w / 2, h - 1) = {Tile::Door, false, true};
    return p;
}

// `count` prefabs of up to 12 x 12, every turn and mirror, on a cave level.
std::function<std::function<void()>()> placingPrefabs(LevelSize size, int count, PrefabPlacement placement) {
    return [=] {
        auto rules = std::make_shared<PopulationRules>();
        PopulationGroup group;
        group.name = "vaults";
        group.kind = PopulationGroup::Kind::Prefabs;
        group.scope = Scope::Level;
        group.number = {count, count};
        group.prefabs = {walledRoom("hall", 12, 12), walledRoom("cell", 8, 5), walledRoom("closet", 4, 4)};
        group.quarterTurns = {0, 1, 2, 3};
        group.mirror = true;
        group.placement = placement;
        rules->groups.push_back(group);
        StageEntry populate = stage("populate", {});
        populate.rules = rules;
        return onPrepared(size, recipeOf(stage("cellular_caves", {})), {populate})();
    };
}

} // namespace

std::vector<Case> coreCases() {
    const Recipe cellular = recipeOf(stage("cellular_caves", {}));
    Recipe pruned = cellular;
    pruned.stages.push_back(stage("prune_regions", {}));
    const Recipe drones = recipeOf(stage("drone_mining", {{"drones_min", std::int64_t{1000}}, {"drones_max", std::int64_t{1000}},
                                                          {"life_min", std::int64_t{1000}}, {"life_max", std::int64_t{1000}},
                                                          {"ticks_per_step", std::int64_t{1000}}}));
    Recipe dronesTickByTick = drones;
    dronesTickByTick.stages[0].params.set("ticks_per_step", std::int64_t{1});
    Recipe linked = pruned;
    linked.stages.push_back(stage("depth_links", {}));
    return {
        {"cellular caves: noise + 3 generations", "1000x1000", "≤ 5 ms (rot.js: 256 ms)", generating({1000, 1000, 1}, cellular, false)},
        {"cellular caves: noise + 3 generations", "2000x2000", "(rot.js: 1.3 s)", generating({2000, 2000, 1}, cellular, false)},
        {"cellular caves stepped, recording every change", "1000x1000", "≤ 3x the plain run", generating({1000, 1000, 1}, cellular, true)},
        {"cellular caves stepped as Run until steps it, no breakpoint", "1000x1000", "(the run without, for the next row)", watchingRegions({1000, 1000, 1}, cellular, false)},
        {"cellular caves stepped, a regions-change breakpoint armed", "1000x1000", "≤ 2x the row above: not met (3-4x; 5-6x before RegionCounter): each of its 4 steps (noise, 3 generations) rewrites the depth (the generations flip 36%, 14% and 6% of it), so each is counted afresh, 5.3 ms in all; the noise's count alone (2.4 ms) passes the 1.9 ms the target leaves", watchingRegions({1000, 1000, 1}, cellular)},
        {"drone mining: 1,000,000 drone ticks", "1000x1000", "≤ 10 ms", generating({1000, 1000, 1}, drones, false)},
        {"drone mining, a tick a step: 1,000,000 drone ticks", "1000x1000", "(the plain run for the next row)", generating({1000, 1000, 1}, dronesTickByTick, false)},
        {"drone mining, a tick a step, a regions-change breakpoint armed", "1000x1000", "(was 859 ms relabelling every step; the regions now grow with the opened cells)", watchingRegions({1000, 1000, 1}, dronesTickByTick)},
        {"rooms and hallways: 500 rooms", "2000x2000", "≤ 20 ms",
         generating({2000, 2000, 1},
                    recipeOf(stage("rooms_and_hallways", {{"rooms", std::int64_t{500}}, {"room_max_width", std::int64_t{30}},
                                                          {"room_max_height", std::int64_t{20}}})),
                    false)},
        // Scaling at one room per 8,000 cells, joined nearby: each size has 4x the cells
        // of the one before, so flat time per cell is 4x the time.
        {"rooms and hallways joined nearby: 31 rooms", "500x500", "(scaling: time per cell flat ±30% up to 4000 x 4000)", roomsNearby(500)},
        {"rooms and hallways joined nearby: 125 rooms", "1000x1000", "(scaling)", roomsNearby(1000)},
        {"rooms and hallways joined nearby: 500 rooms", "2000x2000", "(scaling)", roomsNearby(2000)},
        {"rooms and hallways joined nearby: 2,000 rooms", "4000x4000", "(scaling)", roomsNearby(4000)},
        {"rooms and hallways joined in order (seed 003): 2,000 rooms", "4000x4000", "(hallways cross the map: the digging grows as width³)",
         generating({4000, 4000, 1},
                    recipeOf(stage("rooms_and_hallways", {{"rooms", std::int64_t{2000}}, {"room_max_width", std::int64_t{30}},
                                                          {"room_max_height", std::int64_t{20}}})),
                    false)},
        {"regions: label + prune a cellular cave", "1000x1000", "≤ 5 ms (typed-array flood fill: 22 ms)", onPrepared({1000, 1000, 1}, cellular, {stage("prune_regions", {})})},
        {"regions: label + prune + connect a cellular cave", "1000x1000", "≤ 50 ms (rot.js connect(): 855 s)",
         onPrepared({1000, 1000, 1}, cellular, {stage("prune_regions", {}), stage("connect_regions", {})})},
        {"depth links between 8 pruned cave depths", "1000x1000x8", "≤ 30 ms", onPrepared({1000, 1000, 8}, pruned, {stage("depth_links", {})})},
        {"reachability across 8 linked depths", "1000x1000x8", "≤ 30 ms",
         [=] {
             return [&level = cachedLevel({1000, 1000, 8}, linked)] {
                 if (reachability(level, Connectivity::Eight).walkable.size() != 8) std::abort();
             };
         }},
        {"distance map from the start across 8 linked depths", "1000x1000x8", "(no target; 3.9 million cells reached)",
         [=] {
             return [&level = cachedLevel({1000, 1000, 8}, linked)] {
                 const std::vector<Cell> start{*defaultStart(level)};
                 if (distanceMap(level, start, Connectivity::Eight).depthCount() != 8) std::abort();
             };
         }},
        {"room grid: 20 x 20 rooms", "401x401", "≤ 5 ms",
         generating({401, 401, 1},
                    recipeOf(stage("room_grid", {{"columns", std::int64_t{20}}, {"rows", std::int64_t{20}}, {"rooms", std::int64_t{400}}})),
                    false)},
        {"population: 2,000 enemies in one cave level", "1000x1000", "≤ 50 ms (was 72.9 s: a scan of the level per thing)", populating({1000, 1000, 1}, 2000, false)},
        // Scaling: 16 times the area and 5 times the things; each obstacle checks only its neighbourhood.
        {"population: 2,000 obstacles in one cave level", "1000x1000", "(scaling: 1 x 1 and 3 x 1 obstacles)", populating({1000, 1000, 1}, 2000, true)},
        {"population: 10,000 obstacles in one cave level", "4096x4096", "≤ 2 s (was 3.6 s per obstacle)", populating({4096, 4096, 1}, 10000, true)},
        {"prefabs: 200 of up to 12 x 12 on the floor of a cave level", "1000x1000", "≤ 100 ms", placingPrefabs({1000, 1000, 1}, 200, PrefabPlacement::Floor)},
        {"prefabs: 200 of up to 12 x 12 carved into its rock", "1000x1000", "≤ 100 ms", placingPrefabs({1000, 1000, 1}, 200, PrefabPlacement::Rock)},
        // Scaling: 16 times the rooms should take about 16 times as long.
        {"room grid: 64 x 64 rooms", "257x257", "(scaling)",
         generating({257, 257, 1},
                    recipeOf(stage("room_grid", {{"columns", std::int64_t{64}}, {"rows", std::int64_t{64}}, {"rooms", std::int64_t{64 * 64}}})),
                    false)},
        {"room grid: 256 x 256 rooms", "1025x1025", "≤ 0.5 s (was seconds: a scan of every door per door)",
         generating({1025, 1025, 1},
                    recipeOf(stage("room_grid", {{"columns", std::int64_t{256}}, {"rows", std::int64_t{256}}, {"rooms", std::int64_t{256 * 256}}})),
                    false)},
    };
}


} // namespace burrow::bench
