#include "commands/tile_kinds_command.h"

#include "document/project_document.h"

namespace burrow::ui {

TileKindsCommand::TileKindsCommand(ProjectDocument* document, Project after)
    : QUndoCommand(QObject::tr("Edit tile kinds")), document_(document), before_(document->project()), after_(std::move(after)) {}

void TileKindsCommand::undo() { document_->replaceTileKinds(before_); }
void TileKindsCommand::redo() { document_->replaceTileKinds(after_); }

} // namespace burrow::ui
