// The editor's docks driven as a designer would: population rules and templates,
// the Play dock, tile kinds and shortcuts. The export dialog is test_export_dialog's.
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QHeaderView>
#include <QTabWidget>
#include <QScrollArea>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QMenuBar>
#include <QSpinBox>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>

#include "test_main.h"
#include "dialogs/shortcuts_dialog.h"
#include "dialogs/tile_kinds_dialog.h"
#include "commands/tile_kinds_command.h"
#include "docks/parameter_form.h"
#include "docks/play_dock.h"
#include "docks/templates_tab.h"
#include "docks/templates_table.h"
#include "docks/rules_dock.h"
#include "docks/templates_table.h"
#include "document/project_document.h"
#include "style/theme.h"
#include "main_window.h"
#include "map/map_view.h"
#include "play/play_view.h"
#include "io/file_io.h"
#include "pipeline/builtin_stages.h"

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

    // Templates without JSON: New, Duplicate, Rename (the groups follow) and Delete in
    // the Population dock, each one undo step; a refusal says why and changes nothing.
    // On a laptop the template buttons are in sight when the tab opens, not a scroll
    // away under the table (the tab is as tall as the Groups tab beside it).
    void templateButtonsAreInSightOnALaptop() {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        window.rulesDock()->show();
        window.rulesDock()->raise();
        auto* tab = window.rulesDock()->findChild<TemplatesTab*>();
        auto* tabs = qobject_cast<QTabWidget*>(tab->parentWidget()->parentWidget());
        QVERIFY(tabs);
        tabs->setCurrentWidget(tab);
        QApplication::processEvents();
        auto* button = child<QPushButton>(tab, "newTemplate");
        QScrollArea* scroll = nullptr;
        for (QWidget* w = button->parentWidget(); w && !scroll; w = w->parentWidget()) scroll = qobject_cast<QScrollArea*>(w);
        QWidget* view = scroll ? scroll->viewport() : window.rulesDock();
        const QRect at(button->mapTo(view, QPoint(0, 0)), button->size());
        QVERIFY2(view->rect().contains(at), qPrintable(QStringLiteral("the New button at y %1, the dock shows %2 px").arg(at.y()).arg(view->height())));
    }

    void templatesAreMadeInTheDock() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
        ProjectDocument* doc = window.document();
        auto* tab = window.rulesDock()->findChild<TemplatesTab*>();
        QVERIFY(tab);
        const auto rules = [&] { return *doc->rules(); };
        const int steps = doc->undoStack()->count();
        child<QPushButton>(tab, "newTemplate")->click();
        QVERIFY(rules().findTemplate("creature"));
        QCOMPARE(tab->chosen(), std::string("creature")); // the new one is chosen, to edit
        tab->table()->choose("enemy");
        child<QPushButton>(tab, "duplicateTemplate")->click();
        QVERIFY(rules().findTemplate("enemy-copy"));
        QCOMPARE(doc->undoStack()->count(), steps + 2);
        // Delete while a group places it is refused, saying which group.
        window.rulesDock()->edit("place the copy", [](PopulationRules& r) { r.groups[2].entities.push_back({"enemy-copy", {}}); });
        const int before = doc->undoStack()->count();
        tab->table()->choose("enemy-copy");
        child<QPushButton>(tab, "deleteTemplate")->click();
        QCOMPARE(doc->undoStack()->count(), before);
        QVERIFY(rules().findTemplate("enemy-copy"));
        QVERIFY2(tab->problem().contains("enemies"), qPrintable(tab->problem()));
        doc->undoStack()->undo(); // the group no longer places it
        tab->table()->choose("enemy-copy");
        child<QPushButton>(tab, "deleteTemplate")->click();
        QVERIFY(!rules().findTemplate("enemy-copy"));
        while (doc->undoStack()->index() > steps) doc->undoStack()->undo();
        QVERIFY(!rules().findTemplate("creature"));
    }

    // A prefab group's placement without JSON: turns, mirroring, floor or rock and
    // the tunnel, each one undo step; the last turn cannot be unticked.
    void prefabPlacementIsSetInTheDock() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("shrines.burrow.json")));
        ProjectDocument* doc = window.document();
        QTreeWidget* groups = window.rulesDock()->groups();
        QCOMPARE(groups->topLevelItem(0)->text(0), QString("shrines"));
        groups->setCurrentItem(groups->topLevelItem(0));
        const auto group = [&] { return doc->rules()->groups[0]; };
        const PopulationGroup before = group();
        const int steps = doc->undoStack()->index();
        auto* form = window.rulesDock()->findChild<QWidget*>("prefabPlacement");
        QVERIFY(form->isEnabled());
        for (int quarter = 0; quarter < 4; ++quarter)
            QCOMPARE(child<QCheckBox>(form, qPrintable(QString("turn%1").arg(quarter * 90)))->isChecked(),
                     std::find(before.quarterTurns.begin(), before.quarterTurns.end(), quarter) != before.quarterTurns.end());
        auto* turn90 = child<QCheckBox>(form, "turn90");
        turn90->setChecked(!turn90->isChecked());
        const std::vector<int> turns = group().quarterTurns;
        QCOMPARE(std::find(turns.begin(), turns.end(), 1) != turns.end(), turn90->isChecked());
        child<QCheckBox>(form, "prefabMirror")->setChecked(!before.mirror);
        QCOMPARE(group().mirror, !before.mirror);
        auto* where = child<QComboBox>(form, "prefabWhere");
        where->setCurrentIndex(where->findData(static_cast<int>(PrefabPlacement::Rock)));
        QCOMPARE(group().placement, PrefabPlacement::Rock);
        child<QSpinBox>(form, "prefabTunnel")->setValue(20);
        QCOMPARE(group().tunnel, 20);
        child<QSpinBox>(form, "prefabSpacing")->setValue(6);
        QCOMPARE(group().spacing, 6);
        QCOMPARE(doc->undoStack()->index(), steps + 5);
        // Every turn unticked but one: that one stays.
        for (int quarter = 0; quarter < 4; ++quarter) child<QCheckBox>(form, qPrintable(QString("turn%1").arg(quarter * 90)))->setChecked(false);
        QCOMPARE(group().quarterTurns.size(), std::size_t(1));
        while (doc->undoStack()->index() > steps) doc->undoStack()->undo();
        QVERIFY(group() == before);
        // Not a prefab group: the placement is not for it.
        groups->setCurrentItem(groups->topLevelItem(groups->topLevelItemCount() - 1));
        if (doc->rules()->groups.back().kind != PopulationGroup::Kind::Prefabs) QVERIFY(!form->isEnabled());
    }

    void rulesDockEditsAreUndoableAndRerunPopulationOnly() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
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

        // Scopes by their names, their meanings as tooltips; the file keeps the id.
        auto* scope = child<QComboBox>(window.rulesDock(), "groupScope");
        QCOMPARE(scope->count(), static_cast<int>(allScopes().size()));
        for (int i = 0; i < scope->count(); ++i) {
            QVERIFY2(!scope->itemText(i).contains('_'), qPrintable(scope->itemText(i)));
            QVERIFY(scope->itemData(i, Qt::ToolTipRole).toString().size() > 20);
        }
        scope->setCurrentIndex(scope->findText("The furthest room"));
        QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 5000);
        QCOMPARE(groups->topLevelItem(2)->text(1), QString("The furthest room"));
        QCOMPARE(scopeId(doc->project().recipe.stages.back().rules->groups[2].scope), std::string("furthest_room"));
        doc->undoStack()->undo();

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

    void templatesAndPropertiesAreEditable() {
        QCOMPARE(behavioursFromText("chase 8, wander").value().size(), std::size_t(2));
        QCOMPARE(behavioursText(*behavioursFromText("stationary, spread 0.5 3")), QString("stationary, spread 0.5 3"));
        QVERIFY(!behavioursFromText("fly 3"));
        QVERIFY(!behavioursFromText("spread 2 3")); // a chance above 1

        MainWindow window;
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
        ProjectDocument* doc = window.document();
        auto* table = child<TemplatesTable>(window.rulesDock(), "templates");
        auto enemyRow = [&] {
            for (int r = 0; r < table->rowCount(); ++r)
                if (table->item(r, 0)->text() == "enemy") return r;
            return -1;
        };
        // Rows are in name order, own templates and defaults alike, so an edited
        // default stays where it was, and so does the cell being edited.
        QStringList names;
        for (int r = 0; r < table->rowCount(); ++r) names << table->item(r, 0)->text();
        QStringList sorted = names;
        sorted.sort();
        QCOMPARE(names, sorted);
        // The glyph column is as wide as its header, not as a name: the stats fit beside.
        QVERIFY2(table->columnWidth(1) < table->columnWidth(0), qPrintable(QStringLiteral("%1 vs %2").arg(table->columnWidth(1)).arg(table->columnWidth(0))));
        QVERIFY2(table->columnWidth(1) <= table->horizontalHeader()->sectionSizeHint(1) + 4, qPrintable(QString::number(table->columnWidth(1))));
        const int row = enemyRow();
        table->setCurrentCell(row, 1);
        table->item(enemyRow(), 1)->setText("g");
        doc->generateFor(1000);
        QCOMPARE(enemyRow(), row);
        QCOMPARE(table->currentRow(), row);
        QCOMPARE(table->currentColumn(), 1);
        table->item(enemyRow(), 8)->setText("chase 9");
        table->item(enemyRow(), 3)->setText("dragon"); // not a kind: refused, shown red
        QCOMPARE(table->item(enemyRow(), 3)->background().color(), problemBackground(table->palette()));
        doc->generateFor(1000);
        const EntityTemplate* enemy = doc->rules()->findTemplate("enemy");
        QCOMPARE(enemy->glyph, 'g');
        QCOMPARE(enemy->behaviours.size(), std::size_t(1));
        QCOMPARE(enemy->behaviours[0].radius, 9);
        QCOMPARE(enemy->kind, EntityKind::Creature);
        QCOMPARE(doc->undoStack()->count(), 2);
        QCOMPARE(enemyRow(), row);

        QTreeWidget* groups = window.rulesDock()->groups();
        groups->setCurrentItem(groups->topLevelItem(2)); // enemies
        auto* properties = child<QLineEdit>(window.rulesDock(), "groupProperties");
        QCOMPARE(properties->text(), QString("group=enemies; texture=enemy_image")); // keys in sorted order, as read
        properties->setText("texture=orc; loot=gold; hp=5; boss=true; rank=\"7\"");
        QMetaObject::invokeMethod(properties, "editingFinished");
        doc->generateFor(1000);
        const auto& placed = doc->rules()->groups[2].entities[0].properties;
        QCOMPARE(placed.size(), std::size_t(5));
        QVERIFY((placed[1] == Property{"loot", std::string("gold")}));
        QVERIFY((placed[2] == Property{"hp", std::int64_t{5}}));     // numbers keep their type
        QVERIFY((placed[3] == Property{"boss", true}));
        QVERIFY((placed[4] == Property{"rank", std::string("7")})); // quoted: text
        QCOMPARE(properties->text(), QString("texture=orc; loot=gold; hp=5; boss=true; rank=\"7\""));
        for (const Entity& e : doc->level().entities)
            if (e.templateName == "enemy") QCOMPARE(e.properties, placed);
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
        QCOMPARE(dialog.findChild<QTableWidget*>("shortcuts")->rowCount(), static_cast<int>(shortcutRows(&window).size()) + 4);
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
