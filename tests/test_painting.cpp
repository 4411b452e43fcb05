// Painting in the editor as a designer does: pencil drags, the eraser, rectangles and
// fills, each one undoable command, kept through saving, reopening and
// regenerating, with the built-in tile kinds and the project's own (selections and
// stamps: test_stamps.cpp).
#include <QSettings>
#include <QTest>

#include <QAction>
#include <QAbstractItemView>
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QUndoStack>

#include "test_main.h"
#include <QSpinBox>
#include "editing/shapes.h"
#include "document/project_document.h"
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "content/population_rules.h"
#include "tools/prefab_maker.h"
#include "docks/rules_dock.h"
#include "main_window.h"
#include "map/map_view.h"
#include "tools/paint_controller.h"
#include "editor_test_helpers.h"
#include "paint_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;


class TestPainting : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    void paintUndoRedoAndTheEditSurvives() {
        MainWindow window;
        QVERIFY(showWithExample(window, "random-fill.burrow.json"));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        const Level before = doc->level();
        // Without hand edits the finished level is the generated one, not a copy of
        // it (a gigabyte on 4096 x 4096 x 64), and it is still makeLevel()'s level.
        QCOMPARE(&doc->finishedLevel(), &doc->generation().level());
        const QString generatedHash = doc->levelHash();
        QCOMPARE(generatedHash.toStdString(), levelHash(makeLevel(doc->project(), doc->project().seed).level));
        child<QAction>(&window, "toolPencil")->trigger();
        window.painter()->setTile(Tile::Water);
        // One drag across the top row: one undo command.
        drag(view, {{0, 0}, {7, 0}, {14, 0}});
        QCOMPARE(doc->undoStack()->count(), 1);
        for (int x = 0; x < 15; ++x) QCOMPARE(doc->level().at(x, 0, 0), Tile::Water);
        // The first edit lays the edits over a copy: the generated level is as it was.
        QVERIFY(&doc->finishedLevel() != &doc->generation().level());
        QVERIFY(doc->generation().level().tiles(0) == before.tiles(0));
        QCOMPARE(doc->levelHash().toStdString(), levelHash(makeLevel(doc->project(), doc->project().seed).level));
        QVERIFY(doc->levelHash() != generatedHash);
        doc->undoStack()->undo();
        QVERIFY(doc->level().tiles(0) == before.tiles(0));
        doc->undoStack()->redo();
        for (int x = 0; x < 15; ++x) QCOMPARE(doc->level().at(x, 0, 0), Tile::Water);

        // Save, reopen, regenerate: the painted row stays.
        QTemporaryDir dir;
        const QString file = dir.path() + "/painted.burrow.json";
        QString error;
        QVERIFY2(doc->saveAs(file, &error), qPrintable(error));
        QVERIFY(!doc->isModified());
        MainWindow again;
        QVERIFY(openAndFinish(again, file));
        for (int x = 0; x < 15; ++x) QCOMPARE(again.document()->level().at(x, 0, 0), Tile::Water);
        Recipe rerolled = again.document()->project().recipe;
        rerolled.stages[0].reroll = 3;
        again.document()->setRecipe(rerolled);
        again.document()->generateFor(1000);
        QVERIFY(again.document()->atEnd());
        for (int x = 0; x < 15; ++x) QCOMPARE(again.document()->level().at(x, 0, 0), Tile::Water);
        QVERIFY(!(again.document()->level().tiles(0) == doc->level().tiles(0))); // the rest did change
    }

    // A project's own tile kinds are in the palette; painting one shows it on the
    // map in its colour, the hover names it, and it survives saving and reopening.
    void theProjectsOwnKindsArePaintable() {
        QTemporaryDir dir;
        nlohmann::json doc = nlohmann::json::parse(readTextFile(example("random-fill.burrow.json").toStdString()));
        doc["tile_kinds"] = {{{"id", "lava"}, {"name", "Lava"}, {"glyph", "="}, {"colour", "#ffb040"}, {"background", "#c03000"}, {"walkable", false}}};
        const QString file = dir.path() + "/lava.burrow.json";
        writeFileAtomically(file.toStdString(), doc.dump(2));
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, file));
        auto* palette = child<QComboBox>(&window, "tilePalette");
        QCOMPARE(palette->count(), kTileKindCount + 1);
        QCOMPARE(palette->itemText(kTileKindCount), QString("Lava"));
        // Every name shows whole, in the box and in its list.
        for (int i = 0; i < palette->count(); ++i) {
            palette->setCurrentIndex(i);
            const int text = palette->fontMetrics().horizontalAdvance(palette->itemText(i));
            QVERIFY2(palette->width() >= text + palette->iconSize().width(), qPrintable(palette->itemText(i)));
            QVERIFY(palette->view()->minimumWidth() >= text);
        }
        palette->setCurrentIndex(kTileKindCount);
        const Tile lava = static_cast<Tile>(kTileKindCount);
        child<QAction>(&window, "toolPencil")->trigger();
        MapView* view = window.mapView();
        drag(view, {{2, 2}, {6, 2}});
        for (int x = 2; x <= 6; ++x) QCOMPARE(window.document()->level().at(x, 2, 0), lava);
        const QImage shot = view->grab().toImage();
        const QColor drawn = shot.pixelColor((view->cellCentre(4, 2) - QPointF(view->cellCentre(1, 0).x() - view->cellCentre(0, 0).x(), 0) * 0.4).toPoint());
        QVERIFY2(std::abs(drawn.red() - 0xc0) + std::abs(drawn.green() - 0x30) + std::abs(drawn.blue()) < 24, qPrintable(drawn.name()));
        QString error;
        QVERIFY2(window.document()->save(&error), qPrintable(error));
        MainWindow again;
        QVERIFY(openAndFinish(again, file));
        QCOMPARE(again.document()->level().at(4, 2, 0), lava);
        QCOMPARE(again.document()->level().kinds[lava].name, std::string("Lava"));
        window.resize(1366, 768);
        view->setCellPixels(24, view->cellCentre(4, 2));
        screenshot(&window, "custom-kinds-1366x768");
    }

    // The eraser takes hand edits away (the generated tile shows again); a drag is
    // named by the cells it changed, each once; clearing edits is one undo step.
    void eraserStrokesAndClearingAreUndoable() {
        MainWindow window;
        QVERIFY(showWithExample(window, "random-fill.burrow.json"));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        const Level generated = doc->level();
        child<QAction>(&window, "toolPencil")->trigger();
        window.painter()->setTile(Tile::Water);
        drag(view, {{0, 1}, {5, 1}, {2, 1}}); // back over painted cells
        QCOMPARE(doc->undoStack()->text(0), QString("Pencil: 6 cells"));
        child<QAction>(&window, "toolEraser")->trigger();
        drag(view, {{0, 1}, {2, 1}});
        QCOMPARE(doc->undoStack()->text(1), QString("Erase: 3 cells"));
        for (int x = 0; x <= 2; ++x) QCOMPARE(doc->level().at(x, 1, 0), generated.at(x, 1, 0)); // as generated, wall or floor
        for (int x = 3; x <= 5; ++x) QCOMPARE(doc->level().at(x, 1, 0), Tile::Water);
        QCOMPARE(doc->project().edits.size(), std::size_t(3));
        QAction* clear = nullptr;
        for (QAction* a : window.findChildren<QAction*>())
            if (a->text() == "&Clear Hand Edits") clear = a;
        QVERIFY(clear);
        clear->trigger();
        QCOMPARE(doc->project().edits.size(), std::size_t(0));
        QCOMPARE(doc->undoStack()->count(), 3); // the history is kept
        doc->undoStack()->undo();
        QCOMPARE(doc->project().edits.size(), std::size_t(3));
        QCOMPARE(doc->level().at(4, 1, 0), Tile::Water);
    }

    void rectangleAndFillAreOneCommandEach() {
        MainWindow window;
        QVERIFY(showWithExample(window, "random-fill.burrow.json"));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        window.painter()->setTile(Tile::Obstacle);
        child<QAction>(&window, "toolRectangle")->trigger();
        QTest::mousePress(view, Qt::LeftButton, {}, view->cellCentre(2, 2).toPoint());
        QTest::mouseMove(view, view->cellCentre(4, 3).toPoint());
        QTest::mouseRelease(view, Qt::LeftButton, {}, view->cellCentre(4, 3).toPoint());
        for (int y = 2; y <= 3; ++y)
            for (int x = 2; x <= 4; ++x) QCOMPARE(doc->level().at(x, y, 0), Tile::Obstacle);
        child<QAction>(&window, "toolFill")->trigger();
        window.painter()->setTile(Tile::Water);
        QTest::mouseClick(view, Qt::LeftButton, {}, view->cellCentre(3, 2).toPoint());
        for (int y = 2; y <= 3; ++y)
            for (int x = 2; x <= 4; ++x) QCOMPARE(doc->level().at(x, y, 0), Tile::Water);
        QCOMPARE(doc->undoStack()->count(), 2);
        // Right click picks the tile under the cursor (Tiled's eyedropper), which the
        // pencil then paints; picking changes nothing of the level.
        auto* palette = child<QComboBox>(&window, "tilePalette");
        QTest::mouseClick(view, Qt::RightButton, {}, view->cellCentre(2, 2).toPoint());
        QCOMPARE(static_cast<Tile>(palette->currentData().toInt()), Tile::Water);
        QCOMPARE(doc->undoStack()->count(), 2);
        child<QAction>(&window, "toolPencil")->trigger();
        const Tile before = doc->level().at(10, 10, 0);
        drag(view, {{10, 10}});
        QCOMPARE(doc->level().at(10, 10, 0), Tile::Water);
        QVERIFY(before != Tile::Water || doc->undoStack()->count() == 2);
    }

    // Space held turns the left button into the hand, whatever the tool, as in Tiled:
    // the drag moves the map and paints nothing; let go, the tool paints again.
    void spaceHeldPansWithAnyTool() {
        MainWindow window;
        QVERIFY(showWithExample(window, "random-fill.burrow.json"));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        view->zoomBy(4); // the level larger than the view, so it can move
        child<QAction>(&window, "toolPencil")->trigger();
        window.painter()->setTile(Tile::Water);
        const QPoint middle = view->rect().center();
        const auto cellBefore = view->cellAt(middle);
        QVERIFY(cellBefore);
        QTest::keyPress(view, Qt::Key_Space);
        QTest::mousePress(view, Qt::LeftButton, {}, middle);
        QTest::mouseMove(view, middle + QPoint(-120, -80));
        QTest::mouseRelease(view, Qt::LeftButton, {}, middle + QPoint(-120, -80));
        QTest::keyRelease(view, Qt::Key_Space);
        QCOMPARE(doc->undoStack()->count(), 0);
        const auto cellAfter = view->cellAt(middle);
        QVERIFY(cellAfter);
        QVERIFY2(cellAfter->x > cellBefore->x && cellAfter->y > cellBefore->y, "the map did not follow the drag");
        drag(view, {{cellAfter->x, cellAfter->y}});
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->level().at(cellAfter->x, cellAfter->y, 0), Tile::Water);
    }

    // The brush covers a square a cell's size across, centred, clipped, each cell once.
    void brushesCoverSquares() {
        QCOMPARE(brushCells({{5, 5}}, 1, 10, 10), (std::vector<Point>{{5, 5}}));
        QCOMPARE(brushCells({{5, 5}}, 3, 10, 10).size(), std::size_t(9));
        QCOMPARE(brushCells({{5, 5}}, 2, 10, 10), (std::vector<Point>{{5, 5}, {6, 5}, {5, 6}, {6, 6}}));
        QCOMPARE(brushCells({{0, 0}}, 3, 10, 10), (std::vector<Point>{{0, 0}, {1, 0}, {0, 1}, {1, 1}})); // clipped at the corner
        QCOMPARE(brushCells({{4, 4}, {5, 4}}, 3, 10, 10).size(), std::size_t(12)); // the overlap once
    }

    // The Line tool paints a straight line end to end, as wide as the brush, as one
    // undo step; the pencil paints with the brush too.
    void lineAndBrushSize() {
        MainWindow window;
        QVERIFY(showWithExample(window, "random-fill.burrow.json"));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        window.painter()->setTile(Tile::Water);
        child<QAction>(&window, "toolLine")->trigger();
        QTest::mousePress(view, Qt::LeftButton, {}, view->cellCentre(2, 3).toPoint());
        QTest::mouseMove(view, view->cellCentre(8, 6).toPoint());
        QTest::mouseRelease(view, Qt::LeftButton, {}, view->cellCentre(8, 6).toPoint());
        for (const Point& p : lineCells({2, 3}, {8, 6})) QCOMPARE(doc->level().at(p.x, p.y, 0), Tile::Water);
        QCOMPARE(doc->undoStack()->count(), 1);
        child<QSpinBox>(&window, "brushSize")->setValue(3);
        QCOMPARE(window.painter()->brushSize(), 3);
        window.painter()->setTile(Tile::Obstacle);
        child<QAction>(&window, "toolPencil")->trigger();
        drag(view, {{20, 10}});
        for (int y = 9; y <= 11; ++y)
            for (int x = 19; x <= 21; ++x) QCOMPARE(doc->level().at(x, y, 0), Tile::Obstacle);
        QCOMPARE(doc->undoStack()->count(), 2);
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QVERIFY(doc->level() == makeLevel(doc->project(), doc->project().seed).level);
    }

    // Make prefab: a dragged rectangle becomes one of the project's prefabs, cell for
    // cell, undoable; a prefab group in the Population dock then places it, and both
    // survive saving and reopening.
    void aRectangleBecomesAPrefabTheRulesPlace() {
        MainWindow window;
        QVERIFY(showWithExample(window, "cellular-depths.burrow.json"));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        child<QAction>(&window, "toolMake prefab")->trigger();
        QSignalSpy chosen(view, &MapView::prefabRectangleChosen);
        // The dialog asking for the id is the maker's; the drag itself says which rectangle.
        disconnect(view, &MapView::prefabRectangleChosen, window.prefabMaker(), nullptr);
        QTest::mousePress(view, Qt::LeftButton, {}, view->cellCentre(16, 14).toPoint());
        QTest::mouseMove(view, view->cellCentre(10, 10).toPoint());
        QTest::mouseRelease(view, Qt::LeftButton, {}, view->cellCentre(10, 10).toPoint());
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen[0][0].value<Point>(), (Point{16, 14}));
        QCOMPARE(chosen[0][1].value<Point>(), (Point{10, 10}));
        const Level before = doc->level();
        QCOMPARE(window.prefabMaker()->make({10, 10, 7, 5}, "den"), QString());
        const Prefab* den = doc->project().prefabs.find("den");
        QVERIFY(den);
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 7; ++x) QCOMPARE(den->at(x, y).tile, before.at(10 + x, 10 + y, 0));
        QVERIFY(window.prefabMaker()->make({0, 0, 3, 3}, "den").contains("already"));
        QVERIFY(window.prefabMaker()->make({0, 0, 70, 3}, "wide").contains("64"));
        QVERIFY(window.prefabMaker()->make({0, 0, 3, 3}, "a b").contains("letters"));
        doc->undoStack()->undo();
        QVERIFY(doc->project().prefabs.empty());
        doc->undoStack()->redo();
        QVERIFY(doc->project().prefabs.find("den"));
        QCOMPARE(window.prefabMaker()->freeId(), QString("prefab-1"));

        child<QPushButton>(&window, "add-prefabs")->click();
        const auto rules = doc->rules();
        QVERIFY(rules);
        const auto group = std::find_if(rules->groups.begin(), rules->groups.end(), [](const PopulationGroup& g) { return g.kind == PopulationGroup::Kind::Prefabs; });
        QVERIFY(group != rules->groups.end());
        QCOMPARE(group->prefabs.front().id, std::string("den"));
        doc->generateFor(60000);
        QVERIFY(doc->atEnd());
        window.findChild<RulesDock*>()->raise();
        screenshot(&window, "prefab-group");

        QTemporaryDir dir;
        const QString file = dir.path() + "/with-prefab.burrow.json";
        QString error;
        QVERIFY2(doc->saveAs(file, &error), qPrintable(error));
        MainWindow again;
        QVERIFY(openAndFinish(again, file));
        QCOMPARE(again.document()->project().prefabs, doc->project().prefabs);
        QCOMPARE(levelHash(again.document()->level()), levelHash(doc->level()));
    }
};

BURROW_TEST_MAIN(TestPainting)
#include "test_painting.moc"
