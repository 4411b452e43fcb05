// The palette's speed cases: mazes, BSP rooms and wave function collapse, each
// beside what the peers the issue names take for the same work on this machine.
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_case.h"
#include "bench_recipes.h"
#include "content/prefab.h"
#include "model/tile.h"
#include "random/rng.h"

namespace burrow::bench {
namespace {

// The largest sample a prefab may be (64 x 64), drawn as noise of five tiles: nearly
// every window a pattern of its own, about 30,000 of them.
Prefab noiseSample() {
    Prefab p;
    p.id = "ruins";
    p.width = p.height = kMaxPrefabSide;
    Rng draw(5);
    constexpr Tile kTiles[] = {Tile::Wall, Tile::Floor, Tile::Water, Tile::Door, Tile::Corridor};
    for (int i = 0; i < p.width * p.height; ++i) p.cells.push_back({kTiles[draw.below(5)]});
    return p;
}

std::function<std::function<void()>()> making(LevelSize size, StageEntry entry, bool withSample = false, bool noise = false) {
    return [=] {
        return [=] {
            Project p = projectOf(size, Recipe{{entry}});
            if (withSample) p.prefabs.prefabs.push_back(noise ? noiseSample() : ruinsSample());
            ProjectBuild made(std::move(p), 1234);
            made.build.run();
            if (made.build.level().width() != size.width) std::abort(); // keep the work observable
        };
    };
}

StageEntry wfc(bool periodicSample = false) {
    return stage("wave_function_collapse", {{"sample", std::string("ruins")}, {"periodic_sample", periodicSample}});
}

} // namespace

std::vector<Case> paletteCases() {
    return {
        {"maze, braid 0", "1001x1001", "≤ 6 ms where rot.js's EllerMaze took 27.9 ms (the issue's machine): met. Here, side by side (app/bench/peers): 5.5 to 5.8 ms against EllerMaze's 48 to 56 ms, IceyMaze's 140 to 173 ms and DividedMaze's 0.89 to 1.0 s; 7.3 ms on the machine before this AMD EPYC", making({1001, 1001, 1}, stage("maze", {}))},
        {"maze, braid 1", "1001x1001", "(every dead end opened)", making({1001, 1001, 1}, stage("maze", {{"braid", 1.0}}))},
        {"bsp rooms", "1000x1000", "≤ 10 ms", making({1000, 1000, 1}, stage("bsp_rooms", {}))},
        {"wave function collapse, N = 3, symmetry 8, a 16 x 16 sample", "64x64", "≤ 10 ms where fast-wfc took 22.1 ms (the issue's machine). Here, side by side (app/bench/peers): 15 ms against fast-wfc's 66 to 71 ms, 4.5 times as long where the target allows 2.2, with fast-wfc given burrow's first ban of the 8 patterns with no neighbour one way (without it, none of 150 seeds of this sample finishes); 13.7 ms at best on this AMD EPYC; 0.92 million bans at about 15 ns", making({64, 64, 1}, wfc(), true)},
        {"wave function collapse, N = 3, symmetry 8, a 16 x 16 sample", "256x256", "≤ 0.6 s: met; ≤ 30x the 64² row: met, 19x to 27x in runs minutes apart; seeds 1..16 each finish at their first attempt, 0.31 s on average. fast-wfc, side by side, finishes none of 5 seeds, given the same first bans or not (0.74 s an attempt; 2.2 s with the sample read periodic) (the issue's fast-wfc figure: 1.8 s)",
         making({256, 256, 1}, wfc(), true)},
        // The one setting of this sample fast-wfc finishes unaided: there, its windows across the
        // sample's edges give every pattern a neighbour each way (app/bench/peers).
        {"wave function collapse, the same sample read periodic", "64x64", "(fast-wfc, side by side with the same settings: 86 to 89 ms a finished level, 2 attempts in 5 failing)",
         making({64, 64, 1}, wfc(true), true)},
        {"wave function collapse from 64 x 64 noise: about 30,000 patterns", "24x24", "(bounded: 17.4 s before a neighbour lost each used-up key's list of patterns instead of the union of their sets, 470 words each; N = 4 took 48 s on a 48 x 36 level, 2 s now; 31 ns a position and pattern, the estimate counts 36)",
         making({24, 24, 1}, wfc(), true, true)},
    };
}

} // namespace burrow::bench
