#pragma once
// The game's keys, wherever the game has the keyboard (the Play dock's view, or the
// map when playing on it).
#include <QString>
#include <Qt>
#include <optional>

#include "play/game.h"

class QKeyEvent;

namespace burrow::ui {

// Arrows, numpad and vi-keys (hjkl yubn) to moves; '.' and numpad 5 wait; '<' '>' stairs.
std::optional<Input> inputForKey(int key, Qt::KeyboardModifiers modifiers, const QString& text);
// A key the game takes (Escape too, to leave it), so no shortcut of the editor's
// fires: numpad 1 means "move down-left", not the first tool.
bool isGameKey(const QKeyEvent& key);

} // namespace burrow::ui
