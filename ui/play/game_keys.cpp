#include "play/game_keys.h"

#include <QKeyEvent>

namespace burrow::ui {

std::optional<Input> inputForKey(int key, Qt::KeyboardModifiers modifiers, const QString& text) {
    auto move = [](int dx, int dy) { return Input{Input::Kind::Move, dx, dy}; };
    if (text == "<") return Input{Input::Kind::Ascend, 0, 0};
    if (text == ">") return Input{Input::Kind::Descend, 0, 0};
    if (text == "." || (key == Qt::Key_5 && (modifiers & Qt::KeypadModifier))) return Input{Input::Kind::Wait, 0, 0};
    if (modifiers & Qt::KeypadModifier) {
        switch (key) {
        case Qt::Key_8: return move(0, -1);
        case Qt::Key_2: return move(0, 1);
        case Qt::Key_4: return move(-1, 0);
        case Qt::Key_6: return move(1, 0);
        case Qt::Key_7: return move(-1, -1);
        case Qt::Key_9: return move(1, -1);
        case Qt::Key_1: return move(-1, 1);
        case Qt::Key_3: return move(1, 1);
        default: break;
        }
    }
    switch (key) {
    case Qt::Key_Up: case Qt::Key_K: return move(0, -1);
    case Qt::Key_Down: case Qt::Key_J: return move(0, 1);
    case Qt::Key_Left: case Qt::Key_H: return move(-1, 0);
    case Qt::Key_Right: case Qt::Key_L: return move(1, 0);
    case Qt::Key_Y: return move(-1, -1);
    case Qt::Key_U: return move(1, -1);
    case Qt::Key_B: return move(-1, 1);
    case Qt::Key_N: return move(1, 1);
    default: return std::nullopt;
    }
}

bool isGameKey(const QKeyEvent& key) {
    const bool plain = !(key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
    return plain && (key.key() == Qt::Key_Escape || inputForKey(key.key(), key.modifiers(), key.text()));
}

} // namespace burrow::ui
