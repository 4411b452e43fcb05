#include "generation/level_canvas.h"

#include <algorithm>
#include <cstring>

namespace burrow {

void LevelCanvas::fillRect(const Rect& rect, Tile tile) {
    const int x0 = std::max(rect.x, 0), x1 = std::min(rect.right(), width());
    const int y0 = std::max(rect.y, 0), y1 = std::min(rect.bottom(), height());
    for (int y = y0; y < y1; ++y) {
        if (!changes_) {
            std::fill(grid_.row(y) + x0, grid_.row(y) + x1, tile);
            continue;
        }
        for (int x = x0; x < x1; ++x) set(x, y, tile);
    }
}

void LevelCanvas::writeRow(int y, const Tile* tiles) {
    Tile* row = grid_.row(y);
    if (!changes_) {
        std::memcpy(row, tiles, static_cast<std::size_t>(width()) * sizeof(Tile));
        return;
    }
    for (int x = 0; x < width(); ++x)
        if (row[x] != tiles[x]) {
            changes_->push_back(change(x, y, row[x], tiles[x]));
            row[x] = tiles[x];
        }
}

} // namespace burrow
