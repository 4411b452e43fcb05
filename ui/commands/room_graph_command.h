#pragma once
// An edit of the project's room graphs from the graph dock (a room added, joined,
// tagged, reshaped, a join locked), undoable as one step.
#include <QUndoCommand>

#include "structure/room_graph.h"

namespace burrow::ui {

class ProjectDocument;

class RoomGraphCommand : public QUndoCommand {
public:
    RoomGraphCommand(ProjectDocument* document, RoomGraphs after, const QString& text);
    void undo() override;
    void redo() override;

private:
    ProjectDocument* document_;
    RoomGraphs before_, after_;
};

} // namespace burrow::ui
