#pragma once
// One prefab's cells, drawn as the map draws tiles, for the Prefabs dialog to paint
// on. Cells that keep the level's own are hatched, openings outlined with a mark
// pointing out of the prefab, things shown by their template's initial. A press, or
// a drag across cells, says which cell and with which button; the dialog decides
// what that does.
#include <QWidget>
#include <optional>

#include "content/prefab.h"
#include "map/tile_atlas.h"

namespace burrow::ui {

class PrefabCanvas : public QWidget {
    Q_OBJECT
public:
    explicit PrefabCanvas(QWidget* parent = nullptr);

    // What to draw (nothing when null); kept by value, so the dialog may edit its own.
    void setPrefab(const Prefab* prefab, const TileKinds& kinds);
    // The cell under a point of the widget, if any; the centre of a cell.
    std::optional<Point> cellAt(QPoint pos) const;
    QPoint cellCentre(Point cell) const;
    int cellSize() const;

    QSize sizeHint() const override { return {400, 320}; }
    QSize minimumSizeHint() const override { return {160, 120}; }

signals:
    // A press on a cell (dragged false), or the drag moving onto another (true).
    void cellPressed(int x, int y, Qt::MouseButton button, bool dragged);
    // The button let go: what was pressed and dragged since is one stroke.
    void strokeEnded();

protected:
    bool event(QEvent* event) override; // a cell's tooltip: where, its tile, opening, things
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    QPoint origin() const;

    std::optional<Prefab> prefab_;
    TileKinds kinds_;
    TileAtlas atlas_;
    Qt::MouseButton dragging_ = Qt::NoButton;
    std::optional<Point> lastCell_;
};

} // namespace burrow::ui
