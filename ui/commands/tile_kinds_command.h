#pragma once
// An edit of the project's own tile kinds (the Tile kinds dialog), undoable. The
// project before and after are kept whole: a kind renamed or removed changes what
// names it (hand edits, prefabs, rules, parameters), so undo puts all of it back.
#include <QUndoCommand>

#include "project/project.h"

namespace burrow::ui {

class ProjectDocument;

class TileKindsCommand : public QUndoCommand {
public:
    TileKindsCommand(ProjectDocument* document, Project after);
    void undo() override;
    void redo() override;

private:
    ProjectDocument* document_;
    Project before_, after_;
};

} // namespace burrow::ui
