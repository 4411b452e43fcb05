#pragma once
// An edit of the project's prefabs (Make prefab adds one), undoable. Prefab groups
// hold the prefabs they stamp, so the document keeps them equal to the project's
// (see ProjectDocument::setPrefabs); undo puts the recipe back as it was too.
#include <QUndoCommand>

#include "content/prefab_json.h"
#include "generation/recipe.h"

namespace burrow::ui {

class ProjectDocument;

class PrefabCommand : public QUndoCommand {
public:
    PrefabCommand(ProjectDocument* document, ProjectPrefabs after, const QString& text);
    void undo() override;
    void redo() override;

private:
    ProjectDocument* document_;
    ProjectPrefabs before_, after_;
    Recipe recipeBefore_;
};

} // namespace burrow::ui
