// The graph dock driven as a designer would, on the keep example: pick a room and
// see it on the map, add a room joined to it, rename, tag and reshape it, lock a
// join, remove; every change one undo step, refused changes explained and not made,
// and what was drawn saved with the project. Plus the core edits it calls.
#include <QSettings>
#include <QTest>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>

#include "docks/room_graph_canvas.h"
#include "docks/room_graph_dock.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "pipeline/builtin_stages.h"
#include "structure/room_graph_edits.h"
#include "test_main.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

namespace graph_dock_test {

void typeInto(QLineEdit* edit, const QString& text) {
    edit->setText(text);
    emit edit->editingFinished();
}

class TestGraphDock : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // The one-line form of a room's shapes reads back what it writes, and says what
    // is wrong with a line that is not one.
    void templatesReadAndWriteAsOneLine() {
        std::string error;
        const auto templates = roomTemplatesFromText("rectangle 5-9 x 4-7; cave 6 x 5-6 ; altar", error);
        QVERIFY2(templates, error.c_str());
        QCOMPARE(templates->size(), std::size_t(3));
        QCOMPARE((*templates)[1].shape, RoomTemplate::Shape::Cave);
        QCOMPARE((*templates)[1].minWidth, 6);
        QCOMPARE((*templates)[1].maxWidth, 6);
        QCOMPARE((*templates)[2].prefab, std::string("altar"));
        QCOMPARE(roomTemplatesText(*templates), std::string("rectangle 5-9 x 4-7; cave 6 x 5-6; altar"));
        for (const char* bad : {"rectangle 5-9", "cave x 4", "rectangle 9-5 x 4", "", "rectangle 5 x 4 x 3"}) {
            QVERIFY2(!roomTemplatesFromText(bad, error), bad);
            QVERIFY(!error.empty());
        }
        RoomGraph g = newRoomGraph("g");
        const std::string id = addRoom(g, "entrance");
        QCOMPARE(id, std::string("room 3"));
        QVERIFY(renameRoom(g, id, "hall") && !renameRoom(g, "hall", "exit") && !renameRoom(g, "hall", ""));
        QCOMPARE(g.edges.back().to, std::string("hall"));
        QCOMPARE(joinRooms(g, "hall", "exit"), 2);
        QCOMPARE(joinRooms(g, "exit", "hall"), -1); // joined already
        removeRoom(g, "entrance");
        QVERIFY(g.nodeIndex("entrance") < 0 && g.edges.size() == 1);
    }

    void aDesignerDrawsTheKeep() {
        QSettings().clear();
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("keep.burrow.json")));
        RoomGraphDock* dock = window.roomGraphDock();
        QVERIFY(dock);
        ProjectDocument* document = window.document();
        QUndoStack* undo = document->undoStack();
        const RoomGraphs before = document->project().roomGraphs;
        QCOMPARE(child<QComboBox>(dock, "graphChoice")->currentText(), QString("keep"));

        // Hidden at first (most projects have no graph); the stage's button shows it.
        QVERIFY(!dock->isVisible());
        child<QPushButton>(&window, "drawRoomGraph")->click();
        QTest::qWait(50);
        QVERIFY(dock->isVisible());
        // A click on a room picks it: its fields, its room on the map.
        RoomGraphCanvas* canvas = dock->canvas();
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->roomCentre("great_hall").toPoint());
        QCOMPARE(canvas->pickedRoom(), std::string("great_hall"));
        QCOMPARE(child<QLineEdit>(dock, "roomId")->text(), QString("great_hall"));
        QCOMPARE(window.mapView()->highlightedNode(), std::string("great_hall"));

        // Add a room: joined to the hall by a door, one undo step, laid out.
        const int steps = undo->count();
        child<QPushButton>(dock, "addRoom")->click();
        QCOMPARE(undo->count(), steps + 1);
        const RoomGraph& keep = document->project().roomGraphs[0];
        QCOMPARE(keep.nodes.size(), before[0].nodes.size() + 1);
        const std::string added = keep.nodes.back().id;
        QCOMPARE(canvas->pickedRoom(), added);
        QElapsedTimer clock;
        clock.start();
        while (!document->atEnd() && clock.elapsed() < 60000) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        const auto laid = std::count_if(document->level().areas.begin(), document->level().areas.end(), [&](const Area& a) { return a.node == added; });
        QCOMPARE(laid, 1);

        // Rename, tag and reshape it; a shape that is not one is explained and not made.
        typeInto(child<QLineEdit>(dock, "roomId"), "armoury");
        QCOMPARE(document->project().roomGraphs[0].nodes.back().id, std::string("armoury"));
        typeInto(child<QLineEdit>(dock, "roomTags"), "treasure, guarded");
        QCOMPARE(document->project().roomGraphs[0].nodes.back().tags, (std::vector<std::string>{"treasure", "guarded"}));
        typeInto(child<QLineEdit>(dock, "roomShapes"), "cave 6-8 x 5-6");
        QCOMPARE(document->project().roomGraphs[0].nodes.back().templates.front().shape, RoomTemplate::Shape::Cave);
        const int made = undo->count();
        typeInto(child<QLineEdit>(dock, "roomShapes"), "cave 6-8");
        QCOMPARE(undo->count(), made);
        QVERIFY2(dock->refusal().contains("WIDTH x HEIGHT"), qPrintable(dock->refusal()));
        typeInto(child<QLineEdit>(dock, "roomShapes"), "rectangle 300 x 4"); // larger than the level: the reader's own words
        QCOMPARE(undo->count(), made);
        QVERIFY2(dock->refusal().contains("larger than the level"), qPrintable(dock->refusal()));

        // Lock its join: a lock named for the room it leads to.
        const int join = static_cast<int>(document->project().roomGraphs[0].edges.size()) - 1;
        dock->pickJoin(join);
        auto* kind = child<QComboBox>(dock, "joinKind");
        kind->setCurrentIndex(kind->findData("locked"));
        emit kind->activated(kind->currentIndex());
        const RoomEdge& locked = document->project().roomGraphs[0].edges[static_cast<std::size_t>(join)];
        QCOMPARE(locked.kind, RoomEdge::Kind::Locked);
        QCOMPARE(locked.lock, std::string("armoury"));

        // Removing the gatehouse would cut the keep in pieces: refused, in the reader's words.
        dock->pickRoom("great_hall");
        const int beforeRemove = undo->count();
        child<QPushButton>(dock, "removePicked")->click();
        QCOMPARE(undo->count(), beforeRemove);
        QVERIFY2(dock->refusal().contains("in pieces"), qPrintable(dock->refusal()));

        // Saved with the project, and read back the same.
        QTemporaryDir dir;
        QString error;
        QVERIFY2(document->saveAs(dir.filePath("keep.burrow.json"), &error), qPrintable(error));
        QVERIFY(loadProject(dir.filePath("keep.burrow.json").toStdString(), builtinStages()).roomGraphs == document->project().roomGraphs);

        // Every step undoes: back to the keep as it was.
        while (undo->canUndo()) undo->undo();
        QVERIFY(document->project().roomGraphs == before);
        QCOMPARE(child<QComboBox>(dock, "graphChoice")->currentText(), QString("keep"));
    }
};

} // namespace graph_dock_test

BURROW_TEST_MAIN(graph_dock_test::TestGraphDock)

#include "test_graph_dock.moc"
