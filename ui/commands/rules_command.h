#pragma once
// One edit of the population rules, undoable. Applying it reruns the population
// stage only (the layout before it is kept). Edited rules live in the project
// itself until they are saved to a rules file: a project that named a file would
// otherwise save the name and lose the edits.
#include <QUndoCommand>
#include <memory>

#include "content/population_rules.h"

namespace burrow::ui {

class ProjectDocument;

class RulesCommand : public QUndoCommand {
public:
    RulesCommand(ProjectDocument* document, PopulationRules after, const QString& text);
    void undo() override;
    void redo() override;

private:
    ProjectDocument* document_;
    std::shared_ptr<const PopulationRules> before_, after_;
    std::string beforeFile_;
};

} // namespace burrow::ui
