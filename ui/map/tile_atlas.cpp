#include "map/tile_atlas.h"

#include <QPixmap>

#include <QPainter>

namespace burrow::ui {

QColor tileBackground(const TileKind& kind) { return QColor::fromRgb(kind.background); }
QColor tileForeground(const TileKind& kind) { return QColor::fromRgb(kind.colour); }

QImage tileCell(const TileKind& kind, int pixels) {
    QFont font(QStringLiteral("DejaVu Sans Mono"));
    font.setStyleHint(QFont::Monospace);
    font.setPixelSize(std::max(4, pixels * 4 / 5));
    font.setBold(true);
    QImage image(pixels, pixels, QImage::Format_RGB32);
    image.fill(tileBackground(kind));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.setFont(font);
    painter.setPen(tileForeground(kind));
    painter.drawText(QRect(0, 0, pixels, pixels), Qt::AlignCenter, QString(QChar::fromLatin1(kind.glyph)));
    return image;
}

void TileAtlas::ensure(const TileKinds& kinds, int pixels) {
    if (pixels == cellSize_ && !cells_.empty() && kinds == kinds_) return;
    cellSize_ = pixels;
    kinds_ = kinds;
    cells_.clear();
    for (const TileKind& kind : kinds.all()) cells_.push_back(tileCell(kind, pixels));
}

QIcon tileIcon(const TileKind& kind, int size) { return QIcon(QPixmap::fromImage(tileCell(kind, size))); }

} // namespace burrow::ui
