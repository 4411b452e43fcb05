#include "tools/tile_palette.h"

#include <QPainter>

#include "map/tile_atlas.h"

namespace burrow::ui {

QIcon tileIcon(Tile tile, int size) {
    TileAtlas atlas;
    atlas.ensureCellSize(size);
    return QIcon(QPixmap::fromImage(atlas.glyphCell(tile)));
}

TilePalette::TilePalette(QWidget* parent) : QComboBox(parent) {
    setObjectName("tilePalette");
    setToolTip(tr("The tile the pencil, rectangle and fill paint with"));
    for (Tile t : allTiles()) {
        const TileInfo& info = tileInfo(t);
        addItem(tileIcon(t), QString::fromUtf8(info.label.data(), qsizetype(info.label.size())), static_cast<int>(t));
        setItemData(count() - 1,
                    tr("'%1' %2%3").arg(QChar::fromLatin1(info.glyph)).arg(info.walkable ? tr("walkable") : tr("blocks movement"))
                        .arg(info.diggable ? tr(", diggable") : QString()),
                    Qt::ToolTipRole);
    }
    setCurrentIndex(static_cast<int>(Tile::Floor));
    connect(this, &QComboBox::currentIndexChanged, this, [this] { emit tileChosen(tile()); });
}

} // namespace burrow::ui
