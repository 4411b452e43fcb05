#pragma once
// Something drawn over the whole map instead of the level the editor shows, that
// also takes the map's keyboard: a game being played (play/game_cover.h). The map
// view draws it, keeps its focus in sight and hands it the keys it wants; it knows
// nothing of games, so the map folder needs nothing from play/.
#include <QObject>
#include <QRect>

#include "map/map_overlays.h"
#include "model/grid.h"

class QKeyEvent;
class QPainter;

namespace burrow::ui {

class MapCover : public QObject {
public:
    using QObject::QObject;

    // The depth it shows, and the cell the view keeps in sight (the player).
    virtual int depth() const = 0;
    virtual Point focus() const = 0;
    // Draws cells [x0, x1) x [y0, y1) of its depth, which the view has clipped to the
    // level; the rest of the widget is the map's outside colour.
    virtual void paint(QPainter& painter, const CellTransform& transform, int x0, int y0, int x1, int y1) = 0;
    // Whether a key is its own (then no shortcut of the editor's fires), and the key.
    virtual bool wantsKey(const QKeyEvent& key) const = 0;
    virtual void keyPressed(const QKeyEvent& key) = 0;
};

} // namespace burrow::ui
