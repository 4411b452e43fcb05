#include "docks/legend_dock.h"

#include <QElapsedTimer>
#include <QListWidget>
#include <algorithm>

#include "map/legend_entries.h"
#include "map/map_view.h"

namespace burrow::ui {

namespace {
constexpr int kIconSize = 18;
constexpr int kLegendRefreshMs = 250;
} // namespace

LegendDock::LegendDock(MapView* map, QWidget* parent) : QDockWidget(tr("Legend"), parent), map_(map), list_(new QListWidget(this)) {
    setObjectName("legendDock");
    list_->setObjectName("legend");
    list_->setIconSize({kIconSize, kIconSize});
    list_->setSelectionMode(QAbstractItemView::NoSelection);
    list_->setWordWrap(true);
    list_->setTextElideMode(Qt::ElideNone);
    setWidget(list_);
    timer_.setSingleShot(true);
    timer_.setInterval(kLegendRefreshMs);
    connect(&timer_, &QTimer::timeout, this, &LegendDock::refresh);
    connect(map_, &MapView::viewChanged, this, &LegendDock::schedule);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) refresh();
    });
    refresh();
}

void LegendDock::schedule() {
    if (!timer_.isActive()) timer_.start();
}

void LegendDock::refresh() {
    timer_.stop();
    if (!isVisible() && list_->count() > 0) return; // hidden: refreshed when shown
    QElapsedTimer took;
    took.start();
    const LegendView view{map_->level(), map_->depth(), map_->overlays(), &map_->annotations(), map_->hiddenMarks(), map_->heat().maximum(), map_->heatWorking(),
                          map_->heatTooLarge(), map_->shownRegions().get()};
    list_->clear();
    QString section;
    for (const LegendEntry& e : legendEntries(view, kIconSize)) {
        if (e.section != section) {
            section = e.section;
            auto* header = new QListWidgetItem(section, list_);
            QFont bold = header->font();
            bold.setBold(true);
            header->setFont(bold);
            header->setFlags(Qt::ItemIsEnabled);
        }
        auto* item = new QListWidgetItem(e.icon, e.text, list_);
        item->setToolTip(e.toolTip);
    }
    if (list_->count() == 0) list_->addItem(tr("Nothing generated yet"));
    // On a huge level counting takes a while: refresh less often, so the legend
    // never takes more than a tenth of the time while a level is being generated.
    timer_.setInterval(std::max<int>(kLegendRefreshMs, static_cast<int>(took.elapsed()) * 10));
}

QStringList LegendDock::texts() const {
    QStringList out;
    for (int i = 0; i < list_->count(); ++i) out << list_->item(i)->text();
    return out;
}

} // namespace burrow::ui
