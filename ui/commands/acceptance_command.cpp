#include "commands/acceptance_command.h"

#include "document/project_document.h"

namespace burrow::ui {

AcceptanceCommand::AcceptanceCommand(ProjectDocument* document, Acceptance after, const QString& text)
    : QUndoCommand(text), document_(document), before_(document->project().acceptance), after_(std::move(after)) {}

void AcceptanceCommand::undo() { document_->setAcceptance(before_); }
void AcceptanceCommand::redo() { document_->setAcceptance(after_); }

} // namespace burrow::ui
