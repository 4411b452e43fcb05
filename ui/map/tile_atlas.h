#pragma once
// Pre-drawn glyph cells, one per tile kind, at the view's current cell size: the map
// view copies these instead of laying out text for every visible cell.
#include <QFont>
#include <QIcon>
#include <QImage>
#include <vector>

#include "model/tile_kinds.h"

namespace burrow::ui {

QColor tileBackground(const TileKind& kind);
QColor tileForeground(const TileKind& kind);
// One cell of a kind, `pixels` a side: its glyph in its colour on its background.
QImage tileCell(const TileKind& kind, int pixels);
// A small picture of a tile kind (the palette's, the legend's): its cell as an icon.
QIcon tileIcon(const TileKind& kind, int size = 16);

class TileAtlas {
public:
    // Rebuilds only when the kinds or the size change.
    void ensure(const TileKinds& kinds, int pixels);
    int cellSize() const { return cellSize_; }
    // A tile the kinds lack is drawn as wall, as TileKinds reads it.
    const QImage& glyphCell(Tile tile) const { return cells_[static_cast<std::size_t>(tile) < cells_.size() ? static_cast<std::size_t>(tile) : 0]; }

private:
    int cellSize_ = 0;
    TileKinds kinds_;
    std::vector<QImage> cells_;
};

} // namespace burrow::ui
