#include "docks/depth_strip_dock.h"

#include <QListWidget>
#include <QSignalBlocker>

#include "model/level.h"

namespace burrow::ui {

namespace {
constexpr int kThumbWidth = 80;

// One pixel a cell, scaled down smoothly: a cave's shape reads even at thumbnail size.
QImage thumbnail(const TileGrid& tiles) {
    QImage image(tiles.width(), tiles.height(), QImage::Format_RGB32);
    for (int y = 0; y < tiles.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < tiles.width(); ++x) line[x] = 0xff000000u | tileInfo(tiles(x, y)).background;
    }
    return image.scaledToWidth(kThumbWidth, Qt::SmoothTransformation);
}
} // namespace

DepthStripDock::DepthStripDock(QWidget* parent) : QDockWidget(tr("Depths"), parent), list_(new QListWidget(this)) {
    setObjectName("depthStripDock");
    list_->setObjectName("depthStrip");
    list_->setViewMode(QListView::IconMode);
    list_->setFlow(QListView::LeftToRight);
    list_->setWrapping(false);
    list_->setMovement(QListView::Static);
    list_->setIconSize({kThumbWidth, kThumbWidth});
    list_->setFixedHeight(kThumbWidth * 3 / 4 + 30); // one row of thumbnails and their names
    setWidget(list_);
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0) emit depthChosen(row);
    });
}

void DepthStripDock::showLevel(const Level& level, int current) {
    const QSignalBlocker block(list_);
    list_->clear();
    for (int z = 0; z < level.depthCount(); ++z) {
        auto* item = new QListWidgetItem(QIcon(QPixmap::fromImage(thumbnail(level.tiles(z)))), tr("depth %1").arg(z), list_);
        item->setToolTip(tr("Show depth %1").arg(z));
    }
    list_->setCurrentRow(current);
}

void DepthStripDock::setCurrent(int depth) {
    const QSignalBlocker block(list_);
    list_->setCurrentRow(depth);
}

} // namespace burrow::ui
