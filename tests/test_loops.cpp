// add_loops over many seeds: each opening is rock between two open cells of one
// region whose walk round, on the level before the stage, was at least min_detour
// times the cells cut through; the loops metric rises by the openings; regions are
// never joined; max_loops holds; same seed, same level, stepping or not.
#include <QTest>

#include <deque>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/measure.h"
#include "level_helpers.h"
#include "model/directions.h"
#include "pipeline/level_build.h"
#include "pipeline/make_level.h"
#include "project_test_helpers.h"
#include "test_main.h"

using namespace burrow;

namespace loops_test {

using nlohmann::json;

#ifdef BURROW_SANITIZED_BUILD
constexpr std::uint64_t kManySeeds = 30;
#else
constexpr std::uint64_t kManySeeds = 150;
#endif

json projectJson(json recipe, int movement, int width = 61, int height = 41) {
    return {{"format", "burrow-project"}, {"version", 1}, {"name", "loops"}, {"seed", std::uint64_t{1}},
            {"size", {{"width", width}, {"height", height}, {"depth", 1}}}, {"movement", movement}, {"recipe", std::move(recipe)}};
}

json loops(double minDetour, int maxLoops, int longest = 3) {
    return {{"stage", "add_loops"}, {"name", "loops"}, {"params", {{"min_detour", minDetour}, {"max_loops", maxLoops}, {"longest_corridor", longest}}}};
}

// Steps between two cells over the level's walkable cells.
int walk(const Level& level, Connectivity movement, Point from, Point to) {
    Grid<int> distance(level.width(), level.height(), -1);
    std::deque<Point> queue{from};
    distance(from.x, from.y) = 0;
    while (!queue.empty()) {
        const Point p = queue.front();
        queue.pop_front();
        if (p.x == to.x && p.y == to.y) return distance(p.x, p.y);
        for (int s = 0; s < stepCount(movement); ++s) {
            const Point n{p.x + kSteps[static_cast<std::size_t>(s)].x, p.y + kSteps[static_cast<std::size_t>(s)].y};
            if (!level.contains(n.x, n.y, 0) || distance(n.x, n.y) >= 0 || !level.kinds.walkable(level.at(n.x, n.y, 0))) continue;
            distance(n.x, n.y) = distance(p.x, p.y) + 1;
            queue.push_back(n);
        }
    }
    return -1;
}

double metricOf(const Level& level, Connectivity movement, const char* id) { return testing::metric(measure(level, movement), id); }

class TestLoops : public QObject {
    Q_OBJECT
private slots:
    // A perfect maze, then loops: every opening is one wall between two passages
    // whose walk round was long, and each adds one loop.
    void everyLoopSavesALongWalk() {
        for (std::uint64_t seed = 1; seed <= kManySeeds; ++seed) {
            const int movement = seed % 2 ? 8 : 4;
            const Project before = test::projectOf(projectJson(json::array({{{"stage", "maze"}, {"name", "maze"}}}), movement));
            const Project after = test::projectOf(projectJson(json::array({{{"stage", "maze"}, {"name", "maze"}}, loops(5.0, 6)}), movement));
            const Level a = makeLevel(before, seed).level, b = makeLevel(after, seed).level;
            int opened = 0;
            for (int y = 0; y < a.height(); ++y)
                for (int x = 0; x < a.width(); ++x) {
                    if (a.at(x, y, 0) == b.at(x, y, 0)) continue;
                    ++opened;
                    const QString where = QString("seed %1 at (%2, %3)").arg(seed).arg(x).arg(y);
                    QCOMPARE(a.at(x, y, 0), Tile::Wall);
                    const bool across = a.kinds.walkable(a.at(x - 1, y, 0)) && a.kinds.walkable(a.at(x + 1, y, 0));
                    const Point p = across ? Point{x - 1, y} : Point{x, y - 1}, q = across ? Point{x + 1, y} : Point{x, y + 1};
                    QVERIFY2(a.kinds.walkable(a.at(q.x, q.y, 0)) && a.kinds.walkable(a.at(p.x, p.y, 0)), qPrintable(where));
                    QVERIFY2(walk(a, before.movement, p, q) >= 10, qPrintable(where + QString(": the walk round was %1").arg(walk(a, before.movement, p, q))));
                }
            QVERIFY(opened <= 6);
            QVERIFY2(opened >= 4, qPrintable(QString("seed %1: %2 loops").arg(seed).arg(opened))); // a 61 x 41 perfect maze has many long detours
            QCOMPARE(metricOf(b, before.movement, "loops"), metricOf(a, before.movement, "loops") + opened);
            QCOMPARE(metricOf(b, before.movement, "regions"), 1.0);
        }
    }

    // Caves: regions are never joined, max_loops holds, a detour too high opens nothing.
    void regionsStayApart() {
        const json caves = {{"stage", "cellular_caves"}, {"name", "caves"}};
        for (std::uint64_t seed = 1; seed <= kManySeeds / 3; ++seed) {
            const Level a = makeLevel(test::projectOf(projectJson(json::array({caves}), 8, 80, 50)), seed).level;
            const Level b = makeLevel(test::projectOf(projectJson(json::array({caves, loops(3.0, 10, 4)}), 8, 80, 50)), seed).level;
            QCOMPARE(metricOf(b, Connectivity::Eight, "regions"), metricOf(a, Connectivity::Eight, "regions"));
            QVERIFY(metricOf(b, Connectivity::Eight, "loops") >= metricOf(a, Connectivity::Eight, "loops"));
            const Level c = makeLevel(test::projectOf(projectJson(json::array({caves, loops(100.0, 10, 4)}), 8, 80, 50)), seed).level;
            QVERIFY(c == a);
        }
    }

    // Noise on levels 1 to 4 cells a side, both movements (the searches read a cell's
    // rows as words: on a level one cell wide they overlap): every cell the stage
    // changes was rock and is open after, and the regions stay as they were.
    void tinyLevels() {
        const json noise = {{"stage", "random_fill"}, {"name", "noise"}, {"params", {{"wall_chance", 0.45}}}};
        int opened = 0;
        for (std::uint64_t seed = 1; seed <= 64; ++seed)
            for (const int movement : {4, 8}) {
                const int w = 1 + static_cast<int>(seed % 4), h = 1 + static_cast<int>(seed / 4 % 4);
                const Level a = makeLevel(test::projectOf(projectJson(json::array({noise}), movement, w, h)), seed).level;
                const Level b = makeLevel(test::projectOf(projectJson(json::array({noise, loops(1.5, 8, 2)}), movement, w, h)), seed).level;
                const Connectivity moves = movement == 8 ? Connectivity::Eight : Connectivity::Four;
                for (int y = 0; y < h; ++y)
                    for (int x = 0; x < w; ++x)
                        if (a.at(x, y, 0) != b.at(x, y, 0) && ++opened)
                            QVERIFY2(!a.kinds.walkable(a.at(x, y, 0)) && b.kinds.walkable(b.at(x, y, 0)), qPrintable(QString("seed %1 at (%2, %3)").arg(seed).arg(x).arg(y)));
                QCOMPARE(metricOf(b, moves, "regions"), metricOf(a, moves, "regions"));
            }
        QVERIFY2(opened > 0, "no loop on any tiny level: the test would test nothing");
    }

    void deterministicAndSteppable() {
        const Project p = test::projectOf(projectJson(json::array({{{"stage", "maze"}, {"name", "maze"}}, loops(4.0, 12, 2)}), 8));
        const Level run = makeLevel(p, 9).level;
        QVERIFY(run == makeLevel(p, 9).level);
        LevelBuild stepped(p, 9, GenerationOptions{.recordTimeline = true});
        while (stepped.step()) {
        }
        QVERIFY(stepped.level() == run);
    }
};

} // namespace loops_test

BURROW_TEST_GUILESS_MAIN(loops_test::TestLoops)

#include "test_loops.moc"
