#pragma once
// The ids by which QUndoStack merges consecutive commands of one kind (QUndoCommand::id):
// one list, so two kinds of edit can never share an id by accident and merge.

namespace burrow::ui {

enum class MergeId : int {
    Paint = 1,         // one stroke's cells, painted as the mouse moves
    ParameterEdit = 2, // one parameter of one stage stepped several times
    SizeEdit = 3,      // width, height and depth boxes stepped one after another
};

constexpr int mergeId(MergeId id) { return static_cast<int>(id); }

} // namespace burrow::ui
