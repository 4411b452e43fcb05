#include "map/map_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace burrow::ui {

namespace {
constexpr double kMinCellPixels = 0.05;
constexpr double kMaxCellPixels = 96.0;
const QColor kOutside(24, 24, 28);
} // namespace

MapView::MapView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void MapView::setLevel(const Level* level) {
    level_ = level;
    depth_ = level_ ? std::clamp(depth_, 0, level_->depthCount() - 1) : 0;
    rebuildBlocks();
    fitPending_ = true;
    fitToWindow();
}

void MapView::levelChanged() {
    if (level_) depth_ = std::clamp(depth_, 0, level_->depthCount() - 1);
    rebuildBlocks();
    update();
}

void MapView::cellsChanged(std::span<const CellChange> changes) {
    if (!level_ || blocks_.isNull()) return;
    for (const CellChange& c : changes)
        if (c.z == depth_) blocks_.setPixel(c.x, c.y, tileInfo(c.after).background);
    update();
}

void MapView::setDepth(int depth) {
    if (!level_) return;
    depth = std::clamp(depth, 0, level_->depthCount() - 1);
    if (depth == depth_) return;
    depth_ = depth;
    rebuildBlocks();
    update();
}

void MapView::rebuildBlocks() {
    if (!level_) {
        blocks_ = QImage();
        return;
    }
    const TileGrid& tiles = level_->tiles(depth_);
    if (blocks_.width() != tiles.width() || blocks_.height() != tiles.height())
        blocks_ = QImage(tiles.width(), tiles.height(), QImage::Format_RGB32);
    std::array<QRgb, kTileKindCount> colours{};
    for (Tile t : allTiles()) colours[static_cast<std::size_t>(t)] = 0xff000000u | tileInfo(t).background;
    for (int y = 0; y < tiles.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(blocks_.scanLine(y));
        const Tile* row = tiles.row(y);
        for (int x = 0; x < tiles.width(); ++x) line[x] = colours[static_cast<std::size_t>(row[x])];
    }
}

void MapView::setCellPixels(double pixels, QPointF anchor) {
    pixels = std::clamp(pixels, kMinCellPixels, kMaxCellPixels);
    // Keep the cell under `anchor` where it is.
    const QPointF cellUnderAnchor = offset_ + anchor / scale_;
    scale_ = pixels;
    offset_ = cellUnderAnchor - anchor / scale_;
    clampOffset();
    emit zoomChanged(scale_);
    update();
}

void MapView::zoomBy(double factor) { setCellPixels(scale_ * factor, QPointF(width() / 2.0, height() / 2.0)); }

void MapView::fitToWindow() {
    if (!level_ || width() <= 0 || height() <= 0) return;
    const double fit = std::min(width() / double(level_->width()), height() / double(level_->height()));
    scale_ = std::clamp(fit, kMinCellPixels, kMaxCellPixels);
    offset_ = QPointF((level_->width() - width() / scale_) / 2.0, (level_->height() - height() / scale_) / 2.0);
    fitPending_ = false;
    emit zoomChanged(scale_);
    update();
}

void MapView::clampOffset() {
    if (!level_) return;
    // Allow panning until half the view is past the level's edge, no further.
    const double viewW = width() / scale_, viewH = height() / scale_;
    offset_.setX(std::clamp(offset_.x(), -viewW / 2.0, std::max(-viewW / 2.0, level_->width() - viewW / 2.0)));
    offset_.setY(std::clamp(offset_.y(), -viewH / 2.0, std::max(-viewH / 2.0, level_->height() - viewH / 2.0)));
}

std::optional<Cell> MapView::cellAt(QPointF pos) const {
    if (!level_) return std::nullopt;
    const QPointF cell = offset_ + pos / scale_;
    const int x = static_cast<int>(std::floor(cell.x())), y = static_cast<int>(std::floor(cell.y()));
    if (!level_->contains(x, y, depth_)) return std::nullopt;
    return Cell{x, y, depth_};
}

void MapView::paintEvent(QPaintEvent* event) {
    QPainter painter(this);
    render(painter, event->rect());
}

void MapView::render(QPainter& painter, const QRect& area) {
    painter.fillRect(area, kOutside);
    if (!level_) return;
    // The visible cell range, clipped to the level.
    const QPointF topLeft = offset_ + QPointF(area.topLeft()) / scale_;
    const QPointF bottomRight = offset_ + QPointF(area.bottomRight() + QPoint(1, 1)) / scale_;
    const int x0 = std::max(0, static_cast<int>(std::floor(topLeft.x())));
    const int y0 = std::max(0, static_cast<int>(std::floor(topLeft.y())));
    const int x1 = std::min(level_->width(), static_cast<int>(std::ceil(bottomRight.x())));
    const int y1 = std::min(level_->height(), static_cast<int>(std::ceil(bottomRight.y())));
    if (x0 >= x1 || y0 >= y1) return;
    if (scale_ >= kGlyphThreshold) renderGlyphs(painter, x0, y0, x1, y1);
    else renderBlocks(painter, QRectF(x0, y0, x1 - x0, y1 - y0));
}

void MapView::renderBlocks(QPainter& painter, const QRectF& cells) {
    // One scaled blit of the cached one-pixel-a-cell image; no smoothing, so cells stay crisp.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    const QRectF target((cells.x() - offset_.x()) * scale_, (cells.y() - offset_.y()) * scale_, cells.width() * scale_,
                        cells.height() * scale_);
    painter.drawImage(target, blocks_, cells);
}

void MapView::renderGlyphs(QPainter& painter, int x0, int y0, int x1, int y1) {
    const int cell = static_cast<int>(std::lround(scale_));
    atlas_.ensureCellSize(cell);
    const TileGrid& tiles = level_->tiles(depth_);
    for (int y = y0; y < y1; ++y) {
        const Tile* row = tiles.row(y);
        const int py = static_cast<int>(std::lround((y - offset_.y()) * scale_));
        for (int x = x0; x < x1; ++x) {
            const int px = static_cast<int>(std::lround((x - offset_.x()) * scale_));
            painter.drawImage(px, py, atlas_.glyphCell(row[x]));
        }
    }
}

void MapView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) return;
    setCellPixels(scale_ * std::pow(1.25, steps), event->position());
    event->accept();
}

void MapView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
        dragFrom_ = event->position().toPoint();
        setCursor(Qt::ClosedHandCursor);
    }
}

void MapView::mouseMoveEvent(QMouseEvent* event) {
    if (dragFrom_) {
        const QPoint now = event->position().toPoint();
        offset_ -= QPointF(now - *dragFrom_) / scale_;
        dragFrom_ = now;
        clampOffset();
        update();
    }
    emit cellHovered(cellAt(event->position()));
}

void MapView::mouseReleaseEvent(QMouseEvent*) {
    dragFrom_.reset();
    unsetCursor();
}

void MapView::leaveEvent(QEvent*) { emit cellHovered(std::nullopt); }

void MapView::resizeEvent(QResizeEvent*) {
    if (fitPending_) fitToWindow();
    else clampOffset();
}

} // namespace burrow::ui
