#pragma once
// An edit of the project's acceptance rules, undoable. The level stays as it is:
// the rules judge levels, they do not make them.
#include <QUndoCommand>

#include "content/acceptance_rules.h"

namespace burrow::ui {

class ProjectDocument;

class AcceptanceCommand : public QUndoCommand {
public:
    AcceptanceCommand(ProjectDocument* document, Acceptance after, const QString& text);
    void undo() override;
    void redo() override;

private:
    ProjectDocument* document_;
    Acceptance before_, after_;
};

} // namespace burrow::ui
