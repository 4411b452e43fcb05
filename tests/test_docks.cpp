// The editor's docks driven as a designer would: stage parameters, tile kinds, the
// Play dock and shortcuts. The Population dock is test_population_dock's, the export
// dialog test_export_dialog's.
#include <QSettings>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QMenuBar>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>

#include "test_main.h"
#include "dialogs/shortcuts_dialog.h"
#include "dialogs/tile_kinds_dialog.h"
#include "commands/tile_kinds_command.h"
#include "docks/generation_dock.h"
#include "docks/parameter_form.h"
#include "docks/play_dock.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "play/play_view.h"
#include "pipeline/builtin_stages.h"
#include "project/project.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

class TestDocks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // A parameter that would make its stage run for hours is shown with the
    // estimate and not applied; the one before it was.
    void parametersOverTheWorkLimitAreShownNotApplied() {
        ParameterForm form;
        const StageType& drones = *builtinStages().find("drone_mining");
        form.show(&drones, makeStageEntry(drones, {}).params, {256, 256, 4});
        QSignalSpy applied(&form, &ParameterForm::valuesEdited);
        form.findChild<QSpinBox*>("drones_max")->setValue(1000);
        QCOMPARE(applied.size(), 1);
        form.findChild<QSpinBox*>("life_max")->setValue(10000000);
        QCOMPARE(applied.size(), 1);
        const auto labels = form.findChildren<QLabel*>();
        const bool shown = std::any_of(labels.begin(), labels.end(), [&](QLabel* l) {
            return l->isVisibleTo(&form) && l->text().contains("would take about 7 minutes (4.0e10 drone ticks on 4 depths)");
        });
        QVERIFY(shown);
    }

    // A tile choice offers the project's own kinds that fit it: a hallway may be a
    // bridge, never lava; choosing the bridge applies it.
    void tileChoicesOfferTheProjectsKinds() {
        TileKinds kinds;
        const auto kind = [](const char* id, char glyph, bool walkable) {
            TileKind k;
            k.id = k.name = id;
            k.glyph = glyph;
            k.walkable = walkable;
            return k;
        };
        QVERIFY(!kinds.add(kind("lava", '=', false)));
        QVERIFY(!kinds.add(kind("bridge", 'H', true)));
        ParameterForm form;
        const StageType& rooms = *builtinStages().find("rooms_and_hallways");
        form.show(&rooms, makeStageEntry(rooms, {}).params, {64, 64, 1}, kinds);
        auto* hall = form.findChild<QComboBox*>("hall_tile");
        QVERIFY(hall);
        QStringList offered;
        for (int i = 0; i < hall->count(); ++i) offered << hall->itemText(i);
        QCOMPARE(offered, QStringList({"corridor", "floor", "bridge"}));
        QSignalSpy applied(&form, &ParameterForm::valuesEdited);
        hall->setCurrentText("bridge");
        QCOMPARE(applied.size(), 1);
        QCOMPARE(QString::fromStdString(form.values().choice("hall_tile")), QString("bridge"));
        form.show(&rooms, makeStageEntry(rooms, {}).params, {64, 64, 1}); // another project, built-ins only
        hall = form.findChild<QComboBox*>("hall_tile");
        QCOMPARE(hall->count(), 2);
    }

    // The Tile kinds dialog: a kind added and named, one in use refused with where it
    // is used, the built-ins not editable; applied as one undoable edit.
    void tileKindsAreEditedInTheEditor() {
        ProjectDocument doc;
        QVERIFY(doc.open(example("lava-caves.burrow.json"), nullptr));
        TileKindsDialog dialog(doc.project());
        QTableWidget* table = dialog.table();
        QCOMPARE(table->rowCount(), kTileKindCount + 2);
        QVERIFY(!(table->item(0, 0)->flags() & Qt::ItemIsEditable)); // wall stays wall
        dialog.addKind();
        const int added = table->rowCount() - 1;
        table->item(added, 0)->setText("chasm");
        table->item(added, 1)->setText("Chasm");
        table->item(added, 5)->setCheckState(Qt::Unchecked);
        dialog.removeKind(kTileKindCount); // lava: the rules lay it
        QVERIFY(!dialog.apply());
        QVERIFY2(dialog.problem().startsWith("lava is still used (tile group"), qPrintable(dialog.problem()));
        QCOMPARE(table->rowCount(), kTileKindCount + 2); // the table still without lava: the designer puts it back by Cancel
        TileKindsDialog again(doc.project());
        again.addKind();
        again.table()->item(again.table()->rowCount() - 1, 0)->setText("chasm");
        again.table()->item(again.table()->rowCount() - 1, 3)->setText("red");
        QVERIFY(!again.apply());
        QVERIFY(again.problem().contains("#rrggbb"));
        again.table()->item(again.table()->rowCount() - 1, 3)->setText("#202020");
        again.table()->item(again.table()->rowCount() - 1, 5)->setCheckState(Qt::Unchecked);
        QVERIFY2(again.apply(), qPrintable(again.problem()));
        again.show();
        screenshot(&again, "tile-kinds");
        doc.undoStack()->push(new TileKindsCommand(&doc, *again.result()));
        const auto chasm = doc.project().tileKinds.find("chasm");
        QVERIFY(chasm && !doc.project().tileKinds.walkable(*chasm));
        QCOMPARE(doc.project().tileKinds[*chasm].colour, 0x202020u);
        QVERIFY(doc.isModified());
        doc.undoStack()->undo();
        QVERIFY(!doc.project().tileKinds.find("chasm"));
    }

    // The digits choose tools while the map has the keyboard; typed anywhere else
    // (a seed field, a list) they leave the tool alone.
    void digitsChooseToolsOnlyOnTheMap() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
        QAction* pencil = window.findChild<QAction*>("toolPencil");
        QAction* pan = window.findChild<QAction*>("toolPan");
        QVERIFY(pencil && pan && pan->isChecked());
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.mapView()->setFocus();
        QTest::keyClick(window.mapView(), Qt::Key_2);
        QVERIFY(pencil->isChecked());
        auto* seed = window.findChild<QLineEdit*>("seed");
        QVERIFY(seed);
        seed->setFocus();
        QTest::keyClick(seed, Qt::Key_1);
        QVERIFY2(pencil->isChecked(), "a digit typed in the seed field switched the tool");
        const auto lists = window.findChildren<QListWidget*>();
        QVERIFY(!lists.isEmpty());
        lists.front()->setFocus();
        QTest::keyClick(lists.front(), Qt::Key_1);
        QVERIFY(pencil->isChecked());
    }

    // Tiled's letters choose the tools it has too (B its stamp brush, P shape fill,
    // F bucket fill, E eraser, R rectangular select; L the line), on the map only.
    void tiledsLettersChooseTools() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.mapView()->setFocus();
        const std::pair<Qt::Key, const char*> letters[] = {{Qt::Key_B, "toolPencil"}, {Qt::Key_P, "toolRectangle"}, {Qt::Key_F, "toolFill"},
                                                           {Qt::Key_E, "toolEraser"},  {Qt::Key_R, "toolSelect"},    {Qt::Key_L, "toolLine"}};
        for (const auto& [key, tool] : letters) {
            QTest::keyClick(window.mapView(), key);
            QVERIFY2(window.findChild<QAction*>(tool)->isChecked(), tool);
            QVERIFY2(window.findChild<QAction*>(tool)->toolTip().contains(QKeySequence(key).toString(QKeySequence::NativeText)), tool);
        }
        auto* seed = window.findChild<QLineEdit*>("seed");
        seed->setFocus();
        QTest::keyClick(seed, Qt::Key_B);
        QVERIFY2(window.findChild<QAction*>("toolLine")->isChecked(), "a letter typed in the seed field switched the tool");
    }

    // A seed typed and not yet entered (the field still has the keyboard) is saved
    // with the project, as the designer sees it; and a window that goes while a field
    // is being edited applies it first, never into a window half gone.
    void aSeedBeingTypedIsSaved() {
        QTemporaryDir dir;
        const QString file = dir.path() + "/typed.burrow.json";
        QVERIFY(QFile::copy(example("random-fill.burrow.json"), file));
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(openAndFinish(window, file));
        auto* seed = window.findChild<QLineEdit*>("seed");
        seed->setFocus();
        seed->selectAll();
        QTest::keyClicks(seed, "4242");
        QVERIFY(window.save());
        QCOMPARE(loadProject(file.toStdString(), builtinStages()).seed, std::uint64_t{4242});
        QVERIFY(!window.document()->isModified());
        // The same from a floating dock, a window of its own.
        auto* dock = window.findChild<GenerationDock*>();
        dock->setFloating(true);
        QVERIFY(QTest::qWaitForWindowExposed(dock));
        QApplication::setActiveWindow(dock);
        QVERIFY(QTest::qWaitForWindowActive(dock));
        seed->setFocus();
        seed->selectAll();
        QTest::keyClicks(seed, "77");
        QVERIFY(seed->hasFocus());
        QVERIFY(window.save());
        QCOMPARE(loadProject(file.toStdString(), builtinStages()).seed, std::uint64_t{77});
        dock->setFloating(false);
        auto gone = std::make_unique<MainWindow>();
        gone->show();
        QApplication::setActiveWindow(gone.get());
        QVERIFY(QTest::qWaitForWindowActive(gone.get()));
        auto* typing = gone->findChild<QLineEdit*>("seed");
        typing->setFocus();
        QTest::keyClicks(typing, "7");
        gone.reset(); // was: the seed applied from ~QWidget, its signal to a destroyed MainWindow
    }

    void playDockPlaysWithTheKeyboard() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
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
            const Cell to{start.x + d.x(), start.y + d.y(), start.z};
            if (!isWalkable(dock->game()->level().at(to.x, to.y, to.z)) || dock->game()->actorAt(to)) continue;
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
        // The same message again is counted on its line, not written again.
        const int lines = child<QListWidget>(dock, "playLog")->count();
        QTest::keyClick(view, '>', Qt::ShiftModifier);
        QTest::keyClick(view, '>', Qt::ShiftModifier);
        QCOMPARE(child<QListWidget>(dock, "playLog")->count(), lines);
        QCOMPARE(child<QListWidget>(dock, "playLog")->item(lines - 1)->text(), QString("2: You can't go down here! ×3"));
        screenshot(&window, "play");
        for (QAction* a : window.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(Qt::Key_F5)) a->trigger(); // a new game
        QCOMPARE(dock->game()->turn(), 0);
        QCOMPARE(inputForKey(Qt::Key_7, Qt::KeypadModifier, "7"), std::optional<Input>(Input{Input::Kind::Move, -1, -1}));
        QCOMPARE(inputForKey(Qt::Key_N, {}, "n"), std::optional<Input>(Input{Input::Kind::Move, 1, 1}));
    }

    // F5, then File > New, then a key in the play view: the game on the old level
    // ends (under ASan this would read freed memory if the game kept pointers into
    // the old document's rules).
    void replacingTheDocumentEndsTheGame() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
        PlayDock* dock = window.playDock();
        QAction* play = nullptr;
        for (QAction* a : window.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(Qt::Key_F5)) play = a;
        QVERIFY(play);
        play->trigger();
        QVERIFY(dock->game());
        QAction* fileNew = nullptr;
        for (QAction* a : window.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(QKeySequence::New)) fileNew = a;
        QVERIFY(fileNew);
        fileNew->trigger();
        QVERIFY(!dock->game());
        for (int key : {Qt::Key_Right, Qt::Key_Left, Qt::Key_Period}) QTest::keyClick(dock->view(), static_cast<Qt::Key>(key));
        QVERIFY(!dock->game());
        // The same after Open and after a regenerate.
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
        play->trigger();
        QVERIFY(dock->game());
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
        QVERIFY(!dock->game());
        play->trigger();
        Recipe r = window.document()->project().recipe;
        ++r.stages[0].reroll;
        window.document()->setRecipe(r);
        QVERIFY(!dock->game());
        QTest::keyClick(dock->view(), Qt::Key_Right);
    }

    // Every key does one thing: no two actions share a shortcut, and an action's
    // own list holds each key once (else Qt calls it ambiguous and does nothing).
    void everyShortcutIsUnique() {
        MainWindow window;
        QMap<QString, QString> owner;
        for (QAction* a : window.findChildren<QAction*>()) {
            QSet<QString> own;
            for (const QKeySequence& k : a->shortcuts()) {
                const QString key = k.toString();
                QVERIFY2(!own.contains(key), qPrintable(a->text() + " lists " + key + " twice"));
                own.insert(key);
                QVERIFY2(!owner.contains(key), qPrintable(key + " is both " + owner.value(key) + " and " + a->text()));
                owner.insert(key, a->text());
            }
        }
        QVERIFY(owner.contains("Ctrl+Shift+Z"));
        QVERIFY(owner.contains("Ctrl+R"));
        // Help > Keyboard Shortcuts lists every one of them, read from the menus.
        QSet<QString> listed;
        for (const ShortcutRow& row : shortcutRows(&window))
            for (const QString& key : row.keys.split(", ")) listed.insert(QKeySequence(key, QKeySequence::NativeText).toString());
        for (auto it = owner.cbegin(); it != owner.cend(); ++it) QVERIFY2(listed.contains(it.key()), qPrintable(it.key() + " (" + it.value() + ") is not in the list"));
        ShortcutsDialog dialog(&window);
        QCOMPARE(dialog.findChild<QTableWidget*>("shortcuts")->rowCount(), static_cast<int>(shortcutRows(&window).size()) + 4 + 3); // the game's keys, the map's gestures
    }

    // The game's keys belong to the game while it has the keyboard: numpad 1 moves
    // the player instead of picking the editor's first tool.
    void playKeysAreNotEditorShortcuts() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        child<QAction>(&window, "toolPencil")->trigger();
        window.playDock()->show();
        window.playDock()->playFromHere();
        window.playDock()->view()->setFocus();
        QApplication::setActiveWindow(&window);
        QTest::keyClick(window.playDock()->view(), Qt::Key_5, Qt::KeypadModifier); // wait a turn
        QCOMPARE(window.playDock()->game()->turn(), 1);
        QVERIFY(child<QAction>(&window, "toolPencil")->isChecked());
    }
};

BURROW_TEST_MAIN(TestDocks)
#include "test_docks.moc"
