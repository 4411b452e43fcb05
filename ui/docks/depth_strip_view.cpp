#include "docks/depth_strip_view.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "map/level_preview.h"
#include "map/mark_shapes.h"
#include "model/level.h"

namespace burrow::ui {

namespace {
constexpr int kGap = 10;            // between thumbnails, and around them
constexpr int kMaxLinksAPair = 400; // stairs links drawn between two depths; past that they are a blur
} // namespace

DepthStripView::DepthStripView(QWidget* parent) : QWidget(parent) {
    setObjectName("depthStrip");
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
}

void DepthStripView::setLevel(const Level* level) {
    level_ = level;
    current_ = level_ ? std::clamp(current_, 0, level_->depthCount() - 1) : 0;
    // As many depths as before: the pictures stay until redraw() (the dock's throttle);
    // else they are drawn now.
    thumbnails_.resize(level_ ? static_cast<std::size_t>(level_->depthCount()) : 0);
    layOut();
}

int DepthStripView::count() const { return level_ ? level_->depthCount() : 0; }

void DepthStripView::setCurrent(int depth) {
    if (depth == current_ || depth < 0 || depth >= count()) return;
    current_ = depth;
    update();
}

void DepthStripView::choose(int depth) {
    if (depth < 0 || depth >= count() || depth == current_) return;
    setCurrent(depth);
    emit depthChosen(depth);
}

void DepthStripView::redraw(const std::vector<bool>& depths) {
    if (!level_) return;
    const QSize pixels = layout_.thumb * devicePixelRatioF();
    for (std::size_t z = 0; z < thumbnails_.size() && z < depths.size(); ++z)
        if (depths[z]) thumbnails_[z] = levelPreview(level_->tiles(static_cast<int>(z)), level_->kinds, pixels);
    update();
}

// Every row count from one to one a depth is tried; the one with the largest
// thumbnails wins. Below the smallest readable size, as many rows as fit and the
// strip scrolls sideways.
DepthStripView::Layout DepthStripView::fit(QSize room) const {
    const int n = std::max(1, count());
    const double aspect = level_ ? std::clamp(double(level_->width()) / std::max(1, level_->height()), 0.25, 4.0) : 1.0;
    const int label = fontMetrics().height() + 2;
    Layout best;
    double bestWidth = 0;
    for (int rows = 1; rows <= n; ++rows) {
        const int columns = (n + rows - 1) / rows;
        const double h = double(room.height() - kGap - rows * (label + kGap)) / rows;
        const double w = double(room.width() - kGap - columns * kGap) / columns;
        const double width = std::min({w, h * aspect, double(kMaxThumb)});
        if (width > bestWidth) bestWidth = width, best.columns = columns;
    }
    if (bestWidth < kMinThumb) {
        const int rows = std::clamp(int((room.height() - kGap) / (kMinThumb / aspect + label + kGap)), 1, n);
        best.columns = (n + rows - 1) / rows;
        bestWidth = kMinThumb;
    }
    best.thumb = QSize(int(bestWidth), std::max(1, int(std::lround(bestWidth / aspect))));
    return best;
}

void DepthStripView::layOut() {
    // The room is the scroll area's (the parent's), not this widget's, which grows
    // past it when the thumbnails are at their smallest.
    const QSize room = parentWidget() ? parentWidget()->size() : size();
    const Layout before = layout_;
    layout_ = fit(room);
    const int rows = (std::max(1, count()) + layout_.columns - 1) / layout_.columns;
    const int label = fontMetrics().height() + 2;
    // At their smallest the thumbnails need more room than there is: the strip
    // takes it, and scrolls. Otherwise it asks for none, so the dock can shrink.
    const QSize needed(kGap + layout_.columns * (layout_.thumb.width() + kGap), kGap + rows * (layout_.thumb.height() + label + kGap));
    setMinimumSize(needed.width() > room.width() || needed.height() > room.height() ? needed : QSize(0, 0));
    if (before.thumb != layout_.thumb || std::any_of(thumbnails_.begin(), thumbnails_.end(), [](const QImage& t) { return t.isNull(); }))
        redraw(std::vector<bool>(thumbnails_.size(), true));
    update();
}

void DepthStripView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    layOut();
}

QRect DepthStripView::thumbnailRect(int depth) const {
    const int label = fontMetrics().height() + 2;
    const int row = depth / layout_.columns, column = depth % layout_.columns;
    return {kGap + column * (layout_.thumb.width() + kGap), kGap + row * (layout_.thumb.height() + label + kGap), layout_.thumb.width(), layout_.thumb.height()};
}

const QImage& DepthStripView::thumbnail(int depth) const {
    static const QImage none;
    return depth >= 0 && depth < static_cast<int>(thumbnails_.size()) ? thumbnails_[static_cast<std::size_t>(depth)] : none;
}

int DepthStripView::depthAt(QPoint pixel) const {
    for (int z = 0; z < count(); ++z)
        if (thumbnailRect(z).adjusted(-kGap / 2, -kGap / 2, kGap / 2, fontMetrics().height() + kGap / 2).contains(pixel)) return z;
    return -1;
}

// Where a cell's middle is on depth z's thumbnail (the picture keeps the level's
// proportions inside the rectangle, centred).
QPointF DepthStripView::onThumbnail(int depth, double x, double y) const {
    const QRectF r = thumbnailRect(depth);
    const QSizeF picture = QSizeF(level_->width(), level_->height()).scaled(r.size(), Qt::KeepAspectRatio);
    const QPointF origin = r.center() - QPointF(picture.width() / 2, picture.height() / 2);
    return origin + QPointF((x + 0.5) * picture.width() / level_->width(), (y + 0.5) * picture.height() / level_->height());
}

void DepthStripView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    if (!level_) return;
    for (int z = 0; z < count(); ++z) {
        const QRect r = thumbnailRect(z);
        const QImage& picture = thumbnails_[static_cast<std::size_t>(z)];
        const QSizeF shown = QSizeF(picture.size() / picture.devicePixelRatioF()).scaled(r.size(), Qt::KeepAspectRatio);
        painter.drawImage(QRectF(r.center() - QPointF(shown.width() / 2, shown.height() / 2), shown), picture);
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    drawStairs(painter);
    drawLabels(painter);
}

// The links first, then the marks over them: the stairs down on the upper depth, up
// on the lower, and the start where play begins.
void DepthStripView::drawStairs(QPainter& painter) const {
    const double mark = std::clamp(layout_.thumb.width() / 22.0, 5.0, 10.0);
    std::vector<int> links(static_cast<std::size_t>(count()), 0);
    // Strong where a depth lies above the next (the links run between the pictures)
    // or where the pointer is; faint where they lie side by side, since there every
    // link crosses both pictures.
    const auto pen = [this](int upper) {
        const bool stacked = upper / layout_.columns != (upper + 1) / layout_.columns;
        const bool pointed = hovered_ == upper || hovered_ == upper + 1;
        QColor line = kStairsDownColour;
        line.setAlpha(pointed ? 230 : stacked ? 130 : 60);
        return QPen(line, pointed ? 1.6 : 1.1);
    };
    for (const StairsPair& s : level_->stairs)
        if (s.upperDepth >= 0 && s.upperDepth + 1 < count() && links[static_cast<std::size_t>(s.upperDepth)]++ < kMaxLinksAPair) {
            painter.setPen(pen(s.upperDepth));
            painter.drawLine(onThumbnail(s.upperDepth, s.x, s.y), onThumbnail(s.upperDepth + 1, s.x, s.y));
        }
    for (const StairsPair& s : level_->stairs) {
        if (s.upperDepth < 0 || s.upperDepth + 1 >= count()) continue;
        drawStairsMark(painter, onThumbnail(s.upperDepth, s.x, s.y), mark, true);
        drawStairsMark(painter, onThumbnail(s.upperDepth + 1, s.x, s.y), mark, false);
    }
    for (const Marker& m : level_->markers)
        if ((m.name == "start" || m.name == "exit") && m.at.z >= 0 && m.at.z < count()) drawMarkerMark(painter, onThumbnail(m.at.z, m.at.x, m.at.y), mark, m.name);
}

void DepthStripView::drawLabels(QPainter& painter) const {
    const QColor text = palette().color(QPalette::WindowText);
    for (int z = 0; z < count(); ++z) {
        const QRect r = thumbnailRect(z);
        if (z == current_) {
            painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(r.adjusted(-2, -2, 2, 2));
        }
        painter.setPen(text);
        QFont font = painter.font();
        font.setBold(z == current_);
        painter.setFont(font);
        painter.drawText(QRect(r.left(), r.bottom() + 2, r.width(), fontMetrics().height()), Qt::AlignHCenter | Qt::AlignTop, tr("depth %1").arg(z));
    }
}

bool DepthStripView::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip || !level_) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const int z = depthAt(help->pos());
    if (z < 0) {
        QToolTip::hideText();
        return true;
    }
    int down = 0, up = 0;
    for (const StairsPair& s : level_->stairs) {
        down += s.upperDepth == z;
        up += s.upperDepth + 1 == z;
    }
    QString tip = tr("Depth %1").arg(z);
    if (up) tip += tr("\n%n stairs up to depth %1 (cyan, pointing up)", nullptr, up).arg(z - 1);
    if (down) tip += tr("\n%n stairs down to depth %1 (violet, pointing down; the lines lead to their ends below)", nullptr, down).arg(z + 1);
    tip += tr("\nClick to show it");
    QToolTip::showText(help->globalPos(), tip, this);
    return true;
}

void DepthStripView::mouseMoveEvent(QMouseEvent* event) {
    const int z = depthAt(event->position().toPoint());
    if (z == hovered_) return;
    hovered_ = z;
    update();
}

void DepthStripView::leaveEvent(QEvent*) {
    hovered_ = -1;
    update();
}

void DepthStripView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) choose(depthAt(event->position().toPoint()));
}

void DepthStripView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Up:
        choose(current_ - 1);
        break;
    case Qt::Key_Right:
    case Qt::Key_Down:
        choose(current_ + 1);
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace burrow::ui
