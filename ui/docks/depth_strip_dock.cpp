#include "docks/depth_strip_dock.h"

#include <QElapsedTimer>
#include <QListWidget>
#include <QSignalBlocker>
#include <algorithm>

#include "map/level_preview.h"
#include "model/level.h"

namespace burrow::ui {

namespace {
constexpr int kThumbWidth = 80;
constexpr int kDepthStripRefreshMs = 300;
} // namespace

DepthStripDock::DepthStripDock(QWidget* parent) : QDockWidget(tr("Depths"), parent), list_(new QListWidget(this)) {
    setObjectName("depthStripDock");
    list_->setObjectName("depthStrip");
    list_->setViewMode(QListView::IconMode);
    list_->setFlow(QListView::LeftToRight);
    // Rows of thumbnails that wrap: one row in a strip below the map, a grid in a
    // tabbed column. Not a fixed height: in a tab group that would pin every dock
    // of the group to one height.
    list_->setWrapping(true);
    list_->setResizeMode(QListView::Adjust);
    list_->setMovement(QListView::Static);
    list_->setIconSize({kThumbWidth, kThumbWidth});
    list_->setMinimumHeight(kThumbWidth * 3 / 4 + 30); // one row of thumbnails and their names
    setWidget(list_);
    timer_.setSingleShot(true);
    timer_.setInterval(kDepthStripRefreshMs);
    connect(&timer_, &QTimer::timeout, this, &DepthStripDock::refresh);
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0) emit depthChosen(row);
    });
}

void DepthStripDock::showLevel(const Level* level, int current) {
    level_ = level;
    const int depths = level_ ? level_->depthCount() : 0;
    stale_.assign(static_cast<std::size_t>(depths), true);
    if (list_->count() != depths) {
        const QSignalBlocker block(list_);
        list_->clear();
        for (int z = 0; z < depths; ++z) {
            auto* item = new QListWidgetItem(tr("depth %1").arg(z), list_);
            item->setToolTip(tr("Show depth %1").arg(z));
        }
    }
    setCurrent(current);
    schedule();
}

void DepthStripDock::cellsChanged(std::span<const CellChange> changes) {
    bool any = false;
    for (const CellChange& c : changes)
        if (static_cast<std::size_t>(c.z) < stale_.size() && !stale_[static_cast<std::size_t>(c.z)]) any = stale_[static_cast<std::size_t>(c.z)] = true;
    if (any) schedule();
}

void DepthStripDock::schedule() {
    if (!timer_.isActive()) timer_.start();
}

void DepthStripDock::refresh() {
    timer_.stop();
    if (!level_) return;
    QElapsedTimer took;
    took.start();
    for (int z = 0; z < list_->count() && z < level_->depthCount(); ++z) {
        if (!stale_[static_cast<std::size_t>(z)]) continue;
        stale_[static_cast<std::size_t>(z)] = false;
        list_->item(z)->setIcon(QIcon(QPixmap::fromImage(levelPreview(level_->tiles(z), level_->kinds, {kThumbWidth, kThumbWidth}))));
    }
    // Many deep levels: redraw less often, so thumbnails never cost more than a
    // tenth of the time while a level is being generated.
    timer_.setInterval(std::max<int>(kDepthStripRefreshMs, static_cast<int>(took.elapsed()) * 10));
}

void DepthStripDock::setCurrent(int depth) {
    const QSignalBlocker block(list_);
    list_->setCurrentRow(depth);
}

} // namespace burrow::ui
