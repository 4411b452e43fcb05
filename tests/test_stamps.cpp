// Selections and stamps as in Tiled: Select, Copy, Cut, Paste and Delete, the Stamp
// tool turned and mirrored, and the right-button drag that captures a stamp; each
// edit one undo step.
#include <QSettings>
#include <QTest>

#include <QAction>
#include <QUndoStack>

#include "test_main.h"
#include "document/project_document.h"
#include "editing/shapes.h"
#include "editing/stamp.h"
#include "main_window.h"
#include "map/map_view.h"
#include "tools/paint_controller.h"
#include "editor_test_helpers.h"
#include "paint_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

class TestStamps : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // A stamp turns and mirrors as Tiled's does; four quarter turns, or two mirrors,
    // give it back; copying and laying clip at the level's edges.
    void stampsTurnMirrorAndClip() {
        Level level(LevelSize{6, 4, 1}, Tile::Wall);
        level.set(1, 1, 0, Tile::Floor);
        level.set(2, 1, 0, Tile::Water);
        level.set(3, 1, 0, Tile::Door);
        level.set(1, 2, 0, Tile::Obstacle);
        const Stamp stamp = copyStamp(level, 0, {1, 1, 3, 2}); // F W D / O # #
        QCOMPARE(stamp.tiles.width(), 3);
        QCOMPARE(stamp.tiles(2, 0), Tile::Door);
        const Stamp right = turnedClockwise(stamp); // O F / # W / # D
        QCOMPARE(right.tiles.width(), 2);
        QCOMPARE(right.tiles.height(), 3);
        QCOMPARE(right.tiles(0, 0), Tile::Obstacle);
        QCOMPARE(right.tiles(1, 0), Tile::Floor);
        QCOMPARE(right.tiles(1, 2), Tile::Door);
        const Stamp left = turnedAnticlockwise(stamp); // D # / W # / F O
        QCOMPARE(left.tiles(0, 0), Tile::Door);
        QCOMPARE(left.tiles(1, 2), Tile::Obstacle);
        QVERIFY(turnedClockwise(turnedClockwise(turnedClockwise(right))).tiles == stamp.tiles);
        QVERIFY(turnedAnticlockwise(right).tiles == stamp.tiles);
        QCOMPARE(mirroredLeftRight(stamp).tiles(0, 0), Tile::Door);
        QCOMPARE(mirroredTopBottom(stamp).tiles(0, 0), Tile::Obstacle);
        QVERIFY(mirroredLeftRight(mirroredLeftRight(stamp)).tiles == stamp.tiles);
        QCOMPARE(copyStamp(level, 0, {4, 2, 5, 5}).tiles.width(), 2); // clipped to the level
        QVERIFY(copyStamp(level, 0, {7, 7, 2, 2}).empty());
        QCOMPARE(stampCells(stamp, {4, 3}, 6, 4).size(), std::size_t(2)); // two of its cells fit
        QVERIFY(stampCells(stamp, {-3, 0}, 6, 4).empty());
        // Laid under the cursor, the cursor at its middle (the right or lower of two).
        QCOMPARE(stampCorner(stamp.tiles, {5, 5}), (Point{4, 4}));                     // 3 x 2
        QCOMPARE(stampCorner(copyStamp(level, 0, {0, 0, 4, 1}).tiles, {5, 5}), (Point{3, 5})); // 4 x 1
        QCOMPARE(stampCorner(copyStamp(level, 0, {0, 0, 1, 1}).tiles, {5, 5}), (Point{5, 5}));
        QCOMPARE(clippedArea({5, 3}, {-2, 1}, 6, 4), (Rect{0, 1, 6, 3}));
    }

    // A right-button drag captures the cells as the stamp, as Tiled's does: the Stamp
    // tool takes it, nothing is edited and the selection stays; a right click without
    // a drag still only picks the tile.
    void aRightDragCapturesAStamp() {
        MainWindow window;
        QVERIFY(showWithExample(window, "random-fill.burrow.json"));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        const Level generated = doc->level();
        child<QAction>(&window, "toolPencil")->trigger();
        QTest::mousePress(view, Qt::RightButton, {}, view->cellCentre(5, 4).toPoint());
        QTest::mouseMove(view, view->cellCentre(3, 4).toPoint());
        QTest::mouseMove(view, view->cellCentre(2, 3).toPoint());
        QTest::mouseRelease(view, Qt::RightButton, {}, view->cellCentre(2, 3).toPoint());
        QVERIFY(child<QAction>(&window, "toolStamp")->isChecked());
        QCOMPARE(doc->undoStack()->count(), 0);
        QCOMPARE(window.painter()->selection(), Rect{});
        const Stamp& stamp = window.painter()->stamp();
        QCOMPARE(stamp.tiles.width(), 4);
        QCOMPARE(stamp.tiles.height(), 2);
        drag(view, {{22, 11}});
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 4; ++x) QCOMPARE(doc->level().at(20 + x, 10 + y, 0), generated.at(2 + x, 3 + y, 0));
        QCOMPARE(doc->undoStack()->count(), 1);
        // A second capture, at the corner, replaces the stamp.
        QTest::mousePress(view, Qt::RightButton, {}, view->cellCentre(1, 1).toPoint());
        QTest::mouseMove(view, view->cellCentre(0, 0).toPoint());
        QTest::mouseRelease(view, Qt::RightButton, {}, view->cellCentre(0, 0).toPoint());
        QCOMPARE(window.painter()->stamp().tiles.width(), 2);
    }

    // Select, Copy, Paste and the Stamp tool, turned with Z, Cut and Delete: each edit
    // one undo step, and undoing them all gives the generated level back.
    void selectCopyPasteAndStamp() {
        MainWindow window;
        QVERIFY(showWithExample(window, "random-fill.burrow.json"));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        const Level generated = doc->level();
        QAction* paste = child<QAction>(&window, "pasteCells");
        paste->trigger(); // nothing copied: a message, no tool change
        QVERIFY(!child<QAction>(&window, "toolStamp")->isChecked());
        child<QAction>(&window, "toolSelect")->trigger();
        drag(view, {{2, 3}, {5, 4}});
        QCOMPARE(window.painter()->selection(), (Rect{2, 3, 4, 2}));
        child<QAction>(&window, "copyCells")->trigger();
        QCOMPARE(doc->undoStack()->count(), 0); // copying edits nothing
        paste->trigger();
        QVERIFY(child<QAction>(&window, "toolStamp")->isChecked());
        drag(view, {{22, 11}}); // the cursor at the stamp's middle, as in Tiled
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 4; ++x) QCOMPARE(doc->level().at(20 + x, 10 + y, 0), generated.at(2 + x, 3 + y, 0));
        QCOMPARE(doc->undoStack()->count(), 1);
        // Z: a quarter turn clockwise, laid elsewhere (the map has the keyboard).
        window.activateWindow();
        view->setFocus();
        child<QAction>(&window, "turnStampRight")->trigger();
        QCOMPARE(window.painter()->stamp().tiles.width(), 2);
        drag(view, {{31, 14}});
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 2; ++x) QCOMPARE(doc->level().at(30 + x, 12 + y, 0), generated.at(2 + y, 3 + 1 - x, 0));
        QCOMPARE(doc->undoStack()->count(), 2);
        // Cut copies and gives the cells back to generation; Delete gives them back.
        window.painter()->select({20, 10, 4, 2});
        child<QAction>(&window, "cutCells")->trigger();
        QCOMPARE(doc->undoStack()->count(), 3);
        for (int x = 0; x < 4; ++x) QCOMPARE(doc->level().at(20 + x, 10, 0), generated.at(20 + x, 10, 0));
        QCOMPARE(window.painter()->stamp().tiles(0, 0), generated.at(2, 3, 0));
        window.painter()->select({30, 12, 2, 4});
        child<QAction>(&window, "deleteCells")->trigger();
        QCOMPARE(doc->undoStack()->count(), 4);
        QVERIFY(doc->level() == generated);
        doc->undoStack()->undo();
        QVERIFY(!(doc->level() == generated));
        while (doc->undoStack()->canUndo()) doc->undoStack()->undo();
        QVERIFY(doc->level() == generated);
        // Select All, Select None.
        child<QAction>(&window, "selectAll")->trigger();
        QCOMPARE(window.painter()->selection(), (Rect{0, 0, generated.width(), generated.height()}));
        child<QAction>(&window, "selectNone")->trigger();
        QCOMPARE(window.painter()->selection().width, 0);
    }
};

BURROW_TEST_MAIN(TestStamps)
#include "test_stamps.moc"
