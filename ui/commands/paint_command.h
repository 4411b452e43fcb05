#pragma once
// One paint stroke, rectangle or fill as an undoable edit. Strokes of a pencil
// drag merge into one command, so one Ctrl+Z takes back the whole stroke.
#include <QUndoCommand>
#include <vector>

#include "commands/merge_ids.h"
#include "document/project_document.h"

namespace burrow::ui {

class PaintCommand : public QUndoCommand {
public:
    // `after` says what each cell's hand edit becomes; the command remembers what it
    // was. `stroke` ties together the pieces of one drag (0: never merges). The
    // History shows "`what`: N cells", N counting each cell once however often a
    // drag crossed it.
    PaintCommand(ProjectDocument* document, std::vector<ProjectDocument::EditChange> after, const QString& what, int stroke);

    void undo() override;
    void redo() override;
    int id() const override { return mergeId(MergeId::Paint); }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void name();

    ProjectDocument* document_;
    QString what_;
    std::vector<ProjectDocument::EditChange> before_;
    std::vector<ProjectDocument::EditChange> after_;
    int stroke_;
};

} // namespace burrow::ui
