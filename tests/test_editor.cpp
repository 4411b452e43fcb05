// The editor driven as a designer would: the transport, the timeline slider, Play
// and Pause, parameter edits, painting with undo, saving. With BURROW_SCREENSHOTS
// set to a folder, it also saves window grabs of what the issue asks to see.
#include <QtTest>

#include <QAction>
#include <QCheckBox>
#include <QListWidget>
#include <QPushButton>
#include <QSlider>
#include <QLineEdit>
#include <QSpinBox>
#include <QTreeWidget>
#include <QUndoStack>
#include <unistd.h>

#include "dialogs/export_dialog.h"
#include "docks/generation_dock.h"
#include "docks/play_dock.h"
#include "play/play_view.h"
#include "docks/parameter_form.h"
#include "docks/recipe_panel.h"
#include "docks/rules_dock.h"
#include "docks/templates_table.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "project/file_io.h"
#include "tools/paint_controller.h"

using namespace burrow;
using namespace burrow::ui;

namespace {
QString example(const char* name) { return QStringLiteral(BURROW_EXAMPLES "/") + name; }

void screenshot(QWidget* window, const QString& name) {
    const QString dir = qEnvironmentVariable("BURROW_SCREENSHOTS");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    QTest::qWait(100); // widgets added to a visible layout are shown by a queued call
    QVERIFY(window->grab().save(dir + "/" + name + ".png"));
}

template <typename T>
T* child(QWidget* parent, const char* name) {
    T* w = parent->findChild<T*>(name);
    if (!w) qFatal("no widget named %s", name);
    return w;
}
} // namespace

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
        Recipe expected = loadProject(example("drone-caves.burrow.json").toStdString(), StageCatalog::builtin()).recipe;
        expected.stages[2].params.set("walkers_max", std::int64_t{6});
        QVERIFY(doc->project().recipe == expected);
        QVERIFY(doc->level().tiles(0) == generateLevel(doc->project().size, doc->project().seed, expected, StageCatalog::builtin()).tiles(0));
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

    void rulesDockEditsAreUndoableAndRerunPopulationOnly() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.openProject(example("room-grid.burrow.json")));
        ProjectDocument* doc = window.document();
        QTreeWidget* groups = window.rulesDock()->groups();
        QCOMPARE(groups->topLevelItemCount(), 4);
        QCOMPARE(groups->topLevelItem(2)->text(0), QString("enemies"));
        const Level before = doc->level();
        const std::size_t enemiesBefore = std::count_if(before.entities.begin(), before.entities.end(), [](const Entity& e) { return e.templateName == "enemy"; });
        groups->setCurrentItem(groups->topLevelItem(2));
        child<QSpinBox>(window.rulesDock(), "groupMax")->setValue(6);
        child<QSpinBox>(window.rulesDock(), "groupMin")->setValue(5);
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 5000);
        const Level after = doc->level();
        const std::size_t enemiesAfter = std::count_if(after.entities.begin(), after.entities.end(), [](const Entity& e) { return e.templateName == "enemy"; });
        QVERIFY2(enemiesAfter >= 5 * after.areas.size(), qPrintable(QString::number(enemiesAfter)));
        QVERIFY(after.areas == before.areas && after.doors == before.doors); // the layout stayed
        QCOMPARE(doc->undoStack()->count(), 2);
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        doc->generateFor(1000);
        const Level undone = doc->level();
        QCOMPARE(std::size_t(std::count_if(undone.entities.begin(), undone.entities.end(), [](const Entity& e) { return e.templateName == "enemy"; })), enemiesBefore);
        QVERIFY(undone.tiles(0) == before.tiles(0));
        screenshot(&window, "population");

        // An impossible group says so beside it.
        window.rulesDock()->edit("huge", [](PopulationRules& r) {
            PopulationGroup big = r.groups[1];
            big.name = "boulders";
            big.sizes = {{30, 30}};
            r.groups.push_back(big);
        });
        doc->generateFor(1000);
        QTRY_COMPARE(groups->topLevelItemCount(), 5);
        QCOMPARE(groups->topLevelItem(4)->text(3), QString("short"));
        QVERIFY(groups->topLevelItem(4)->toolTip(0).contains("no free 30x30 area"));
    }

    void exportWritesWhatTheDialogSays() {
        MainWindow window;
        QVERIFY(window.openProject(example("cellular-depths.burrow.json")));
        ExportDialog dialog(window.document());
        for (const char* off : {"format-tmj", "format-png", "format-tmx", "format-txt", "format-csv"}) child<QCheckBox>(&dialog, off)->setChecked(false);
        child<QCheckBox>(&dialog, "format-tmj")->setChecked(true);
        child<QCheckBox>(&dialog, "format-csv")->setChecked(true);
        ExportRequest request = dialog.request();
        QCOMPARE(request.formats.size(), std::size_t(2));
        QCOMPARE(request.stem, std::string("cellular-depths"));
        QTemporaryDir dir;
        QString error;
        const QStringList files = ExportDialog::exportLevel(*window.document(), request, dir.path(), nullptr, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(files.size(), 1 + 6 + 1 + 6); // tileset, 6 maps, the world, 6 CSVs
        const auto map = nlohmann::json::parse(readTextFile(dir.path().toStdString() + "/cellular-depths-depth-2.tmj"));
        QCOMPARE(map["width"].get<int>(), 100);
    }

    void playDockPlaysWithTheKeyboard() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.openProject(example("rooms-and-hallways.burrow.json")));
        PlayDock* dock = window.playDock();
        dock->show();
        dock->raise();
        QTest::mouseClick(child<QPushButton>(dock, "playFromHere"), Qt::LeftButton);
        QVERIFY(dock->game());
        PlayView* view = dock->view();
        const Cell start = dock->game()->player().at;
        // Walk with whatever key leads somewhere open: each key press is one turn.
        const std::pair<int, QPoint> keys[] = {{Qt::Key_Right, {1, 0}}, {Qt::Key_Left, {-1, 0}}, {Qt::Key_Down, {0, 1}}, {Qt::Key_Up, {0, -1}}};
        for (const auto& [key, d] : keys) {
            const Tile t = dock->game()->level().at(start.x + d.x(), start.y + d.y(), start.z);
            if (!isWalkable(t)) continue;
            QTest::keyClick(view, static_cast<Qt::Key>(key));
            QCOMPARE(dock->game()->turn(), 1);
            QCOMPARE(dock->game()->player().at, (Cell{start.x + d.x(), start.y + d.y(), start.z}));
            break;
        }
        QTest::keyClick(view, '.');
        QCOMPARE(dock->game()->turn(), 2);
        QTest::keyClick(view, '>', Qt::ShiftModifier);
        QCOMPARE(dock->game()->turn(), 2); // not on stairs: no turn, a message
        QCOMPARE(child<QListWidget>(dock, "playLog")->item(child<QListWidget>(dock, "playLog")->count() - 1)->text(), QString("2: You can't go down here!"));
        screenshot(&window, "play");
        QTest::keyClick(view, Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(dock->game()->turn(), 0);
        QCOMPARE(inputForKey(Qt::Key_7, Qt::KeypadModifier, "7"), std::optional<Input>(Input{Input::Kind::Move, -1, -1}));
        QCOMPARE(inputForKey(Qt::Key_N, {}, "n"), std::optional<Input>(Input{Input::Kind::Move, 1, 1}));
    }

    void templatesAndPropertiesAreEditable() {
        QCOMPARE(behavioursFromText("chase 8, wander").value().size(), std::size_t(2));
        QCOMPARE(behavioursText(*behavioursFromText("stationary, spread 0.5 3")), QString("stationary, spread 0.5 3"));
        QVERIFY(!behavioursFromText("fly 3"));
        QVERIFY(!behavioursFromText("spread 2 3")); // a chance above 1

        MainWindow window;
        QVERIFY(window.openProject(example("room-grid.burrow.json")));
        ProjectDocument* doc = window.document();
        auto* table = child<TemplatesTable>(window.rulesDock(), "templates");
        // A changed default moves up among the rules' own templates: find the row each time.
        auto enemyRow = [&] {
            for (int r = 0; r < table->rowCount(); ++r)
                if (table->item(r, 0)->text() == "enemy") return r;
            return -1;
        };
        table->item(enemyRow(), 1)->setText("g");
        table->item(enemyRow(), 8)->setText("chase 9");
        table->item(enemyRow(), 3)->setText("dragon"); // not a kind: refused, shown red
        QCOMPARE(table->item(enemyRow(), 3)->background().color(), QColor(255, 200, 200));
        doc->generateFor(1000);
        const EntityTemplate* enemy = doc->rules()->findTemplate("enemy");
        QCOMPARE(enemy->glyph, 'g');
        QCOMPARE(enemy->behaviours.size(), std::size_t(1));
        QCOMPARE(enemy->behaviours[0].radius, 9);
        QCOMPARE(enemy->kind, EntityKind::Creature);
        QCOMPARE(doc->undoStack()->count(), 2);

        QTreeWidget* groups = window.rulesDock()->groups();
        groups->setCurrentItem(groups->topLevelItem(2)); // enemies
        auto* properties = child<QLineEdit>(window.rulesDock(), "groupProperties");
        QCOMPARE(properties->text(), QString("group=enemies; texture=enemy_image")); // keys in sorted order, as read
        properties->setText("texture=orc; loot=gold");
        QMetaObject::invokeMethod(properties, "editingFinished");
        doc->generateFor(1000);
        const auto& placed = doc->rules()->groups[2].entities[0].properties;
        QCOMPARE(placed.size(), std::size_t(2));
        QCOMPARE(placed[1], (std::pair<std::string, std::string>{"loot", "gold"}));
        for (const Entity& e : doc->level().entities)
            if (e.templateName == "enemy") QCOMPARE(e.properties, placed);
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
