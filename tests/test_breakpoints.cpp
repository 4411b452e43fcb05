// Breakpoints: each stops exactly where stepping by hand and checking after every
// step finds its condition, and the watch stays cheap (steps that rewrite a depth
// are not listed cell by cell).
#include <QTest>

#include <climits>
#include <cmath>
#include <functional>

#include "test_main.h"
#include "analysis/breakpoints.h"
#include "analysis/measure.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "regions/region_map.h"

#include "level_helpers.h"

using namespace burrow;
using namespace burrow::testing;

namespace {




// A watch that notes how many cells each step was told of.
class CountingWatch : public BreakpointWatch {
public:
    using BreakpointWatch::BreakpointWatch;
    void stepDone(const StageRun& run, std::size_t runIndex, std::span<const CellChange> changes) override {
        told.push_back({runIndex, changes.size()});
        BreakpointWatch::stepDone(run, runIndex, changes);
    }
    std::vector<std::pair<std::size_t, std::size_t>> told; // (run, cells) per step
};

} // namespace

class TestBreakpoints : public QObject {
    Q_OBJECT
private slots:
    // Each breakpoint stops exactly where stepping by hand and checking after every
    // step finds the condition first (and again, for the next hits).
    void breakpointsStopWhereSteppingByHandDoes() {
        const Project caves = exampleProject("cellular-depths.burrow.json");
        const Project drones = exampleProject("drone-caves.burrow.json");
        // By hand: the steps (stepsDone() after them) at which `changed` says yes.
        const auto byHand = [](const Project& project, bool record, const std::function<bool(const Generation&)>& changed, std::size_t hits) {
            GenerationOptions options;
            options.recordTimeline = record;
            LevelBuild g(project, 77, options);
            std::vector<std::size_t> steps;
            changed(g.generation()); // the baseline
            while (steps.size() < hits && g.step())
                if (changed(g.generation())) steps.push_back(g.generation().stepsDone());
            return steps;
        };
        const auto withBreakpoint = [](const Project& project, const char* text, std::size_t hits) {
            std::string why;
            const auto b = parseBreakpoint(text, why);
            LevelBuild g(project, 77);
            std::vector<std::size_t> steps;
            while (steps.size() < hits)
                if (const auto hit = runUntil(g, {*b})) steps.push_back(hit->step);
                else break;
            return steps;
        };

        // The regions of every depth after each step, by labelling: whether they changed.
        const auto regionsChangedOn = [](const Project& project) {
            return [&project, regions = std::vector<std::size_t>()](const Generation& g) mutable {
                std::vector<std::size_t> now;
                for (int z = 0; z < g.level().depthCount(); ++z) now.push_back(labelRuns(g.level().tiles(z), project.movement).regions.size());
                const bool changed = now != regions;
                regions = now;
                return changed;
            };
        };
        const auto expectedRegions = byHand(caves, false, regionsChangedOn(caves), 8);
        QCOMPARE(expectedRegions.size(), std::size_t(8));
        QCOMPARE(withBreakpoint(caves, "regions-change", 8), expectedRegions);
        // Drones only open cells: the watch counts them as they grow, without relabelling.
        const auto expectedDroneRegions = byHand(drones, false, regionsChangedOn(drones), 40);
        QVERIFY2(expectedDroneRegions.size() >= 2, std::to_string(expectedDroneRegions.size()).c_str());
        QCOMPARE(withBreakpoint(drones, "regions-change", 40), expectedDroneRegions);
        // Two cells stop being connected: by hand, a flood of each step's level. Pairs
        // of the finished level's walkable cells, on the caves (whose generations close
        // cells) and on the drones (which join cells, then prune closes some).
        std::size_t disconnections = 0;
        for (const Project* project : {&caves, &drones}) {
            const Level finished = makeLevel(*project, 77).level;
            std::vector<Point> open;
            for (int y = 0; y < finished.height(); y += 7)
                for (int x = 0; x < finished.width(); x += 5)
                    if (isWalkable(finished.at(x, y, 0))) open.push_back({x, y});
            QVERIFY(open.size() >= 8);
            for (std::size_t k = 0; k + 1 < 8; ++k) {
                const Point a = open[k * open.size() / 8], b = open[(k + 1) * open.size() / 8 - 1];
                std::optional<bool> was;
                const auto disconnected = [&](const Generation& g) {
                    const TileGrid& tiles = g.level().tiles(0);
                    const bool now = isWalkable(tiles.at(a.x, a.y)) && isWalkable(tiles.at(b.x, b.y)) &&
                                     floodLabelsAt(tiles, project->movement, a) == floodLabelsAt(tiles, project->movement, b);
                    const bool hit = was == true && !now;
                    was = now;
                    return hit;
                };
                const auto expected = byHand(*project, false, disconnected, 5);
                const std::string text = "disconnect:" + std::to_string(a.x) + "," + std::to_string(a.y) + ",0:" + std::to_string(b.x) + "," +
                                         std::to_string(b.y) + ",0";
                QCOMPARE(withBreakpoint(*project, text.c_str(), 5), expected);
                disconnections += expected.size();
            }
        }
        QVERIFY(disconnections > 0);

        double floor = 0;
        const auto floorRose = [&](const Generation& g) {
            const double now = metric(measure(g.level(), caves.movement, {MetricCost::Cheap}), "floor_share");
            const bool crossed = floor <= 0.2 && now > 0.2;
            floor = now;
            return crossed;
        };
        const auto expectedFloor = byHand(caves, false, floorRose, 1);
        QCOMPARE(expectedFloor.size(), std::size_t(1));
        QCOMPARE(withBreakpoint(caves, "metric:floor_share>0.2", 1), expectedFloor);

        // A cell the drones dig (the middle-most walkable cell of the finished level):
        // the first step at which it changes.
        const Level dug = makeLevel(drones, 77).level;
        Cell watched{0, 0, 0};
        int best = INT_MAX;
        for (int y = 0; y < dug.height(); ++y)
            for (int x = 0; x < dug.width(); ++x)
                if (isWalkable(dug.at(x, y, 0)) && std::abs(x - dug.width() / 2) + std::abs(y - dug.height() / 2) < best) {
                    best = std::abs(x - dug.width() / 2) + std::abs(y - dug.height() / 2);
                    watched = {x, y, 0};
                }
        const std::string cellBreakpoint = "cell:" + std::to_string(watched.x) + "," + std::to_string(watched.y) + ",0";
        Tile was = LevelBuild(drones, 77).level().at(watched.x, watched.y, 0);
        const auto cellChanged = [&](const Generation& g) {
            const Tile now = g.level().at(watched.x, watched.y, watched.z);
            const bool changed = now != was;
            was = now;
            return changed;
        };
        const auto expectedCell = byHand(drones, false, cellChanged, 1);
        QCOMPARE(expectedCell.size(), std::size_t(1));
        QCOMPARE(withBreakpoint(drones, cellBreakpoint.c_str(), 1), expectedCell);

        // Drones, as the editor's timeline records them: one that was there a step
        // ago (in the same stage run) and is gone.
        std::vector<std::uint32_t> seen;
        std::optional<std::size_t> seenRun;
        const auto droneDied = [&](const Generation& g) {
            std::vector<std::uint32_t> now;
            for (const Annotation& a : g.currentAnnotations())
                if (a.kind == Annotation::Kind::Drone) now.push_back(a.id);
            std::sort(now.begin(), now.end());
            const auto run = g.currentRun();
            bool died = false;
            if (run == seenRun)
                for (std::uint32_t id : seen) died |= !std::binary_search(now.begin(), now.end(), id);
            seen = now;
            seenRun = run;
            return died;
        };
        const auto expectedDeaths = byHand(drones, true, droneDied, 3);
        QCOMPARE(expectedDeaths.size(), std::size_t(3));
        QCOMPARE(withBreakpoint(drones, "drone-dies", 3), expectedDeaths);

        // Stage boundaries: "prune ends" stops right after the step that finished prune
        // on depth 0: the first step after which the generation's current run is past it.
        LevelBuild g(caves, 77);
        std::size_t pruneEnds = 0;
        bool inPrune = false;
        while (g.step()) {
            const auto run = g.generation().currentRun();
            const bool prune = run && g.generation().runs()[*run].label == "prune (depth 0)";
            if (inPrune && !prune) {
                pruneEnds = g.generation().stepsDone();
                break;
            }
            inPrune = prune;
        }
        QCOMPARE(withBreakpoint(caves, "stage-end:prune", 1), std::vector<std::size_t>{pruneEnds});
    }

    // A regions watch is told without cells a run's first two steps (the counts
    // after them say how many cells the second flipped) and every step of a run
    // once one rewrote more than a 32nd of its depth: no cave step is listed. Drone
    // ticks, which open a few cells each, keep their cells. The hits are those of
    // stepping by hand either way (above).
    void stepsThatRewriteADepthAreNotListed() {
        for (const char* name : {"cellular-depths.burrow.json", "drone-caves.burrow.json"}) {
            const Project project = exampleProject(name);
            LevelBuild g(project, 77);
            std::string why;
            CountingWatch watch(g.generation(), {*parseBreakpoint("regions-change", why)}, project.movement);
            g.generation().setObserver(&watch);
            while (g.step()) watch.clear();
            g.generation().setObserver(nullptr);
            const std::size_t area = static_cast<std::size_t>(project.size.width) * static_cast<std::size_t>(project.size.height);
            std::size_t listed = 0, unlisted = 0, runs = 0, stepInRun = 0;
            bool dense = false; // a listed step of this run rewrote its depth
            for (std::size_t i = 0; i < watch.told.size(); ++i) {
                const auto [run, cells] = watch.told[i];
                if (i == 0 || watch.told[i - 1].first != run) {
                    ++runs;
                    stepInRun = 0;
                    dense = false;
                }
                const std::string type = g.generation().recipe().stages[g.generation().runs()[run].entry].type;
                if (g.generation().catalog().find(type)->scope == StageScope::PerDepth) {
                    if (stepInRun < 2 || dense) QCOMPARE(cells, std::size_t(0));
                    if (type == "cellular_caves") QCOMPARE(cells, std::size_t(0));
                    dense |= cells * 32 > area;
                }
                (cells ? listed : unlisted) += 1;
                ++stepInRun;
            }
            if (std::string(name) == "drone-caves.burrow.json") QVERIFY2(listed > 100, std::to_string(listed).c_str());
            // Caves: no step of a cave run is listed, the probe included.
            if (std::string(name) == "cellular-depths.burrow.json") QVERIFY2(unlisted > runs, (std::to_string(unlisted) + " of " + std::to_string(runs)).c_str());
        }
    }

    void breakpointsAreParsedStrictly() {
        std::string why;
        QVERIFY(parseBreakpoint("stage-start:caves", why));
        QVERIFY(parseBreakpoint("disconnect:1,2,0:5,6,1", why));
        QCOMPARE(describeBreakpoint(*parseBreakpoint("metric:loops<3", why)), std::string("loops falls below 3"));
        for (const char* bad : {"regions", "cell:1,2", "cell:a,b,c", "metric:floor_share=0.3", "metric:reachable_share>0.5", "metric:loops>x", "disconnect:1,2,3"}) {
            why.clear();
            QVERIFY2(!parseBreakpoint(bad, why), bad);
            QVERIFY(!why.empty());
        }
    }
};

BURROW_TEST_APPLESS_MAIN(TestBreakpoints)
#include "test_breakpoints.moc"
