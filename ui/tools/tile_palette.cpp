#include "tools/tile_palette.h"

#include <QAbstractItemView>
#include <QSignalBlocker>

#include "map/tile_atlas.h"

namespace burrow::ui {

TilePalette::TilePalette(QWidget* parent) : QComboBox(parent) {
    setObjectName("tilePalette");
    setToolTip(tr("The tile the pencil, rectangle and fill paint with (right-click a cell of the map to pick its tile)"));
    // As wide as the longest name, a project's own kinds included ("Stairs down", not "Stai…down").
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    view()->setTextElideMode(Qt::ElideNone);
    setKinds(builtInTileKinds());
    setCurrentIndex(static_cast<int>(Tile::Floor));
    connect(this, &QComboBox::currentIndexChanged, this, [this] { emit tileChosen(tile()); });
}

void TilePalette::setKinds(const TileKinds& kinds) {
    if (count() > 0 && kinds == kinds_) return;
    kinds_ = kinds;
    const Tile chosen = count() > 0 ? tile() : Tile::Floor;
    {
        const QSignalBlocker quiet(this);
        clear();
        for (int i = 0; i < kinds.count(); ++i) {
            const TileKind& kind = kinds[kinds.tileAt(i)];
            addItem(tileIcon(kind), QString::fromStdString(kind.name), i);
            setItemData(count() - 1,
                        tr("'%1' %2%3%4")
                            .arg(QChar::fromLatin1(kind.glyph))
                            .arg(kind.walkable ? tr("walkable") : tr("blocks movement"))
                            .arg(kind.transparent ? QString() : tr(", blocks sight"))
                            .arg(kind.diggable ? tr(", diggable") : QString()),
                        Qt::ToolTipRole);
        }
        setCurrentIndex(kinds.contains(chosen) ? static_cast<int>(chosen) : static_cast<int>(Tile::Floor));
        view()->setMinimumWidth(view()->sizeHintForColumn(0) + 2 * iconSize().width());
    }
    if (tile() != chosen) emit tileChosen(tile());
}

} // namespace burrow::ui
