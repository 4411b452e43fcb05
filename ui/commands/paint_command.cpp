#include "commands/paint_command.h"

#include <QObject>
#include <set>
#include <tuple>

namespace burrow::ui {

PaintCommand::PaintCommand(ProjectDocument* document, std::vector<ProjectDocument::EditChange> after, const QString& what, int stroke)
    : document_(document), what_(what), after_(std::move(after)), stroke_(stroke) {
    before_.reserve(after_.size());
    for (const auto& change : after_) before_.push_back({change.at, document_->project().edits.at(change.at)});
    name();
}

void PaintCommand::name() {
    std::set<std::tuple<int, int, int>> cells;
    for (const auto& change : after_) cells.insert({change.at.x, change.at.y, change.at.z});
    setText(QObject::tr("%1: %2 %3").arg(what_).arg(cells.size()).arg(cells.size() == 1 ? QObject::tr("cell") : QObject::tr("cells")));
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
    name();
    return true;
}

} // namespace burrow::ui
