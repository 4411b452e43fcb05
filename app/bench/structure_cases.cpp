// The structure stages' speed cases: a room graph laid out, as the issue names it
// (20 rooms, 3 cycles), loops added to a megacell maze, and locks and keys on one.
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_case.h"
#include "bench_recipes.h"
#include "generation/level_canvas.h"
#include "pipeline/make_level.h"
#include "regions/keyed_flood.h"

namespace burrow::bench {
namespace {

// Twenty rooms as a branching tree (room i joins room (i - 1) / 2), doors and
// corridors in turn, and three cycles between brothers.
RoomGraph twentyRooms() {
    RoomGraph g;
    g.id = "twenty";
    for (int i = 0; i < 20; ++i) {
        RoomNode n;
        n.id = "r" + std::to_string(i);
        RoomTemplate t;
        t.minWidth = 4, t.maxWidth = 8, t.minHeight = 3, t.maxHeight = 6;
        n.templates = {t};
        if (i == 0) n.tags = {"start"};
        g.nodes.push_back(n);
        if (i > 0) g.edges.push_back({"r" + std::to_string((i - 1) / 2), n.id, i % 2 ? RoomEdge::Kind::Corridor : RoomEdge::Kind::Door, {}});
    }
    for (const auto& [a, b] : {std::pair{3, 4}, std::pair{5, 6}, std::pair{9, 10}}) g.edges.push_back({"r" + std::to_string(a), "r" + std::to_string(b), RoomEdge::Kind::Corridor, {}});
    return g;
}

std::function<std::function<void()>()> layingOut(LevelSize size) {
    return [=] {
        return [=] {
            Project p = projectOf(size, Recipe{{stage("room_graph", {{"graph", std::string("twenty")}})}});
            p.roomGraphs = {twentyRooms()};
            ProjectBuild made(std::move(p), 1234);
            made.build.run();
            if (made.build.level().areas.size() < 20) std::abort(); // every room laid
        };
    };
}

// A perfect maze (the "maze, braid 0" row), then up to 8 loops where a wall saves a
// walk of 5 times its width: the row less the maze's is add_loops'.
std::function<std::function<void()>()> mazeWithLoops(LevelSize size) {
    return [=] {
        return [=] {
            const Recipe before{{stage("maze", {})}};
            StageEntry loops = stage("add_loops", {}, before);
            Project p = projectOf(size, Recipe{{before.stages[0], loops}});
            ProjectBuild made(std::move(p), 1234);
            made.build.run();
            if (made.build.level().width() != size.width) std::abort();
        };
    };
}

// A perfect maze with its start in one corner and its exit in the other, made
// untimed; timed: the locks_and_keys stage alone, on the level in place as a build
// runs it, three locks on the chokepoints between them and their keys, in order.
std::function<std::function<void()>()> locksOnAMaze(LevelSize size) {
    return [=] {
        auto maze = std::make_shared<Level>(makeLevel(projectOf(size, Recipe{{stage("maze", {})}}), 1234).level);
        maze->markers.push_back({"start", {1, 1, 0}});
        maze->markers.push_back({"exit", {size.width - 2, size.height - 2, 0}});
        return [=] {
            Level& level = *maze;
            const StageType& type = *builtinStages().find("locks_and_keys");
            ParamValues params = ParamValues::defaults(type.params);
            params.set("locks", 3);
            StageSetup setup;
            setup.size = size;
            setup.rng = Rng(1234);
            const std::unique_ptr<Stage> keys = type.create(params, setup);
            LevelCanvas canvas(level, 0);
            while (!keys->finished()) keys->step(canvas);
            if (level.entities.size() != 3 || !hasLockedDoors(level)) std::abort(); // three keys, their doors
        };
    };
}

} // namespace

std::vector<Case> structureCases() {
    return {
        {"room graph, 20 rooms and 3 cycles", "100x60", "≤ 20 ms; 0 seeds of 1,000 warn", layingOut({100, 60, 1})},
        {"locks_and_keys, 3 locks on a maze", "1001x1001", "≤ 10 ms: met (12.6 ms the same day before the parts off the walk were joined from the search's own bits in runs of 8 bytes, without numbering regions, new neighbours were queued from a table of offsets and the plain floods tested one byte a cell; 21.3 ms the day before): the walk to the exit, the parts off it joined by rows, the keys' flood, each over the maze's half-million cells; the stage alone, on the level in place", locksOnAMaze({1001, 1001, 1})},
        {"maze, braid 0, then add_loops", "1001x1001", "add_loops ≤ 30 ms: met, about 18 ms (this row less the maze's; 27.6 ms for the row the same day before a table of offsets queued new neighbours; 28 ms the day before its searches read a cell's neighbours as three words). Two distance fields over the maze's half-million cells, the candidates one pass", mazeWithLoops({1001, 1001, 1})},
    };
}

} // namespace burrow::bench
