#include "map/tile_atlas.h"

#include <QPainter>

namespace burrow::ui {

QColor tileBackground(Tile tile) { return QColor::fromRgb(tileInfo(tile).background); }
QColor tileForeground(Tile tile) { return QColor::fromRgb(tileInfo(tile).colour); }

void TileAtlas::ensureCellSize(int pixels) {
    if (pixels == cellSize_) return;
    cellSize_ = pixels;
    QFont font(QStringLiteral("DejaVu Sans Mono"));
    font.setStyleHint(QFont::Monospace);
    font.setPixelSize(std::max(4, pixels * 4 / 5));
    font.setBold(true);
    for (Tile tile : allTiles()) {
        QImage image(pixels, pixels, QImage::Format_RGB32);
        image.fill(tileBackground(tile));
        QPainter painter(&image);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.setFont(font);
        painter.setPen(tileForeground(tile));
        painter.drawText(QRect(0, 0, pixels, pixels), Qt::AlignCenter, QString(QChar::fromLatin1(glyphOf(tile))));
        cells_[static_cast<std::size_t>(tile)] = image;
    }
}

} // namespace burrow::ui
