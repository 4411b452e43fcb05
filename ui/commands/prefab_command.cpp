#include "commands/prefab_command.h"

#include "document/project_document.h"

namespace burrow::ui {

PrefabCommand::PrefabCommand(ProjectDocument* document, ProjectPrefabs after, const QString& text)
    : QUndoCommand(text), document_(document), before_(document->project().prefabs), after_(std::move(after)),
      recipeBefore_(document->project().recipe) {}

void PrefabCommand::redo() { document_->setPrefabs(after_); }

void PrefabCommand::undo() {
    document_->setPrefabs(before_);
    document_->setRecipe(recipeBefore_);
}

} // namespace burrow::ui
