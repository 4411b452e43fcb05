#pragma once
// Turns what the map view's paint tools report into undoable hand edits, and keeps
// what Tiled's tools keep: the selection, and the stamp Copy or Cut took, which Paste
// gives the Stamp tool, turned and mirrored with Z and X / Y.
#include <QObject>
#include <vector>

#include "editing/stamp.h"
#include "document/project_document.h"
#include "model/level.h"

namespace burrow::ui {

class MapView;

class PaintController : public QObject {
    Q_OBJECT
public:
    PaintController(ProjectDocument* document, MapView* view, QObject* parent = nullptr);

    Tile tile() const { return tile_; }
    void setTile(Tile tile) { tile_ = tile; }
    // How many cells across the pencil, eraser and line paint (1 to kLargestBrush).
    int brushSize() const { return brush_; }
    void setBrushSize(int size);
    static constexpr int kLargestBrush = 9;

    // The selection on the view's depth (empty: none), clipped to the level.
    const Rect& selection() const { return selection_; }
    void select(const Rect& area);
    void selectAll();
    // Copy: the selected cells as they are now become the stamp (false: nothing
    // selected). Cut also erases them; Delete erases them: back to what generation
    // made, as the eraser does, each one undo step.
    bool copy();
    bool cut();
    bool eraseSelection();
    // Tiled's right-button drag: the cells from a to b, clipped to the level, become
    // the stamp; the selection stays as it was. False when none lies in the level.
    bool capture(Point a, Point b);
    const Stamp& stamp() const { return stamp_; }
    void turnStamp(bool clockwise);
    void mirrorStamp(bool leftRight);

    // A fill stops after this many cells, so a click on a huge level stays quick.
    static constexpr std::size_t kFillLimit = 4'000'000;

signals:
    // The stamp is new or turned: the view shows it under the cursor.
    void stampChanged();

private:
    void paint(const std::vector<Point>& cells, const QString& what, int stroke);
    void lay(Point cursor);
    bool erase(const QString& what);
    void takeStamp(const Rect& area);
    void push(std::vector<ProjectDocument::EditChange> changes, const QString& what, int stroke);
    // The cells under the brush at each of `cells`, within the level.
    std::vector<Point> widened(const std::vector<Point>& cells) const;

    ProjectDocument* document_;
    MapView* view_;
    Tile tile_ = Tile::Floor;
    int brush_ = 1;
    int stroke_ = 0;
    Rect selection_;
    Stamp stamp_;
};

} // namespace burrow::ui
