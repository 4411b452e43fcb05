#pragma once
// The play-test map: the level around the player at a fixed glyph size, what the
// player sees bright, what they remember dim, the rest dark (or everything, when
// the designer reveals it). It draws a Game; the Game decides everything.
#include <QWidget>
#include <functional>

#include "map/tile_atlas.h"
#include "play/game.h"
#include "play/game_keys.h"

namespace burrow::ui {

class PlayView : public QWidget {
    Q_OBJECT
public:
    explicit PlayView(QWidget* parent = nullptr);

    void setGame(const Game* game);
    void setRevealAll(bool reveal);
    bool revealAll() const { return revealAll_; }
    static constexpr int kCell = 18;

signals:
    // A key the game understands was pressed.
    void input(burrow::Input input);
    void leaveRequested(); // Escape: give the keyboard back to the editor

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    const Game* game_ = nullptr;
    TileAtlas atlas_;
    bool revealAll_ = false;
};

} // namespace burrow::ui
