// The Population dock driven as a designer would: its templates (made, edited and
// laid out for a laptop), its groups' prefab placement, and every edit one undo step
// that reruns only the population.
#include <QSettings>
#include <QTest>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>

#include "test_main.h"
#include "docks/rules_dock.h"
#include "docks/templates_tab.h"
#include "docks/templates_table.h"
#include "document/project_document.h"
#include "main_window.h"
#include "style/theme.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

class TestPopulationDock : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

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

    // Templates without JSON: New, Duplicate, Rename (the groups follow) and Delete in
    // the Population dock, each one undo step; a refusal says why and changes nothing.
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
};

BURROW_TEST_MAIN(TestPopulationDock)
#include "test_population_dock.moc"
