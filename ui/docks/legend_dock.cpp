#include "docks/legend_dock.h"

#include <QListWidget>

#include "tools/tile_palette.h"

namespace burrow::ui {

LegendDock::LegendDock(QWidget* parent) : QDockWidget(tr("Legend"), parent) {
    setObjectName("legendDock");
    auto* list = new QListWidget(this);
    list->setIconSize({18, 18});
    list->setSelectionMode(QAbstractItemView::NoSelection);
    for (Tile t : allTiles()) {
        const TileInfo& info = tileInfo(t);
        const QString what = info.walkable ? tr("walkable") : (info.diggable ? tr("solid, diggable") : tr("solid"));
        list->addItem(new QListWidgetItem(tileIcon(t, 18), tr("%1 '%2' — %3")
                                                             .arg(QString::fromUtf8(info.label.data(), qsizetype(info.label.size())))
                                                             .arg(QChar::fromLatin1(info.glyph))
                                                             .arg(what)));
    }
    setWidget(list);
}

} // namespace burrow::ui
