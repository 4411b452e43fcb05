#pragma once
// The graph dock: where a designer draws the project's room graphs (the structure
// the room_graph stage lays out). Pick a room or a join on the drawing, then edit
// it below: a room's id, tags and shapes; a join's kind and lock; add a room joined
// to the one picked, join two rooms, remove. Every change is checked as the project
// reader would check it (a refused one is explained, not made) and is one undoable
// step; picking a room highlights its room on the map. The graph logic is core's
// (structure/room_graph_edits.h): the dock only shows and asks.
#include <QDockWidget>

#include "structure/room_graph.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QGroupBox;

namespace burrow::ui {

class ProjectDocument;
class RoomGraphCanvas;

class RoomGraphDock : public QDockWidget {
    Q_OBJECT
public:
    explicit RoomGraphDock(ProjectDocument* document, QWidget* parent = nullptr);

    RoomGraphCanvas* canvas() const { return canvas_; }
    // The graph shown (an index into the project's), or -1 when it has none.
    int graphIndex() const;
    void pickRoom(const QString& id);
    void pickJoin(int index);
    // Shows graph `id` (the stage's "Draw the Graph..."; nothing when the project lacks it).
    void showGraph(const QString& id);
    // Joins the room picked to room `id` by a door (the Join menu's choice).
    void joinPickedTo(const QString& id);
    // What the last refused change was refused for (empty after one that was made).
    QString refusal() const;

signals:
    // The room picked on the drawing ("" when none), for the map to highlight.
    void roomPicked(const QString& node);

private:
    QWidget* buildGraphRow();
    QGroupBox* buildRoomBox();
    QGroupBox* buildJoinBox();
    void reload();
    void showPicked();
    // Checks `graph` in place of the one shown; pushes it as one undo step named
    // `text`, or says why not.
    bool change(const RoomGraph& graph, const QString& text);
    RoomGraph current() const;

    void addGraph();
    void addRoom();
    void joinTo();
    void removePicked();
    void roomIdEdited();
    void roomTagsEdited();
    void roomShapesEdited();
    void joinKindChosen();
    void joinLockEdited();

    ProjectDocument* document_;
    QComboBox* graphs_ = nullptr;
    RoomGraphCanvas* canvas_ = nullptr;
    QGroupBox* roomBox_ = nullptr;
    QLineEdit* roomId_ = nullptr;
    QLineEdit* roomTags_ = nullptr;
    QLineEdit* roomShapes_ = nullptr;
    QGroupBox* joinBox_ = nullptr;
    QComboBox* joinKind_ = nullptr;
    QLineEdit* joinLock_ = nullptr;
    QPushButton* join_ = nullptr;
    QPushButton* remove_ = nullptr;
    QLabel* refusal_ = nullptr;
    bool reloading_ = false;
};

} // namespace burrow::ui
