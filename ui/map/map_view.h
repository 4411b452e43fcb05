#pragma once
// The level on screen: glyphs on coloured cells when zoomed in, flat colour blocks
// when zoomed out. Wheel zooms around the cursor, drag pans, only visible cells
// are drawn, so a 2000 x 2000 level pans as smoothly as a small one.
#include <QImage>
#include <QWidget>
#include <optional>
#include <span>

#include "generation/cell_change.h"
#include "map/tile_atlas.h"
#include "model/level.h"

namespace burrow::ui {

class MapView : public QWidget {
    Q_OBJECT
public:
    explicit MapView(QWidget* parent = nullptr);

    // The view does not own the level; call levelChanged() after the level changes.
    void setLevel(const Level* level);
    const Level* level() const { return level_; }
    void levelChanged();
    void cellsChanged(std::span<const CellChange> changes);

    int depth() const { return depth_; }
    void setDepth(int depth);

    double cellPixels() const { return scale_; }
    void setCellPixels(double pixels, QPointF anchor);
    void fitToWindow();
    void zoomBy(double factor);
    // Switches to glyphs at or above this many pixels a cell.
    static constexpr double kGlyphThreshold = 10.0;

    // The cell under a widget position, if the level has one there.
    std::optional<Cell> cellAt(QPointF widgetPos) const;
    // The widget position of a cell's centre.
    QPointF cellCentre(int x, int y) const { return (QPointF(x + 0.5, y + 0.5) - offset_) * scale_; }
    // Paints the visible part of the level into `painter` (for the widget and for tests).
    void render(QPainter& painter, const QRect& area);

    QSize sizeHint() const override { return {800, 600}; }

signals:
    void cellHovered(std::optional<burrow::Cell> cell);
    void zoomChanged(double cellPixels);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuildBlocks();
    void clampOffset();
    void renderBlocks(QPainter& painter, const QRectF& cells);
    void renderGlyphs(QPainter& painter, int x0, int y0, int x1, int y1);

    const Level* level_ = nullptr;
    int depth_ = 0;
    double scale_ = 16.0;   // pixels per cell
    QPointF offset_;        // the cell coordinate at the widget's top-left corner
    QImage blocks_;         // one pixel a cell: the current depth's colours
    TileAtlas atlas_;
    std::optional<QPoint> dragFrom_;
    bool fitPending_ = true;
};

} // namespace burrow::ui
