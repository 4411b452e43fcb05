// Heatmaps: core's numbers on hand-made levels, and the map's overlay showing
// exactly those numbers, with its scale in the legend and the value on hover.
#include <atomic>

#include <QSettings>
#include <QTest>

#include <QAction>
#include <QHelpEvent>
#include <QTimer>
#include <QToolTip>

#include "test_main.h"
#include "analysis/bot_trails.h"
#include "analysis/dead_ends.h"
#include "analysis/heatmaps.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "pipeline/builtin_stages.h"
#include "docks/legend_dock.h"
#include "document/project_document.h"
#include "io/ascii_map.h"
#include "main_window.h"
#include "document/level_facts.h"
#include "map/map_view.h"
#include "model/entity_template.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

class TestHeatmaps : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // Counted by hand: a corridor on depth 0 whose stairs lead to depth 1.
    void distancesCountedByHand() {
        Level level = levelFromAscii("#######\n#.....>\n#######\n\n#######\n#.#...<\n#######\n");
        level.markers.push_back({"start", {1, 1, 0}});
        const DistanceMap fromStart = heatmapValues(level, Heatmap::FromStart, Connectivity::Four);
        QCOMPARE(fromStart.at(1, 1, 0), 0);
        QCOMPARE(fromStart.at(5, 1, 0), 4);
        QCOMPARE(fromStart.at(6, 1, 0), 5); // the stairs down
        QCOMPARE(fromStart.at(6, 1, 1), 6); // taken
        QCOMPARE(fromStart.at(3, 1, 1), 9);
        QCOMPARE(fromStart.at(1, 1, 1), -1); // walled off
        QCOMPARE(fromStart.at(0, 0, 0), -1);
        // Creatures: the nearest one's steps; a thing that is not a creature is not one.
        level.templates = defaultTemplates();
        level.entities.push_back({"enemy", {3, 1, 1}, {}});
        level.entities.push_back({"item", {1, 1, 0}, {}});
        level.entities.push_back({"player", {2, 1, 0}, {}});
        const DistanceMap toCreatures = heatmapValues(level, Heatmap::ToCreatures, Connectivity::Four);
        QCOMPARE(toCreatures.at(3, 1, 1), 0);
        QCOMPARE(toCreatures.at(6, 1, 1), 3);
        QCOMPARE(toCreatures.at(6, 1, 0), 4);
        QCOMPARE(toCreatures.at(1, 1, 0), 9);
        // Nothing to walk from: nothing coloured.
        level.entities.clear();
        const DistanceMap none = heatmapValues(level, Heatmap::ToCreatures, Connectivity::Four);
        for (int z = 0; z < 2; ++z)
            for (std::int32_t d : none.depth(z)) QCOMPARE(d, -1);
    }

    // A walk told to stop stops between steps of distance: with the flag already set
    // only the sources are reached; unset, the same walk goes on to the end.
    void aDistanceWalkStopsWhenCancelled() {
        Level level = levelFromAscii("#######\n#.....#\n#######\n");
        const std::vector<Cell> start{{1, 1, 0}};
        std::atomic<bool> stop{true};
        const DistanceMap stopped = distanceMap(level, start, Connectivity::Four, &stop);
        QCOMPARE(stopped.at(1, 1, 0), 0);
        QCOMPARE(stopped.at(2, 1, 0), -1);
        stop = false;
        QCOMPARE(distanceMap(level, start, Connectivity::Four, &stop).at(5, 1, 0), 4);
    }

    // A heatmap under way when the level is made again is of a level no longer shown:
    // it stops at once rather than hold the worker, and the new level's comes after.
    void aStaleHeatmapStopsWhenTheLevelIsMadeAgain() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        LevelFacts* facts = window.levelFacts();
        MapView* map = window.mapView();
        child<QAction>(&window, "heatFromStart")->trigger();
        QVERIFY(map->heatWorking());
        window.document()->seek(0); // scrubbed to the start: another level
        QVERIFY(!facts->heatWorking());
        facts->settle();
        QCOMPARE(map->heat().kind(), Heatmap::FromStart);
        const Level& level = window.document()->level();
        const DistanceMap expected = heatmapValues(level, Heatmap::FromStart, window.document()->project().movement);
        for (int z = 0; z < level.depthCount(); ++z)
            for (int y = 0; y < level.height(); ++y)
                for (int x = 0; x < level.width(); ++x) {
                    const std::int32_t v = expected.at(x, y, z);
                    const auto shown = facts->heatmap(Heatmap::FromStart)->values.at(x, y, z);
                    QCOMPARE(shown, v);
                }
    }

    // A ring of rooms with a passage off it that leads nowhere, counted by hand: the
    // passage's cells by steps from its mouth, the ring none; with stairs at its end
    // the passage leads on and is no dead end; a lone corridor keeps a middle cell.
    void deadEndDepthsCountedByHand() {
        const char* ring = "###########\n#....######\n#.##......#\n#....######\n###########\n";
        Level level = levelFromAscii(ring);
        DistanceMap d = deadEndDepths(level, Connectivity::Four);
        for (int x = 5; x <= 9; ++x) QCOMPARE(d.at(x, 2, 0), x - 4);
        for (int x = 1; x <= 4; ++x) QCOMPARE(d.at(x, 1, 0), -1);
        QCOMPARE(d.at(4, 2, 0), -1);
        QCOMPARE(d.at(0, 0, 0), -1);
        // Diagonal steps: the passage's first cell touches three cells of the ring.
        d = deadEndDepths(level, Connectivity::Eight);
        QCOMPARE(d.at(5, 2, 0), -1);
        for (int x = 6; x <= 9; ++x) QCOMPARE(d.at(x, 2, 0), x - 5);
        // Stairs at the end: the passage leads on.
        level.set(9, 2, 0, Tile::StairsDown);
        d = deadEndDepths(level, Connectivity::Four);
        for (int x = 5; x <= 9; ++x) QCOMPARE(d.at(x, 2, 0), -1);
        // A corridor with no loop: followed in from both ends, its last cell is the mouth.
        d = deadEndDepths(levelFromAscii("######\n#....#\n######\n"), Connectivity::Four);
        QCOMPARE(d.at(1, 1, 0), 2);
        QCOMPARE(d.at(2, 1, 0), 1);
        QCOMPARE(d.at(3, 1, 0), -1);
        QCOMPARE(d.at(4, 1, 0), 1);
        // The metric's dead ends are the heatmap's tips.
        QCOMPARE(heatmapValues(levelFromAscii(ring), Heatmap::DeadEndDepth, Connectivity::Four).at(9, 2, 0), 5);
    }

    // The bot's games add up: every game stood on the start, the deaths are the lost
    // games' last cells, and the same level plays the same games.
    void botTrailsAddUp() {
        const Project p = loadProject(example("room-grid.burrow.json").toStdString(), builtinStages());
        const Level level = makeLevel(p, p.seed).level;
        const BotTrails trails = playBotGames(level, p.movement);
        QCOMPARE(trails.games.size(), std::size_t{20});
        const Cell start = *defaultStart(level);
        QCOMPARE(trails.visits.at(start.x, start.y, start.z), 20);
        int lost = 0, deaths = 0;
        for (const BotGameRecord& g : trails.games) {
            QCOMPARE(g.seed, kFirstBotGameSeed + std::uint64_t(&g - trails.games.data())); // `burrow play --bot`'s games
            if (g.summary.outcome != Outcome::Lost) continue;
            ++lost;
            QVERIFY(trails.deaths.at(g.end.x, g.end.y, g.end.z) >= 1);
            QVERIFY(trails.visits.at(g.end.x, g.end.y, g.end.z) >= 1);
        }
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x) {
                deaths += std::max(0, trails.deaths.at(x, y, 0));
                QVERIFY(trails.visits.at(x, y, 0) <= 20);
                QVERIFY(trails.visits.at(x, y, 0) < 0 || level.kinds.walkable(level.at(x, y, 0)) || level.at(x, y, 0) == Tile::Wall);
            }
        QVERIFY2(lost > 0 && lost < 20, qPrintable(QString("%1 games lost").arg(lost)));
        QCOMPARE(deaths, lost);
        const BotTrails again = playBotGames(level, p.movement);
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x) QCOMPARE(again.visits.at(x, y, 0), trails.visits.at(x, y, 0));
        QCOMPARE(heatmapValues(level, Heatmap::BotDeaths, p.movement).at(trails.games[0].end.x, trails.games[0].end.y, 0),
                 trails.deaths.at(trails.games[0].end.x, trails.games[0].end.y, 0));
    }

    // The bot heatmaps are played off the UI thread: the event loop keeps turning
    // while they work, the legend says so, and the map then shows the core's numbers.
    void botHeatmapsAreWorkedOutOnAWorker() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
        MapView* map = window.mapView();
        child<QAction>(&window, "heatBotVisits")->trigger();
        QVERIFY(map->heatWorking());
        int turns = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, [&] { ++turns; });
        ticker.start(5);
        QTRY_VERIFY_WITH_TIMEOUT(!map->heatWorking(), 60000);
        QVERIFY(turns > 0);
        QCOMPARE(map->heat().kind(), Heatmap::BotVisits);
        const Level& level = window.document()->level();
        const BotTrails trails = playBotGames(level, window.document()->project().movement);
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x) {
                const std::int32_t v = trails.visits.at(x, y, 0);
                const auto shown = map->heat().valueAt({x, y, 0});
                QCOMPARE(shown.has_value(), v >= 0);
                if (shown) QCOMPARE(*shown, v);
            }
        auto* legend = window.findChild<LegendDock*>();
        legend->show();
        legend->raise();
        legend->refresh();
        const QStringList texts = legend->texts();
        QVERIFY2(std::any_of(texts.begin(), texts.end(), [](const QString& t) { return t.contains("Where the bot went (games of 20): 0 (yellow) to 20"); }),
                 qPrintable(texts.join(" | ")));
        screenshot(&window, "heatmap-bot-visits");
        // Another heatmap while one is being played: the stale one never shows.
        child<QAction>(&window, "heatBotDeaths")->trigger();
        child<QAction>(&window, "heatDeadEnds")->trigger();
        QVERIFY(map->heat().empty()); // not the bot's visits, while the dead ends are worked out
        map->waitForHeatWorkers();         // every worker has finished...
        QCoreApplication::processEvents(); // ...and anything stale has been delivered
        QVERIFY(!map->heatWorking());
        QCOMPARE(map->heat().kind(), Heatmap::DeadEndDepth);
    }

    // Past the live limit a heatmap is refused up front (its distances alone are four
    // bytes a cell, besides the copy of the level they are worked out on): nothing is
    // worked out, and the legend says why. Under it, the same heatmap comes.
    void aLevelTooLargeForALiveHeatmapIsRefused() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json"))); // 100 x 48 x 6: 28,800 cells
        MapView* map = window.mapView();
        window.levelFacts()->setLiveCellLimit(20000);
        child<QAction>(&window, "heatFromStart")->trigger();
        QVERIFY(!map->heatWorking());
        QVERIFY(map->heatTooLarge());
        QVERIFY(map->heat().empty());
        auto* legend = window.findChild<LegendDock*>();
        legend->show();
        legend->raise();
        legend->refresh();
        const QStringList texts = legend->texts();
        QVERIFY2(std::any_of(texts.begin(), texts.end(), [](const QString& t) { return t.contains("too large to work it out live"); }), qPrintable(texts.join(" | ")));
        window.levelFacts()->setLiveCellLimit(LevelFacts::kLiveCells);
        child<QAction>(&window, "heatNone")->trigger();
        child<QAction>(&window, "heatFromStart")->trigger();
        map->waitForHeatWorkers();
        QVERIFY(!map->heatTooLarge());
        QCOMPARE(map->heat().kind(), Heatmap::FromStart);
    }

    // The map's heatmap holds the core's distances at every cell, the legend shows
    // its scale and range, hovering a cell says its value, and it follows the depth.
    void theMapShowsTheCoresNumbers() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        MapView* map = window.mapView();
        QVERIFY(map->heat().empty());
        child<QAction>(&window, "heatFromStart")->trigger();
        map->waitForHeatWorkers(); // off the UI thread, as every heatmap
        QCOMPARE(map->heat().kind(), Heatmap::FromStart);
        const Level& level = window.document()->level();
        const std::vector<Cell> start{*defaultStart(level)};
        const DistanceMap expected = distanceMap(level, start, window.document()->project().movement);
        int coloured = 0, deepest = 0;
        for (int z = 0; z < level.depthCount(); ++z)
            for (int y = 0; y < level.height(); ++y)
                for (int x = 0; x < level.width(); ++x) {
                    const std::int32_t d = expected.at(x, y, z);
                    const auto shown = map->heat().valueAt({x, y, z});
                    QCOMPARE(shown.has_value(), d >= 0);
                    if (shown) QCOMPARE(*shown, d);
                    coloured += d >= 0;
                    deepest = std::max(deepest, static_cast<int>(d));
                }
        QVERIFY(coloured > 1000);
        QCOMPARE(map->heat().maximum(), deepest);

        auto* legend = window.findChild<LegendDock*>();
        legend->show();
        legend->raise();
        legend->refresh();
        const QStringList texts = legend->texts();
        QVERIFY2(std::any_of(texts.begin(), texts.end(),
                             [&](const QString& t) { return t.contains(QStringLiteral("Distance from the start (steps): 0 (yellow) to %1").arg(QLocale().toString(deepest))); }),
                 qPrintable(texts.join(" | ")));

        // Hover: the start's cell says 0.
        map->setDepth(start[0].z);
        map->centreOn(QPointF(start[0].x + 0.5, start[0].y + 0.5));
        const QPoint at = map->cellCentre(start[0].x, start[0].y).toPoint();
        QHelpEvent help(QEvent::ToolTip, at, map->mapToGlobal(at));
        QCoreApplication::sendEvent(map, &help);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("Distance from the start (steps): 0")), qPrintable(QToolTip::text()));
        screenshot(&window, "heatmap-from-start");

        // The creatures' map, and off again.
        child<QAction>(&window, "heatToCreatures")->trigger();
        map->waitForHeatWorkers();
        QCOMPARE(map->heat().kind(), Heatmap::ToCreatures);
        child<QAction>(&window, "heatNone")->trigger();
        QVERIFY(map->heat().empty());
    }
};

BURROW_TEST_MAIN(TestHeatmaps)
#include "test_heatmaps.moc"
