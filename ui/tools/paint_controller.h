#pragma once
// Turns what the map view's paint tools report into undoable hand edits.
#include <QObject>
#include <vector>

#include "model/level.h"

namespace burrow::ui {

class MapView;
class ProjectDocument;

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

    // A fill stops after this many cells, so a click on a huge level stays quick.
    static constexpr std::size_t kFillLimit = 4'000'000;

private:
    void paint(const std::vector<Point>& cells, const QString& what, int stroke);
    // The cells under the brush at each of `cells`, within the level.
    std::vector<Point> widened(const std::vector<Point>& cells) const;

    ProjectDocument* document_;
    MapView* view_;
    Tile tile_ = Tile::Floor;
    int brush_ = 1;
    int stroke_ = 0;
};

} // namespace burrow::ui
