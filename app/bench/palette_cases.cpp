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

StageEntry wfc() { return stage("wave_function_collapse", {{"sample", std::string("ruins")}}); }

} // namespace

std::vector<Case> paletteCases() {
    return {
        {"maze, braid 0", "1001x1001", "≤ 6 ms: met on an AMD EPYC (5.5 ms; rot.js there, node 20: EllerMaze 42 ms, IceyMaze 148 ms), not on the machine before it (7.3 ms; 8.1 ms the day before a cell left the list when its last way on was taken, not when next picked, and the place of the next random pick was fetched ahead; 8.8 ms before the newest-or-random draw compared its 53 bits with a threshold instead of making a double of them) (the issue's rot.js figures: EllerMaze 27.9 ms, IceyMaze 121 ms, DividedMaze 1.1 s)", making({1001, 1001, 1}, stage("maze", {}))},
        {"maze, braid 1", "1001x1001", "(every dead end opened)", making({1001, 1001, 1}, stage("maze", {{"braid", 1.0}}))},
        {"bsp rooms", "1000x1000", "≤ 10 ms", making({1000, 1000, 1}, stage("bsp_rooms", {}))},
        {"wave function collapse, N = 3, symmetry 8, a 16 x 16 sample", "64x64", "≤ 10 ms: not met: 14.2 ms on an AMD EPYC, 16.3 ms on the machine before it (fast-wfc: 22.1 ms); each pattern of each cell is banned once, 0.92 million bans at about 17 ns, counted a position at a time, a ban's weight and trail settled as it is counted (20.4 ms the same day before; 48 ms before bans were counted a position at a time)", making({64, 64, 1}, wfc(), true)},
        {"wave function collapse, N = 3, symmetry 8, a 16 x 16 sample", "256x256", "≤ 0.6 s: met (843 ms the same day before bans were counted a position at a time); ≤ 30x the 64² row: met, about 18x; seeds 1..16 each finish at their first attempt, 0.31 s on average (1.0 s the same day before the level swept from its top-left corner, when two attempts in three failed) (fast-wfc: 1.8 s)",
         making({256, 256, 1}, wfc(), true)},
        {"wave function collapse from 64 x 64 noise: about 30,000 patterns", "24x24", "(bounded: 17.4 s before a neighbour lost each used-up key's list of patterns instead of the union of their sets, 470 words each; N = 4 took 48 s on a 48 x 36 level, 2 s now; 31 ns a position and pattern, the estimate counts 36)",
         making({24, 24, 1}, wfc(), true, true)},
    };
}

} // namespace burrow::bench
