// Edit > Prefabs: drawing the project's prefabs cell by cell in the editor.
#include <QTest>

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QToolTip>
#include <QUndoStack>

#include "test_main.h"
#include "commands/prefab_command.h"
#include "content/prefab.h"
#include "dialogs/prefab_canvas.h"
#include "dialogs/prefabs_dialog.h"
#include "document/project_document.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "content/population_rules.h"
#include "pipeline/builtin_stages.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

namespace {

// The copies of prefab `id` the project's population groups stamp.
std::vector<Prefab> groupCopies(const Project& project, const std::string& id) {
    std::vector<Prefab> copies;
    for (const StageEntry& entry : project.recipe.stages)
        if (entry.rules)
            for (const PopulationGroup& g : entry.rules->groups)
                for (const Prefab& p : g.prefabs)
                    if (p.id == id) copies.push_back(p);
    return copies;
}

} // namespace

class TestPrefabsDialog : public QObject {
    Q_OBJECT
private slots:
    // The shrines example: the shrine repainted with the mouse, an opening added on
    // its edge and one refused on a corner, a thing's cell walled (refused at OK) and
    // put back, a new prefab named, the lava altar kept (a group places it); the crypt, read from a
    // Tiled map, is shown but not changed. One undoable edit, which the groups follow.
    void prefabsAreDrawnWithTheMouse() {
        ProjectDocument doc;
        QVERIFY(doc.open(example("shrines.burrow.json"), nullptr));
        const ProjectPrefabs before = doc.project().prefabs;
        const TileKinds& kinds = doc.project().tileKinds;
        PrefabsDialog dialog(doc.project());
        dialog.resize(760, 520);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.list()->count(), 3);

        const auto visibleText = [&](const QString& part) {
            for (QLabel* label : dialog.findChildren<QLabel*>())
                if (label->isVisible() && label->text().contains(part)) return true;
            return false;
        };
        dialog.select(1); // the crypt: from prefabs/crypt.tmj, and the dialog says so
        QVERIFY(visibleText("Read from prefabs/crypt.tmj"));
        QVERIFY(!dialog.canvas()->isEnabled());
        QVERIFY(!dialog.paint({1, 1}));

        dialog.select(0); // the shrine, 7 x 7, its door an opening at (3, 0), placed by a group
        QVERIFY(visibleText("Used as prefab group "));
        PrefabCanvas* canvas = dialog.canvas();
        QVERIFY(canvas->isEnabled());
        QVERIFY(canvas->cellSize() >= 8);
        dialog.setBrush(PrefabsDialog::Brush::Tile);
        dialog.setTile(Tile::Water);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cellCentre({1, 1}));
        QCOMPARE(dialog.prefabs().prefabs[0].at(1, 1).tile, Tile::Water);
        QVERIFY(!dialog.prefabs().prefabs[0].at(1, 1).keep);
        // A drag paints every cell it crosses, however quick (one move across the row).
        QTest::mousePress(canvas, Qt::LeftButton, {}, canvas->cellCentre({1, 2}));
        QTest::mouseMove(canvas, canvas->cellCentre({5, 2}));
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, canvas->cellCentre({5, 2}));
        for (int x = 1; x <= 5; ++x) QCOMPARE(dialog.prefabs().prefabs[0].at(x, 2).tile, Tile::Water);
        QVERIFY(dialog.prefabs().prefabs[0].at(1, 3) == before.prefabs[0].at(1, 3)); // the row below untouched

        // Right click: an opening on the left edge (the wall there becomes floor) ...
        QTest::mouseClick(canvas, Qt::RightButton, {}, canvas->cellCentre({0, 4}));
        const PrefabCell side = dialog.prefabs().prefabs[0].at(0, 4);
        QVERIFY(side.opening && kinds.walkable(side.tile));
        QCOMPARE(dialog.prefabs().prefabs[0].openings().size(), std::size_t{2});
        // ... none on a corner, nor inside.
        QVERIFY(!dialog.paint({0, 0}, true));
        QVERIFY2(dialog.problem().contains("corner"), qPrintable(dialog.problem()));
        QVERIFY(!dialog.paint({3, 3}, true));
        QVERIFY(!dialog.prefabs().prefabs[0].at(3, 3).opening);

        // The relic's cell walled: OK refuses and says which prefab and why.
        dialog.setTile(Tile::Wall);
        QVERIFY(dialog.paint({3, 3}));
        QVERIFY(dialog.problem().contains("relic"));
        QVERIFY(!dialog.check());
        QVERIFY2(dialog.problem().startsWith("Prefab 'shrine'"), qPrintable(dialog.problem()));
        dialog.setTile(*kinds.find("rune"));
        QVERIFY(dialog.paint({3, 3}));
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        // Things: put on a floor cell, taken away by a second click, refused on a wall.
        dialog.setBrush(PrefabsDialog::Brush::Thing);
        dialog.setThing("relic");
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cellCentre({4, 4}));
        QCOMPARE(dialog.prefabs().prefabs[0].things.size(), std::size_t{2});
        QCOMPARE(dialog.prefabs().prefabs[0].things[1].at, (Point{4, 4})); // in reading order, after (3, 3)
        QVERIFY(dialog.paint({4, 4}));
        QCOMPARE(dialog.prefabs().prefabs[0].things.size(), std::size_t{1});
        QVERIFY(!dialog.paint({6, 6}));
        QVERIFY(dialog.problem().contains("walkable"));
        QVERIFY(dialog.paint({1, 4}));
        QCOMPARE(dialog.prefabs().prefabs[0].things.back().at, (Point{1, 4}));
        // Hovering a cell names it: where, its tile and what stands on it.
        const QPoint relic = canvas->cellCentre({3, 3});
        QHelpEvent hover(QEvent::ToolTip, relic, canvas->mapToGlobal(relic));
        QApplication::sendEvent(canvas, &hover);
        QVERIFY2(QToolTip::text().startsWith("(3, 3) · ") && QToolTip::text().endsWith(" · relic"), qPrintable(QToolTip::text()));

        // A new prefab: a free id, changed before it is used; a taken id refused.
        dialog.addPrefab();
        QCOMPARE(dialog.list()->count(), 4);
        QCOMPARE(dialog.prefabs().prefabs[3].id, std::string("prefab-1"));
        QVERIFY(visibleText("Nothing uses it yet"));
        QVERIFY(!dialog.setPrefabId("shrine"));
        QVERIFY(dialog.problem().contains("already"));
        QVERIFY(!dialog.setPrefabId("two words"));
        QVERIFY(dialog.setPrefabId("well"));
        QCOMPARE(dialog.prefabs().prefabs[3].name, std::string("well"));
        dialog.select(0);
        QVERIFY(dialog.findChild<QLineEdit*>("prefabId")->isReadOnly()); // groups name the shrine by its id
        QVERIFY(!dialog.removePrefab(2)); // the lava altar: a group places it
        QVERIFY2(dialog.problem().contains("prefab group"), qPrintable(dialog.problem()));
        QCOMPARE(dialog.list()->count(), 4);
        dialog.addPrefab();
        QVERIFY(dialog.removePrefab(4)); // one nothing places yet
        QCOMPARE(dialog.list()->count(), 4);
        dialog.select(0);
        screenshot(&dialog, "prefabs");
        QVERIFY(dialog.check());
        QVERIFY(dialog.changed());

        doc.undoStack()->push(new PrefabCommand(&doc, dialog.prefabs(), "Edit prefabs"));
        const Project& after = doc.project();
        QCOMPARE(after.prefabs.prefabs.size(), std::size_t{4});
        QVERIFY(after.prefabs.find("well") && !after.prefabs.find("prefab-1"));
        QVERIFY(*after.prefabs.find("crypt") == *before.find("crypt"));
        const auto shrines = groupCopies(after, "shrine");
        QVERIFY(!shrines.empty());
        for (const Prefab& copy : shrines) QVERIFY(copy == *after.prefabs.find("shrine"));
        // Saved and read again, the drawn prefabs are what was drawn.
        std::vector<Diagnostic> problems;
        const Project again = projectFromJson(nlohmann::json::parse(projectToJson(after).dump()), builtinStages(), problems,
                                              QFileInfo(example("shrines.burrow.json")).absolutePath().toStdString());
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
        QVERIFY(again.prefabs == after.prefabs);

        doc.undoStack()->undo();
        QVERIFY(doc.project().prefabs == before);
        QVERIFY(groupCopies(doc.project(), "shrine").front() == *before.find("shrine"));
    }

    // Inside the dialog, Ctrl+Z (or Undo) takes back a stroke, a click or a resize at a time.
    void strokesAreTakenBack() {
        ProjectDocument doc;
        QVERIFY(doc.open(example("shrines.burrow.json"), nullptr));
        PrefabsDialog dialog(doc.project());
        dialog.resize(760, 520);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        dialog.select(0);
        const Prefab start = dialog.prefabs().prefabs[0];
        PrefabCanvas* canvas = dialog.canvas();
        auto* undo = dialog.findChild<QPushButton*>("undoPrefabEdit");
        QVERIFY(!undo->isEnabled());
        dialog.setTile(Tile::Water);
        QTest::mousePress(canvas, Qt::LeftButton, {}, canvas->cellCentre({1, 1}));
        QTest::mouseMove(canvas, canvas->cellCentre({5, 1}));
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, canvas->cellCentre({5, 1}));
        const Prefab oneStroke = dialog.prefabs().prefabs[0];
        QCOMPARE(oneStroke.at(3, 1).tile, Tile::Water);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cellCentre({1, 2}));
        const Prefab twoStrokes = dialog.prefabs().prefabs[0];
        dialog.resizePrefab(9, 9);
        QVERIFY(undo->isEnabled());
        QTest::keyClick(&dialog, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(dialog.prefabs().prefabs[0], twoStrokes); // the door, an opening, is one again
        QCOMPARE(dialog.findChild<QSpinBox*>("prefabWidth")->value(), 7);
        undo->click();
        QCOMPARE(dialog.prefabs().prefabs[0], oneStroke);
        QVERIFY(dialog.undoLast()); // the whole drag at once
        QCOMPARE(dialog.prefabs().prefabs[0], start);
        QVERIFY(!dialog.undoLast());
        QVERIFY(!undo->isEnabled());
        QVERIFY(!dialog.changed());
    }

    // A prefab of a library file cannot be removed here: the project names the file, so it
    // would come back when read again. One drawn in Tiled is named alone, and can.
    void libraryPrefabsStayWithTheirFile() {
        Project project;
        project.prefabs.prefabs = {blankPrefab("a", 5, 5), blankPrefab("b", 5, 5), blankPrefab("c", 5, 5)};
        project.prefabs.sources = {"vaults.json", "vaults.json", {{"id", "c"}, {"tiled", "c.tmj"}}};
        PrefabsDialog dialog(project);
        QVERIFY(!dialog.removePrefab(1));
        QVERIFY2(dialog.problem().contains("library vaults.json"), qPrintable(dialog.problem()));
        QVERIFY(dialog.removePrefab(2));
        QCOMPARE(dialog.list()->count(), 2);
        QVERIFY(!dialog.paint({2, 2})); // shown, not changed
    }

    // The sample a wave function collapse stage grows from is in use: the dialog says so,
    // and will not remove it (the stage would grow nothing).
    void aStagesSampleStays() {
        ProjectDocument doc;
        QVERIFY(doc.open(example("wfc-ruins.burrow.json"), nullptr));
        PrefabsDialog dialog(doc.project());
        dialog.select(0);
        QVERIFY(!dialog.removePrefab(0));
        QVERIFY2(dialog.problem().contains("the sample of stage ruins"), qPrintable(dialog.problem()));
        QCOMPARE(dialog.list()->count(), 1);
    }

    // A sample repainted grows the level again: the editor shows what every command
    // makes of the project (it kept the level of the old sample). A prefab no stage
    // grows from, added, leaves the level as it is; undo gives the old level back.
    void aRepaintedSampleGrowsTheLevelAgain() {
        ProjectDocument doc;
        QVERIFY(doc.open(example("wfc-ruins.burrow.json"), nullptr));
        QVERIFY(doc.generateFor(60000));
        const QString grown = doc.levelHash();
        PrefabsDialog unused(doc.project());
        unused.addPrefab();
        doc.undoStack()->push(new PrefabCommand(&doc, unused.prefabs(), "Edit prefabs"));
        QCOMPARE(doc.levelHash(), grown); // still finished: nothing to make again

        PrefabsDialog dialog(doc.project());
        dialog.select(0);
        dialog.setTile(Tile::Water);
        QVERIFY(dialog.paint({12, 12}));
        doc.undoStack()->push(new PrefabCommand(&doc, dialog.prefabs(), "Edit prefabs"));
        QVERIFY(doc.generateFor(60000));
        QCOMPARE(doc.levelHash(), QString::fromStdString(levelHash(makeLevel(doc.project(), doc.project().seed).level)));
        QVERIFY(doc.levelHash() != grown);
        doc.undoStack()->undo();
        QVERIFY(doc.generateFor(60000));
        QCOMPARE(doc.levelHash(), grown);
    }

    // A room graph's room may take a prefab's shape (the keep's chapel): the dialog
    // will not remove it (the project would not read again), and repainted it makes
    // the level again, as every command would.
    void aRoomsPrefabStaysAndGrowsTheLevelAgain() {
        ProjectDocument doc;
        QVERIFY(doc.open(example("keep.burrow.json"), nullptr));
        QVERIFY(doc.generateFor(60000));
        const QString grown = doc.levelHash();
        PrefabsDialog dialog(doc.project());
        dialog.select(0);
        QVERIFY(!dialog.removePrefab(0));
        QVERIFY2(dialog.problem().contains("room chapel of room graph keep"), qPrintable(dialog.problem()));
        dialog.setTile(Tile::Water);
        QVERIFY(dialog.paint({1, 2}));
        doc.undoStack()->push(new PrefabCommand(&doc, dialog.prefabs(), "Edit prefabs"));
        QVERIFY(doc.generateFor(60000));
        QCOMPARE(doc.levelHash(), QString::fromStdString(levelHash(makeLevel(doc.project(), doc.project().seed).level)));
        QVERIFY(doc.levelHash() != grown);
    }

    // Cancel leaves the project as it was; a project without prefabs says how to make one.
    void nothingChangesWithoutOk() {
        ProjectDocument doc;
        QVERIFY(doc.open(example("cellular-depths.burrow.json"), nullptr));
        PrefabsDialog dialog(doc.project());
        QCOMPARE(dialog.list()->count(), 0);
        QVERIFY(!dialog.canvas()->isEnabled());
        QVERIFY(!dialog.paint({0, 0}));
        dialog.addPrefab();
        QVERIFY(dialog.changed());
        dialog.reject();
        QVERIFY(doc.project().prefabs.empty());
        QVERIFY(!doc.isModified());
    }
};

BURROW_TEST_MAIN(TestPrefabsDialog)
#include "test_prefabs_dialog.moc"
