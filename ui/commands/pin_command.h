#pragma once
// Pinning or unpinning a seed in the gallery, undoable. Pinned seeds are the
// designer's favourites kept in the project; they change no level.
#include <QUndoCommand>
#include <cstdint>
#include <vector>

namespace burrow::ui {

class ProjectDocument;

class PinCommand : public QUndoCommand {
public:
    // Pins `seed`, or unpins it when it is pinned.
    PinCommand(ProjectDocument* document, std::uint64_t seed);
    void undo() override;
    void redo() override;

private:
    ProjectDocument* document_;
    std::vector<std::uint64_t> before_, after_;
};

} // namespace burrow::ui
