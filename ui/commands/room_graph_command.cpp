#include "commands/room_graph_command.h"

#include "document/project_document.h"

namespace burrow::ui {

RoomGraphCommand::RoomGraphCommand(ProjectDocument* document, RoomGraphs after, const QString& text)
    : QUndoCommand(text), document_(document), before_(document->project().roomGraphs), after_(std::move(after)) {}

void RoomGraphCommand::redo() { document_->setRoomGraphs(after_); }

void RoomGraphCommand::undo() { document_->setRoomGraphs(before_); }

} // namespace burrow::ui
