#include "play/play_view.h"

#include <QKeyEvent>
#include <QPainter>

#include <algorithm>

#include "play/game_keys.h"
#include "play/game_painter.h"

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

// While the play view has the keyboard, the game's keys are the game's: the editor's
// tool keys (1-5) and the like must not fire when numpad 1 means "move down-left".
bool PlayView::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride && isGameKey(*static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
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
    // The player stays in the middle; the view shows what fits around them.
    const int columns = width() / kCell + 1, rows = height() / kCell + 1;
    const int x0 = me.x - columns / 2, y0 = me.y - rows / 2;
    const CellTransform t{QPointF(x0, y0), double(kCell)};
    paintGame(painter, *game_, t, std::max(0, x0), std::max(0, y0), std::min(level.width(), x0 + columns), std::min(level.height(), y0 + rows), atlas_,
              revealAll_);
    if (hasFocus()) {
        painter.setPen(QPen(QColor(255, 240, 120), 2));
        painter.drawRect(rect().adjusted(1, 1, -1, -1));
    }
}

} // namespace burrow::ui
