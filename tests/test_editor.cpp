// The editor driven as a designer would: the transport, the timeline slider, Play
// and Pause, parameter edits, painting with undo, saving. With BURROW_SCREENSHOTS
// set to a folder, it also saves window grabs of what the issue asks to see.
#include <QtTest>

#include <QAction>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QUndoStack>
#include <unistd.h>

#include "docks/generation_dock.h"
#include "pipeline/builtin_stages.h"
#include "docks/parameter_form.h"
#include "docks/recipe_panel.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "io/file_io.h"
#include "tools/paint_controller.h"

using namespace burrow;
using namespace burrow::ui;

#include "editor_test_helpers.h"
#include "stage_entries.h"


class TestEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    void stepForwardAndBackReturnsToTheStart() {
        MainWindow window;
        window.show();
        QVERIFY(window.openProject(example("drone-caves.burrow.json")));
        ProjectDocument* doc = window.document();
        doc->seek(0);
        const Level start = doc->level();
        auto* step = child<QPushButton>(&window, "step");
        auto* back = child<QPushButton>(&window, "back");
        for (int i = 0; i < 25; ++i) QTest::mouseClick(step, Qt::LeftButton);
        QCOMPARE(doc->generation().stepsDone(), std::size_t(25));
        QVERIFY(!(doc->level().tiles(0) == start.tiles(0)));
        screenshot(&window, "drone-mining-midway");
        for (int i = 0; i < 25; ++i) QTest::mouseClick(back, Qt::LeftButton);
        QCOMPARE(doc->generation().stepsDone(), std::size_t(0));
        QVERIFY(doc->level().tiles(0) == start.tiles(0));
    }

    void scrubbingEqualsStepping() {
        MainWindow window;
        window.show();
        QVERIFY(window.openProject(example("rooms-and-hallways.burrow.json")));
        ProjectDocument* doc = window.document();
        auto* slider = child<QSlider>(&window, "timeline");
        QVERIFY(slider->maximum() > 10);
        const int k = slider->maximum() / 2;
        doc->seek(0);
        for (int i = 0; i < k; ++i) doc->step();
        const Level stepped = doc->level();
        slider->setValue(slider->maximum());
        slider->setValue(k); // as a drag would
        QCOMPARE(doc->generation().stepsDone(), std::size_t(k));
        QVERIFY(doc->level().tiles(0) == stepped.tiles(0));
        QVERIFY(doc->level().areas == stepped.areas);
        slider->setValue(slider->maximum());
        QVERIFY(doc->atEnd());
    }

    void playThenPauseStops() {
        MainWindow window;
        window.show();
        QVERIFY(window.openProject(example("drone-caves.burrow.json")));
        ProjectDocument* doc = window.document();
        doc->seek(0);
        window.runner()->setStepsPerSecond(200);
        auto* play = child<QPushButton>(&window, "play");
        QTest::mouseClick(play, Qt::LeftButton);
        QCOMPARE(window.runner()->mode(), GenerationRunner::Mode::Playing);
        QTRY_VERIFY_WITH_TIMEOUT(doc->generation().stepsDone() > 5, 5000);
        QTest::mouseClick(play, Qt::LeftButton);
        QCOMPARE(window.runner()->mode(), GenerationRunner::Mode::Idle);
        const std::size_t stopped = doc->generation().stepsDone();
        QTest::qWait(150);
        QCOMPARE(doc->generation().stepsDone(), stopped);
        QVERIFY(!doc->atEnd());
    }

    void generateRunsToTheEndInSlices() {
        MainWindow window;
        window.show();
        QVERIFY(window.openProject(example("cellular-depths.burrow.json")));
        ProjectDocument* doc = window.document();
        const Level finished = doc->level();
        doc->seek(0);
        QTest::mouseClick(child<QPushButton>(&window, "generate"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 10000);
        QVERIFY(doc->level() == finished);
    }

    void editingAParameterRegeneratesFromThatStage() {
        MainWindow window;
        window.show();
        QVERIFY(window.openProject(example("drone-caves.burrow.json")));
        ProjectDocument* doc = window.document();
        RecipePanel* recipe = window.generationDock()->recipe();
        recipe->list()->setCurrentRow(2); // the water walkers
        auto* most = recipe->form()->findChild<QSpinBox*>("walkers_max");
        QVERIFY(most);
        most->setValue(6);
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 5000);
        Recipe expected = loadProject(example("drone-caves.burrow.json").toStdString(), builtinStages()).recipe;
        expected.stages[2].params.set("walkers_max", std::int64_t{6});
        QVERIFY(doc->project().recipe == expected);
        QVERIFY(doc->level().tiles(0) == generateLevel(doc->project().size, doc->project().seed, expected, builtinStages()).tiles(0));
        QVERIFY(doc->isModified());
        QVERIFY(window.isWindowModified());
    }

    void paintUndoRedoAndTheEditSurvives() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.openProject(example("random-fill.burrow.json")));
        ProjectDocument* doc = window.document();
        MapView* view = window.mapView();
        const Level before = doc->level();
        child<QAction>(&window, "toolPencil")->trigger();
        window.painter()->setTile(Tile::Water);
        // One drag across the top row: one undo command.
        QTest::mousePress(view, Qt::LeftButton, {}, view->cellCentre(0, 0).toPoint());
        QTest::mouseMove(view, view->cellCentre(7, 0).toPoint());
        QTest::mouseMove(view, view->cellCentre(14, 0).toPoint());
        QTest::mouseRelease(view, Qt::LeftButton, {}, view->cellCentre(14, 0).toPoint());
        QCOMPARE(doc->undoStack()->count(), 1);
        for (int x = 0; x < 15; ++x) QCOMPARE(doc->level().at(x, 0, 0), Tile::Water);
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
        QVERIFY(again.openProject(file));
        for (int x = 0; x < 15; ++x) QCOMPARE(again.document()->level().at(x, 0, 0), Tile::Water);
        Recipe rerolled = again.document()->project().recipe;
        rerolled.stages[0].reroll = 3;
        again.document()->setRecipe(rerolled);
        again.document()->generateFor(1000);
        QVERIFY(again.document()->atEnd());
        for (int x = 0; x < 15; ++x) QCOMPARE(again.document()->level().at(x, 0, 0), Tile::Water);
        QVERIFY(!(again.document()->level().tiles(0) == doc->level().tiles(0))); // the rest did change
    }

    void rectangleAndFillAreOneCommandEach() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.openProject(example("random-fill.burrow.json")));
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
    }

    void failedSaveSaysWhyAndKeepsTheOldFile() {
        MainWindow window;
        QVERIFY(window.openProject(example("random-fill.burrow.json")));
        QTemporaryDir dir;
        // A "folder" that is a file: no save can succeed there, even as root.
        const QString notAFolder = dir.path() + "/plain-file";
        QFile(notAFolder).open(QIODevice::WriteOnly);
        QString error;
        QVERIFY(!window.document()->saveAs(notAFolder + "/level.burrow.json", &error));
        QVERIFY2(error.contains("level.burrow.json") && error.contains("unchanged"), qPrintable(error));
        QCOMPARE(window.document()->filePath(), QFileInfo(example("random-fill.burrow.json")).absoluteFilePath());
        if (geteuid() != 0) {
            // Where permissions apply: a read-only folder keeps the old file as it was.
            const QString file = dir.path() + "/ro/keep.burrow.json";
            QDir().mkpath(dir.path() + "/ro");
            QVERIFY(window.document()->saveAs(file, &error));
            const std::string old = readTextFile(file.toStdString());
            QFile::setPermissions(dir.path() + "/ro", QFile::ReadOwner | QFile::ExeOwner);
            window.document()->clearEdits();
            Recipe r = window.document()->project().recipe;
            r.stages[0].reroll = 9;
            window.document()->setRecipe(r);
            QVERIFY(!window.document()->saveAs(file, &error));
            QCOMPARE(readTextFile(file.toStdString()), old);
            QFile::setPermissions(dir.path() + "/ro", QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        }
    }

    void regionAndDepthViews() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.openProject(example("cellular-depths.burrow.json")));
        MapView* view = window.mapView();
        const QImage plain = view->grab().toImage();
        child<QAction>(&window, "showRegions")->setChecked(true);
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
        auto* strip = child<QListWidget>(&window, "depthStrip");
        QCOMPARE(strip->count(), 6);
        QTest::mouseClick(strip->viewport(), Qt::LeftButton, {}, strip->visualItemRect(strip->item(3)).center());
        QCOMPARE(view->depth(), 3);
        QCOMPARE(view->overlays().otherDepth, 4);
        strip->setCurrentRow(0);
        QVERIFY(view->grab().toImage() != plain);
        screenshot(&window, "cross-depth-overlap");
    }
};

QTEST_MAIN(TestEditor)
#include "test_editor.moc"
