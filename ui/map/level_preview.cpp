#include "map/level_preview.h"

#include <algorithm>

namespace burrow::ui {

QImage levelPreview(const TileGrid& tiles, const TileKinds& kinds, QSize bound) {
    if (tiles.width() <= 0 || tiles.height() <= 0 || bound.isEmpty()) return {};
    const QSize fitted = QSize(tiles.width(), tiles.height()).scaled(bound, Qt::KeepAspectRatio).expandedTo({1, 1});
    // Sampled at twice the size, then scaled down smoothly: thin walls and
    // corridors still show, at a cost of four samples a pixel.
    const int w = std::min(tiles.width(), fitted.width() * 2), h = std::min(tiles.height(), fitted.height() * 2);
    QImage sampled(w, h, QImage::Format_RGB32);
    for (int y = 0; y < h; ++y) {
        const Tile* row = tiles.row(static_cast<int>(static_cast<long long>(y) * tiles.height() / h));
        auto* line = reinterpret_cast<QRgb*>(sampled.scanLine(y));
        for (int x = 0; x < w; ++x) line[x] = 0xff000000u | kinds[row[static_cast<long long>(x) * tiles.width() / w]].background;
    }
    return sampled.size() == fitted ? sampled : sampled.scaled(fitted, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
}

} // namespace burrow::ui
