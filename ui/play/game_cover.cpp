#include "play/game_cover.h"

#include <QKeyEvent>
#include <algorithm>

#include "play/game_keys.h"
#include "play/game_painter.h"

namespace burrow::ui {

int GameCover::depth() const { return game_ ? game_->player().at.z : 0; }

Point GameCover::focus() const {
    if (!game_) return {};
    const Cell me = game_->player().at;
    return {me.x, me.y};
}

void GameCover::paint(QPainter& painter, const CellTransform& transform, int x0, int y0, int x1, int y1) {
    if (!game_) return;
    const Level& level = game_->level();
    paintGame(painter, *game_, transform, x0, y0, std::min(x1, level.width()), std::min(y1, level.height()), atlas_, revealAll_);
}

bool GameCover::wantsKey(const QKeyEvent& key) const { return game_ && isGameKey(key); }

void GameCover::keyPressed(const QKeyEvent& key) {
    if (key.key() == Qt::Key_Escape) {
        emit leaveRequested();
        return;
    }
    if (const auto in = inputForKey(key.key(), key.modifiers(), key.text())) emit input(*in);
}

} // namespace burrow::ui
