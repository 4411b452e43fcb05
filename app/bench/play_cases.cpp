// Play-test speed cases: the field of view, one turn of ten thousand actors, and
// bot games in bulk.
#include <memory>
#include <sstream>

#include "analysis/measure.h"
#include "content/population_rules.h"
#include "bench_case.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "cli/cli.h"
#include "play/game.h"

namespace burrow::bench {
namespace {

// 1000 x 1000, 10% walls, from one seed.
Level openCave() {
    Level level({1000, 1000, 1}, Tile::Floor);
    Rng rng(17);
    for (Tile& t : level.tiles(0))
        if (rng.chance(0.1)) t = Tile::Wall;
    level.set(500, 500, 0, Tile::Floor);
    return level;
}

} // namespace

std::vector<Case> playCases() {
    return {
        {"field of view, radius 20, x1000 (ms = us each)", "1000x1000", "≤ 30 µs each (rot.js: 169 µs)",
         [] {
             auto tiles = std::make_shared<TileGrid>(openCave().tiles(0));
             auto view = std::make_shared<FieldOfView>(1000, 1000);
             return [tiles, view] {
                 std::size_t seen = 0;
                 for (int i = 0; i < 1000; ++i) {
                     view->compute(*tiles, {500 + (i % 3), 500}, 20);
                     seen += view->cells().size();
                 }
                 if (seen == 0) std::abort();
             };
         }},
        {"one turn of 10,000 actors (fungus and chasers)", "1000x1000", "≤ 3 ms",
         [] {
             Level level = openCave();
             Rng rng(3);
             level.markers.push_back({"start", {500, 500, 0}});
             while (level.entities.size() < 10001) {
                 const int x = static_cast<int>(rng.below(1000)), y = static_cast<int>(rng.below(1000));
                 if (level.at(x, y, 0) == Tile::Floor && !(x == 500 && y == 500))
                     level.entities.push_back({level.entities.size() % 2 ? "fungus" : "enemy", {x, y, 0}, {}});
             }
             auto game = std::make_shared<Game>(std::move(level), 1);
             return [game] { game->othersAct(); };
         }},
        {"400 turns of fungus overgrowing an open cave (5,000 to start)", "1000x1000", "≤ 2 s: about met, 1.7–2.6 s between runs (was 18.6 s: every fungus rolled its dice each turn, boxed in or not; now only those with room do, as the rules say)",
         [] {
             Level level = openCave();
             Rng rng(5);
             level.markers.push_back({"start", {500, 500, 0}});
             while (level.entities.size() < 5000) {
                 const int x = static_cast<int>(rng.below(1000)), y = static_cast<int>(rng.below(1000));
                 if (level.at(x, y, 0) == Tile::Floor && !(x == 500 && y == 500)) level.entities.push_back({"fungus", {x, y, 0}, {}});
             }
             EntityTemplate fungus = *PopulationRules{}.findTemplate("fungus");
             fungus.behaviours = {{Behaviour::Type::Stationary, 0, 0, 0}, {Behaviour::Type::Spread, 0, 0.05, 5}};
             level.templates.push_back(fungus);
             auto game = std::make_shared<Game>(std::move(level), 1);
             return [game] {
                 for (int turn = 0; turn < 400; ++turn) game->othersAct();
             };
         }},
        // What --bot adds to stats and explore for each seed: five games and their medians.
        {"bot metrics of one cellular-depths level (5 games)", "100x48x6", "(what `--bot` adds to each seed)",
         [] {
             const Project project = loadProject(BURROW_EXAMPLES_DIR "/cellular-depths.burrow.json", builtinStages());
             auto level = std::make_shared<Level>(makeLevel(project, 42).level);
             return [level, movement = project.movement] {
                 MeasureOptions bot;
                 bot.upTo = MetricCost::BotGames;
                 if (measure(*level, movement, bot).level.empty()) std::abort();
             };
         }},
        {"100 bot games on the cellular-depths example (up to 5000 turns each)", "100x48x6", "(report)",
         [] {
             return [] {
                 std::ostringstream out, err;
                 if (*cli::run({"play", BURROW_EXAMPLES_DIR "/cellular-depths.burrow.json", "--bot", "--runs", "100"}, out, err) != 0) std::abort();
             };
         }},
    };
}

} // namespace burrow::bench
