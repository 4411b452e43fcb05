// Heatmaps: core's numbers on hand-made levels, and the map's overlay showing
// exactly those numbers, with its scale in the legend and the value on hover.
#include <QtTest>

#include <QAction>
#include <QHelpEvent>
#include <QToolTip>

#include "analysis/heatmaps.h"
#include "docks/legend_dock.h"
#include "document/project_document.h"
#include "io/ascii_map.h"
#include "main_window.h"
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
        const DistanceMap fromStart = heatmapDistances(level, Heatmap::FromStart, Connectivity::Four);
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
        const DistanceMap toCreatures = heatmapDistances(level, Heatmap::ToCreatures, Connectivity::Four);
        QCOMPARE(toCreatures.at(3, 1, 1), 0);
        QCOMPARE(toCreatures.at(6, 1, 1), 3);
        QCOMPARE(toCreatures.at(6, 1, 0), 4);
        QCOMPARE(toCreatures.at(1, 1, 0), 9);
        // Nothing to walk from: nothing coloured.
        level.entities.clear();
        const DistanceMap none = heatmapDistances(level, Heatmap::ToCreatures, Connectivity::Four);
        for (int z = 0; z < 2; ++z)
            for (std::int32_t d : none.depth(z)) QCOMPARE(d, -1);
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
        QCOMPARE(map->heat().kind(), Heatmap::ToCreatures);
        child<QAction>(&window, "heatNone")->trigger();
        QVERIFY(map->heat().empty());
    }
};

QTEST_MAIN(TestHeatmaps)
#include "test_heatmaps.moc"
