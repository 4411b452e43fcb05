#include "docks/overview_dock.h"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

#include "map/level_preview.h"
#include "map/map_view.h"

namespace burrow::ui {

namespace {
constexpr int kOverviewRefreshMs = 300;
} // namespace

// The picture with the viewport rectangle; a press or a drag centres the map there.
class OverviewDock::Picture : public QWidget {
public:
    explicit Picture(MapView* map, QWidget* parent) : QWidget(parent), map_(map) {
        setMinimumSize(120, 80);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
        setCursor(Qt::PointingHandCursor);
        setToolTip(QObject::tr("The whole depth: click or drag to move the map there"));
    }
    QSize sizeHint() const override { return {260, 130}; }
    void setImage(QImage image) {
        image_ = std::move(image);
        update();
    }
    // Where the level is drawn: the picture fitted to the widget, centred.
    QRectF levelRect() const {
        if (image_.isNull()) return {};
        const QSizeF fitted = QSizeF(image_.size()).scaled(QSizeF(size()), Qt::KeepAspectRatio);
        return {QPointF((width() - fitted.width()) / 2, (height() - fitted.height()) / 2), fitted};
    }
    QRectF viewport() const {
        const Level* level = map_->level();
        const QRectF area = levelRect();
        if (!level || area.isEmpty()) return {};
        const double sx = area.width() / level->width(), sy = area.height() / level->height();
        const QRectF cells = map_->visibleCells();
        return QRectF(area.x() + cells.x() * sx, area.y() + cells.y() * sy, cells.width() * sx, cells.height() * sy).intersected(area);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.fillRect(rect(), palette().window());
        if (image_.isNull()) return;
        painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
        painter.drawImage(levelRect(), image_);
        const QRectF view = viewport();
        if (view.isEmpty() || view.contains(levelRect().adjusted(1, 1, -1, -1))) return; // all of it shows: no frame
        painter.setPen(QPen(QColor(255, 255, 255, 230), 2));
        painter.setBrush(QColor(255, 255, 255, 40));
        painter.drawRect(view);
    }
    void mousePressEvent(QMouseEvent* event) override { moveMap(event->position()); }
    void mouseMoveEvent(QMouseEvent* event) override {
        if (event->buttons() & Qt::LeftButton) moveMap(event->position());
    }

private:
    void moveMap(QPointF at) {
        const Level* level = map_->level();
        const QRectF area = levelRect();
        if (!level || area.isEmpty()) return;
        map_->centreOn({(at.x() - area.x()) * level->width() / area.width(), (at.y() - area.y()) * level->height() / area.height()});
    }

    MapView* map_;
    QImage image_;
};

OverviewDock::OverviewDock(MapView* map, QWidget* parent) : QDockWidget(tr("Overview"), parent), map_(map), picture_(new Picture(map, this)) {
    setObjectName("overviewDock");
    picture_->setObjectName("overview");
    setWidget(picture_);
    timer_.setSingleShot(true);
    timer_.setInterval(kOverviewRefreshMs);
    connect(&timer_, &QTimer::timeout, this, &OverviewDock::refresh);
    connect(map_, &MapView::viewChanged, this, &OverviewDock::schedule);
    connect(map_, &MapView::viewportChanged, picture_, qOverload<>(&QWidget::update));
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) refresh();
    });
}

void OverviewDock::schedule() {
    if (!timer_.isActive()) timer_.start();
}

void OverviewDock::refresh() {
    timer_.stop();
    const Level* level = map_->level();
    if (!level || !isVisible()) return;
    QElapsedTimer took;
    took.start();
    // Drawn at the widget's size (times the screen's pixel ratio), so it stays sharp.
    const QSize bound = picture_->size() * picture_->devicePixelRatio();
    picture_->setImage(levelPreview(level->tiles(map_->depth()), level->kinds, bound.expandedTo({160, 120})));
    timer_.setInterval(std::max<int>(kOverviewRefreshMs, static_cast<int>(took.elapsed()) * 10));
}

QRectF OverviewDock::viewportOnOverview() const { return picture_->viewport(); }

QRectF OverviewDock::levelOnOverview() const { return picture_->levelRect(); }

QWidget* OverviewDock::picture() const { return picture_; }

} // namespace burrow::ui
