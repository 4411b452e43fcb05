#include "commands/rules_command.h"

#include "document/project_document.h"

namespace burrow::ui {

RulesCommand::RulesCommand(ProjectDocument* document, PopulationRules after, const QString& text)
    : QUndoCommand(text), document_(document), before_(document->rules()),
      after_(std::make_shared<const PopulationRules>(std::move(after))), beforeFile_(document->rulesFile()) {}

void RulesCommand::undo() { document_->setRules(before_, beforeFile_); }
void RulesCommand::redo() { document_->setRules(after_, ""); }

} // namespace burrow::ui
