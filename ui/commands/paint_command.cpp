#include "commands/paint_command.h"

#include <set>
#include <tuple>

namespace burrow::ui {

PaintCommand::PaintCommand(ProjectDocument* document, std::vector<ProjectDocument::EditChange> after, const QString& text, int stroke)
    : QUndoCommand(text), document_(document), after_(std::move(after)), stroke_(stroke) {
    before_.reserve(after_.size());
    for (const auto& change : after_) before_.push_back({change.at, document_->project().edits.at(change.at)});
}

void PaintCommand::undo() {
    // Backwards, so a cell painted twice in one stroke ends as it was before the first.
    std::vector<ProjectDocument::EditChange> reversed(before_.rbegin(), before_.rend());
    document_->applyEdits(reversed);
}

void PaintCommand::redo() { document_->applyEdits(after_); }

bool PaintCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const PaintCommand*>(other);
    if (!next || stroke_ == 0 || next->stroke_ != stroke_) return false;
    after_.insert(after_.end(), next->after_.begin(), next->after_.end());
    before_.insert(before_.end(), next->before_.begin(), next->before_.end());
    return true;
}

} // namespace burrow::ui
