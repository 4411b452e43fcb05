#pragma once
// Play on the map: a game drawn over the editor's map (the player's depth, what they
// see, remember and meet), the map following the player, its keys the game's. The
// Play dock owns it and hands it to the map while a game is shown there.
#include "map/map_cover.h"
#include "map/tile_atlas.h"
#include "play/game.h"

namespace burrow::ui {

class GameCover : public MapCover {
    Q_OBJECT
public:
    using MapCover::MapCover;

    void setGame(const Game* game) { game_ = game; }
    const Game* game() const { return game_; }
    void setRevealAll(bool reveal) { revealAll_ = reveal; }

    int depth() const override;
    Point focus() const override;
    void paint(QPainter& painter, const CellTransform& transform, int x0, int y0, int x1, int y1) override;
    bool wantsKey(const QKeyEvent& key) const override;
    void keyPressed(const QKeyEvent& key) override;

signals:
    void input(burrow::Input input);
    void leaveRequested(); // Escape: back to editing

private:
    const Game* game_ = nullptr;
    TileAtlas atlas_;
    bool revealAll_ = false;
};

} // namespace burrow::ui
