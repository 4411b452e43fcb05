#include "play/play_view.h"

#include <QKeyEvent>
#include <QPainter>

#include "model/looks.h"

namespace burrow::ui {

PlayView::PlayView(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus); // a click gives it the keyboard
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(kCell * 12, kCell * 8); // fits a narrow dock; the dock grows when a game starts
}

void PlayView::setGame(const Game* game) {
    game_ = game;
    update();
}

void PlayView::setRevealAll(bool reveal) {
    revealAll_ = reveal;
    update();
}

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

// While the play view has the keyboard, the game's keys are the game's: the editor's
// tool keys (1-5) and the like must not fire when numpad 1 means "move down-left".
bool PlayView::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        const bool plain = !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
        if (plain && (key->key() == Qt::Key_Escape || inputForKey(key->key(), key->modifiers(), key->text()))) {
            event->accept();
            return true;
        }
    }
    return QWidget::event(event);
}

void PlayView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        emit leaveRequested();
        return;
    }
    if (const auto in = inputForKey(event->key(), event->modifiers(), event->text())) {
        emit input(*in);
        return;
    }
    QWidget::keyPressEvent(event);
}

void PlayView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), Qt::black);
    if (!game_) {
        painter.setPen(Qt::gray);
        painter.drawText(rect(), Qt::AlignCenter, tr("Press “Play from here” to play the level as it is now."));
        return;
    }
    const Cell me = game_->player().at;
    const Level& level = game_->level();
    atlas_.ensure(level.kinds, kCell);
    // The player stays in the middle; the view shows what fits around them.
    const int columns = width() / kCell + 1, rows = height() / kCell + 1;
    const int x0 = me.x - columns / 2, y0 = me.y - rows / 2;
    const FieldOfView& view = game_->view();
    for (int row = 0; row < rows; ++row)
        for (int column = 0; column < columns; ++column) {
            const int x = x0 + column, y = y0 + row;
            if (!level.contains(x, y, me.z)) continue;
            const bool seen = view.visible(x, y);
            if (!seen && !revealAll_ && !game_->remembered(x, y, me.z)) continue;
            const QPoint at(column * kCell, row * kCell);
            painter.drawImage(at, atlas_.glyphCell(level.at(x, y, me.z)));
            if (!seen) painter.fillRect(QRect(at, QSize(kCell, kCell)), QColor(0, 0, 0, 150)); // remembered: dim
        }
    QFont font(QStringLiteral("DejaVu Sans Mono"));
    font.setBold(true);
    font.setPixelSize(kCell * 4 / 5);
    painter.setFont(font);
    // Each thing as on the map and in the PNG: its template's glyph and colour on dark.
    auto drawThing = [&](const Cell& c, const EntityTemplate* kind) {
        const QRect cell((c.x - x0) * kCell, (c.y - y0) * kCell, kCell, kCell);
        painter.fillRect(cell, QColor::fromRgb(kThingBacking));
        painter.setPen(QColor::fromRgb(kind ? kind->colour : kUnknownThing));
        painter.drawText(cell, Qt::AlignCenter, QString(QChar::fromLatin1(kind ? kind->glyph : '?')));
    };
    for (const Game::ItemLeft& item : game_->itemsLeft())
        if (item.at.z == me.z && (revealAll_ || view.visible(item.at.x, item.at.y))) drawThing(item.at, item.kind);
    for (const Actor& a : game_->actors()) {
        if (!a.alive || a.at.z != me.z || (!revealAll_ && !view.visible(a.at.x, a.at.y))) continue;
        drawThing(a.at, a.kind);
    }
    if (hasFocus()) {
        painter.setPen(QPen(QColor(255, 240, 120), 2));
        painter.drawRect(rect().adjusted(1, 1, -1, -1));
    }
}

} // namespace burrow::ui
