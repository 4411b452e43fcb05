#pragma once
// The level on screen: glyphs on coloured cells when zoomed in, flat colour blocks
// when zoomed out, overlays on top. Wheel zooms around the cursor, the middle
// button (or the pan tool) drags, and only visible cells are drawn, so a
// 2000 x 2000 level pans as smoothly as a small one.
#include <QImage>
#include <QPointer>
#include <QWidget>
#include <memory>
#include <optional>
#include <span>

#include "document/level_facts.h"
#include "generation/cell_change.h"
#include "map/heat_layer.h"
#include "map/map_cover.h"
#include "map/map_overlays.h"
#include "map/tile_atlas.h"
#include "model/level.h"
#include "map/paint_tool.h"

namespace burrow::ui {

class MapView : public QWidget {
    Q_OBJECT
public:
    explicit MapView(QWidget* parent = nullptr);
    ~MapView() override;

    // The view does not own the level. levelChanged() after any change,
    // cellsChanged() after a few cells changed (cheaper).
    void setLevel(const Level* level);
    const Level* level() const { return level_; }
    void levelChanged();
    void cellsChanged(std::span<const CellChange> changes);

    int depth() const { return depth_; }
    void setDepth(int depth);

    // Where the regions it colours come from (the document's; the view does not own
    // it), and those of the depth shown, once labelled (nothing until then).
    void setFacts(LevelFacts* facts);
    const std::shared_ptr<const RegionRuns>& shownRegions() const { return shownRegions_; }

    const OverlayOptions& overlays() const { return overlays_; }
    // The heatmap shown (overlays().heatmap), the facts' for the whole level, worked
    // out off the UI thread: while it is, the one shown before (of the same kind)
    // stays and heatWorking() is true.
    const HeatLayer& heat() const { return heat_; }
    bool heatWorking() const;
    // The heatmap asked for was refused: the level is too large to work it out live.
    bool heatTooLarge() const;
    // Blocks until the heatmap under way has been worked out and is shown (tests).
    void waitForHeatWorkers();
    void setOverlays(const OverlayOptions& options);
    // Generation marks to draw, with their age in steps; trails fade over maxAge steps.
    void setAnnotations(std::vector<AgedAnnotation> marks, int maxAge);
    const std::vector<AgedAnnotation>& annotations() const { return marks_; }

    // How placed things look and what their tooltips say, by template name.
    void setEntityLooks(EntityLooks looks);

    // The room laid out for this room graph node is outlined brightly (the graph
    // dock's pick), and brought into view; "" for none.
    void setHighlightedNode(const std::string& node);
    const std::string& highlightedNode() const { return highlightedNode_; }

    // A game (or anything else) drawn over the whole map instead of the level, with
    // the map's keyboard; the view follows its focus. nullptr gives the map back.
    // coverChanged() after its picture changed (a turn played).
    void setCover(MapCover* cover);
    MapCover* cover() const { return cover_; }
    void coverChanged();

    // The selection, outlined (the Select tool's; an empty rectangle for none), and
    // the stamp the Stamp tool lays, shown under the cursor (nullptr for none; the
    // view does not own it).
    void setSelection(const Rect& area);
    const Rect& selection() const { return selection_; }
    void setStamp(const TileGrid* stamp);

    PaintTool tool() const { return tool_; }
    void setTool(PaintTool tool);

    double cellPixels() const { return scale_; }
    int hiddenMarks() const { return hiddenMarks_; }
    void setCellPixels(double pixels, QPointF anchor);
    void fitToWindow();
    // The cells the widget shows (may reach past the level's edges), and moving it
    // so `cell` is in the middle (the overview's drag).
    QRectF visibleCells() const { return {offset_, QSizeF(width() / scale_, height() / scale_)}; }
    void centreOn(QPointF cell);
    void zoomBy(double factor);
    // Glyphs from this many pixels a cell up.
    static constexpr double kGlyphThreshold = 10.0;

    // The cell under a widget position, if the level has one there.
    std::optional<Cell> cellAt(QPointF widgetPos) const;
    QPointF cellCentre(int x, int y) const { return transform().cellRect(x, y).center(); }
    // Paints the visible part of the level (for the widget, tests and the benchmark).
    void render(QPainter& painter, const QRect& area);

    QSize sizeHint() const override { return {800, 600}; }

signals:
    void cellHovered(std::optional<burrow::Cell> cell);
    // A left click on a cell, whatever the tool (picking a cell for a breakpoint).
    void cellClicked(burrow::Cell cell);
    void zoomChanged(double cellPixels);
    // Marks left out at this zoom because they would crowd (see MarkThinner).
    void hiddenMarksChanged(int hidden);
    // Anything the legend lists changed: the level, its cells, the depth, the
    // overlays, the generation marks or the marks hidden.
    void viewChanged();
    // The visible part moved or was zoomed.
    void viewportChanged();
    // Paint tools: a new drag began; cells the pencil or eraser crossed; the
    // rectangle chosen; where a fill was asked for.
    void strokeStarted();
    void strokeCells(const std::vector<burrow::Point>& cells);
    void rectangleChosen(burrow::Point a, burrow::Point b);
    // The Line tool's drag, end to end.
    void lineChosen(burrow::Point a, burrow::Point b);
    // The Make prefab tool's rectangle, corner to corner.
    void prefabRectangleChosen(burrow::Point a, burrow::Point b);
    void fillRequested(burrow::Point at);
    // The Select tool's rectangle, corner to corner.
    void selectionChosen(burrow::Point a, burrow::Point b);
    // The Stamp tool laid its stamp with its top-left corner here (each cell a drag
    // reaches, after strokeStarted()).
    void stampRequested(burrow::Point at);
    // A right click on a cell: pick its tile to paint with (Tiled's eyedropper).
    void tilePicked(burrow::Cell cell);
    // A right-button drag from a to b (Tiled's capture): take those cells as the stamp.
    void stampCaptured(burrow::Point a, burrow::Point b);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    CellTransform transform() const { return {offset_, scale_}; }
    void rebuildImages();
    void rebuildRegionImage();
    void recomputeHeat();
    void clampOffset();
    void renderBlocks(QPainter& painter, const QImage& image, const QRectF& cells);
    void renderGlyphs(QPainter& painter, int x0, int y0, int x1, int y1);
    void drawEditing(QPainter& painter, const CellTransform& t);

    const Level* level_ = nullptr;
    int depth_ = 0;
    std::string highlightedNode_;
    double scale_ = 16.0;   // pixels per cell
    QPointF offset_;        // the cell coordinate at the widget's top-left corner
    QImage blocks_;         // one pixel a cell: the current depth's colours
    QPointer<LevelFacts> facts_;
    std::shared_ptr<const RegionRuns> shownRegions_;
    QImage regions_;        // region colours, when shown
    QImage otherDepth_;     // the neighbouring depth, when shown
    HeatLayer heat_;        // the heatmap, when shown
    TileAtlas atlas_;
    OverlayOptions overlays_;
    std::vector<AgedAnnotation> marks_;
    EntityLooks looks_;
    int maxAge_ = 0;
    int hiddenMarks_ = 0;
    PaintTool tool_ = PaintTool::Pan;
    std::optional<QPoint> panFrom_;
    bool spaceHeld_ = false;          // Space held: the left button pans, whatever the tool (as in Tiled)
    std::optional<Point> dragCell_;   // the last cell of a paint drag
    std::optional<Point> rectFrom_;   // where a rectangle drag began
    std::optional<Point> hover_;      // the cell under the mouse
    std::optional<Point> captureFrom_, captureTo_; // a right-button drag: a pick, or a capture
    Rect selection_;
    const TileGrid* stamp_ = nullptr;
    QPointer<MapCover> cover_;
    bool autoFit_ = true; // keep fitting on resize until the designer zooms or pans
};

} // namespace burrow::ui
