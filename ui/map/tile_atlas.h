#pragma once
// Pre-drawn glyph cells, one per tile kind, at the view's current cell size: the map
// view copies these instead of laying out text for every visible cell.
#include <QFont>
#include <QImage>
#include <array>

#include "model/tile.h"

namespace burrow::ui {

QColor tileBackground(Tile tile);
QColor tileForeground(Tile tile);

class TileAtlas {
public:
    // Rebuilds only when the size changes.
    void ensureCellSize(int pixels);
    int cellSize() const { return cellSize_; }
    const QImage& glyphCell(Tile tile) const { return cells_[static_cast<std::size_t>(tile)]; }

private:
    int cellSize_ = 0;
    std::array<QImage, kTileKindCount> cells_;
};

} // namespace burrow::ui
