#include "commands/pin_command.h"

#include <algorithm>

#include "document/project_document.h"

namespace burrow::ui {

PinCommand::PinCommand(ProjectDocument* document, std::uint64_t seed)
    : document_(document), before_(document->project().pinnedSeeds), after_(before_) {
    const auto found = std::find(after_.begin(), after_.end(), seed);
    const bool pinning = found == after_.end();
    if (pinning) after_.push_back(seed);
    else after_.erase(found);
    setText(pinning ? QObject::tr("Pin seed %1").arg(seed) : QObject::tr("Unpin seed %1").arg(seed));
}

void PinCommand::undo() { document_->setPinnedSeeds(before_); }
void PinCommand::redo() { document_->setPinnedSeeds(after_); }

} // namespace burrow::ui
