// Regions and depths as the editor's views show them: one labelling of the regions
// (the document's LevelFacts, made off the UI thread) read by the map, the legend and
// the status bar; region colours; the other depth under the map; and the Depths dock,
// its stairs marked on both depths and linked. With BURROW_SCREENSHOTS set to a
// folder, it saves window grabs of them.
#include <QSettings>
#include <QTest>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QSet>
#include <cstdlib>

#include "test_main.h"
#include "docks/depth_strip_dock.h"
#include "docks/depth_strip_view.h"
#include "document/level_facts.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "map/mark_shapes.h"
#include "regions/region_map.h"
#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

class TestRegionViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // The Depths dock reads at a glance: each stairs pair is marked on both its
    // depths (down on the upper, up on the lower, in their own colours and shapes)
    // and linked, and the thumbnails grow with the dock.
    static void depthStripLinksTheStairs(MainWindow& window, DepthStripView* strip) {
        auto* dock = window.findChild<DepthStripDock*>();
        dock->show();
        dock->raise();
        dock->refresh();
        QApplication::processEvents();
        const Level& level = window.document()->level();
        const QImage shown = strip->grab().toImage();
        const auto near = [](QColor a, QColor b) { return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 40; };
        const int last = level.depthCount() - 1;
        int downs = 0, ups = 0;
        for (const StairsPair& s : level.stairs) {
            const QPointF marks[2] = {strip->onThumbnail(s.upperDepth, s.x, s.y), strip->onThumbnail(s.upperDepth + 1, s.x, s.y)};
            if (s.upperDepth == 0) downs += near(shown.pixelColor((marks[0] * strip->devicePixelRatioF()).toPoint()), kStairsDownColour);
            if (s.upperDepth + 1 == last) ups += near(shown.pixelColor((marks[1] * strip->devicePixelRatioF()).toPoint()), kStairsUpColour);
        }
        QVERIFY2(downs >= 5 && ups >= 5, qPrintable(QString("%1 down, %2 up marks seen").arg(downs).arg(ups)));
        screenshot(&window, "depth-strip");
        const int before = strip->thumbnailRect(0).width();
        window.resizeDocks({dock}, {dock->width() + 240}, Qt::Horizontal);
        QTRY_VERIFY(strip->thumbnailRect(0).width() > before);
    }

    // One view-model: the map, the legend and the status bar read the regions the
    // document's facts labelled off the UI thread, the same as core's; they follow a
    // hand edit, and a new level drops the old one's at once.
    void everyViewReadsTheLevelsFacts() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        ProjectDocument* doc = window.document();
        LevelFacts* facts = window.levelFacts();
        MapView* view = window.mapView();
        child<QAction>(&window, "showRegions")->setChecked(true);
        facts->settle();
        const auto asCoreLabels = [&](int z) {
            const std::shared_ptr<const RegionRuns> runs = facts->regions(z);
            const RegionRuns core = labelRuns(doc->level().tiles(z), doc->project().movement, doc->level().kinds);
            if (!runs || runs->regions.size() != core.regions.size() || runs->runs.size() != core.runs.size()) return false;
            for (std::size_t i = 0; i < core.runs.size(); ++i)
                if (runs->runs[i].x0 != core.runs[i].x0 || runs->runs[i].x1 != core.runs[i].x1 || runs->runs[i].y != core.runs[i].y || runs->runs[i].label != core.runs[i].label)
                    return false;
            return true;
        };
        QVERIFY(asCoreLabels(0));
        QCOMPARE(view->shownRegions(), facts->regions(0)); // the map colours these, not its own

        // The status bar names the region under the cursor from them.
        const std::shared_ptr<const RegionRuns> before = facts->regions(0);
        const RegionInfo* smallest = &before->regions.front();
        for (const RegionInfo& r : before->regions)
            if (r.size < smallest->size) smallest = &r;
        const int label = static_cast<int>(smallest - before->regions.data()) + 1;
        std::vector<ProjectDocument::EditChange> fill;
        for (const CellRun& run : before->runs)
            if (run.label == label)
                for (int x = run.x0; x < run.x1; ++x) fill.push_back({{x, run.y, 0}, Tile::Wall});
        const Cell inside = fill.front().at;
        emit view->cellHovered(inside);
        auto* status = child<QLabel>(&window, "cellLabel");
        QVERIFY2(status->text().contains(QStringLiteral("region %1, %2 cells").arg(label).arg(smallest->size)), qPrintable(status->text()));

        // Walling the smallest region up: one region fewer, once labelled again; the old
        // labelling stays shown meanwhile (same size), never a half-made one.
        doc->applyEdits(fill);
        QCOMPARE(facts->regions(0), before);
        facts->settle();
        QVERIFY(asCoreLabels(0));
        QCOMPARE(facts->regions(0)->regions.size(), before->regions.size() - 1);
        QCOMPARE(view->shownRegions(), facts->regions(0));
        QVERIFY2(!status->text().contains(QStringLiteral("region")), qPrintable(status->text())); // a wall now, told again

        // Another level (another size): the old regions are gone at once.
        doc->setSize({40, 30, 2});
        QVERIFY(!facts->regions(0));
        QVERIFY(!view->shownRegions());
        while (!doc->generateFor(50)) {
        }
        facts->settle();
        QVERIFY(asCoreLabels(0));
        QVERIFY(asCoreLabels(1) || !facts->regions(1)); // depth 1 is labelled once someone shows it
    }

    void regionAndDepthViews() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        MapView* view = window.mapView();
        const QImage plain = view->grab().toImage();
        child<QAction>(&window, "showRegions")->setChecked(true);
        window.levelFacts()->settle();
        const QImage regions = view->grab().toImage();
        QVERIFY(plain != regions);
        // Region colours are many: count distinct colours on a row of cell centres.
        QSet<QRgb> colours;
        for (int y = 0; y < 48; y += 3)
            for (int x = 0; x < 100; x += 3) colours.insert(regions.pixel(view->cellCentre(x, y).toPoint()));
        QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
        screenshot(&window, "region-colouring");
        child<QAction>(&window, "showRegions")->setChecked(false);
        child<QAction>(&window, "showOtherDepth")->setChecked(true);
        QCOMPARE(view->overlays().otherDepth, 1);
        // One click on a thumbnail shows that depth.
        auto* strip = child<DepthStripView>(&window, "depthStrip");
        QCOMPARE(strip->count(), 6);
        QTest::mouseClick(strip, Qt::LeftButton, {}, strip->thumbnailRect(3).center());
        QCOMPARE(view->depth(), 3);
        QCOMPARE(view->overlays().otherDepth, 4);
        QTest::mouseClick(strip, Qt::LeftButton, {}, strip->thumbnailRect(0).center());
        QCOMPARE(view->depth(), 0);
        depthStripLinksTheStairs(window, strip);
        QVERIFY(view->grab().toImage() != plain);
        screenshot(&window, "cross-depth-overlap");
    }
};

BURROW_TEST_MAIN(TestRegionViews)
#include "test_region_views.moc"
