#include "docks/depth_strip_dock.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QScrollArea>
#include <algorithm>

#include "docks/depth_strip_view.h"
#include "model/level.h"

namespace burrow::ui {

namespace {
constexpr int kDepthStripRefreshMs = 300;
} // namespace

DepthStripDock::DepthStripDock(QWidget* parent) : QDockWidget(tr("Depths"), parent), scroll_(new QScrollArea(this)), view_(new DepthStripView) {
    setObjectName("depthStripDock");
    // Not a fixed height: in a tab group that would pin every dock of the group to
    // one height. Enough for a row of the smallest thumbnails and their names.
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setWidget(view_);
    scroll_->setMinimumHeight(DepthStripView::kMinThumb * 3 / 4 + fontMetrics().height() + 24);
    scroll_->viewport()->installEventFilter(this);
    setWidget(scroll_);
    timer_.setSingleShot(true);
    timer_.setInterval(kDepthStripRefreshMs);
    connect(&timer_, &QTimer::timeout, this, &DepthStripDock::refresh);
    connect(view_, &DepthStripView::depthChosen, this, &DepthStripDock::depthChosen);
}

// The thumbnails grow and shrink with the room the dock gives them.
bool DepthStripDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched == scroll_->viewport() && event->type() == QEvent::Resize) view_->layOut();
    return QDockWidget::eventFilter(watched, event);
}

void DepthStripDock::showLevel(const Level* level, int current) {
    level_ = level;
    stale_.assign(level_ ? static_cast<std::size_t>(level_->depthCount()) : 0, true);
    view_->setLevel(level_);
    view_->setCurrent(current);
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
    view_->redraw(stale_);
    std::fill(stale_.begin(), stale_.end(), false);
    // Many deep levels: redraw less often, so thumbnails never cost more than a
    // tenth of the time while a level is being generated.
    timer_.setInterval(std::max<int>(kDepthStripRefreshMs, static_cast<int>(took.elapsed()) * 10));
}

void DepthStripDock::setCurrent(int depth) { view_->setCurrent(depth); }

} // namespace burrow::ui
