#include "map/map_view.h"

#include <QPainter>
#include <QPaintEvent>
#include <algorithm>
#include <cmath>

#include "editing/shapes.h"
#include "editing/stamp.h"

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

MapView::~MapView() = default;

void MapView::setLevel(const Level* level) {
    level_ = level;
    depth_ = level_ ? std::clamp(depth_, 0, level_->depthCount() - 1) : 0;
    rebuildImages();
    recomputeHeat();
    fitToWindow();
    emit viewChanged();
}

void MapView::levelChanged() {
    if (level_) depth_ = std::clamp(depth_, 0, level_->depthCount() - 1);
    rebuildImages();
    recomputeHeat();
    update();
    emit viewChanged();
}

void MapView::cellsChanged(std::span<const CellChange> changes) {
    if (!level_ || blocks_.isNull()) return;
    bool here = false;
    for (const CellChange& c : changes)
        if (c.z == depth_) {
            blocks_.setPixel(c.x, c.y, 0xff000000u | level_->kinds[c.after].background);
            here = true;
        }
    // The shared-floor overlay depends on whole areas: rebuilt. The regions come when
    // the facts have labelled them again.
    if (here && overlays_.otherDepth >= 0) rebuildImages();
    else if (here && facts_ && overlays_.regions) facts_->regions(depth_);
    if (overlays_.heatmap != Heatmap::None) recomputeHeat(); // worked out again after a pause
    update();
    emit viewChanged();
}

void MapView::setDepth(int depth) {
    if (!level_) return;
    depth = std::clamp(depth, 0, level_->depthCount() - 1);
    if (depth == depth_) return;
    depth_ = depth;
    if (overlays_.otherDepth >= 0) overlays_.otherDepth = depth_ + 1 < level_->depthCount() ? depth_ + 1 : depth_ - 1;
    rebuildImages();
    update();
    emit viewChanged();
}

void MapView::setOverlays(const OverlayOptions& options) {
    const bool heatChanged = options.heatmap != overlays_.heatmap || options.movement != overlays_.movement;
    overlays_ = options;
    rebuildImages();
    if (heatChanged) recomputeHeat();
    update();
    emit viewChanged();
}

void MapView::setAnnotations(std::vector<AgedAnnotation> marks, int maxAge) {
    marks_ = std::move(marks);
    maxAge_ = maxAge;
    update();
    emit viewChanged();
}

void MapView::setEntityLooks(EntityLooks looks) {
    looks_ = std::move(looks);
    update();
}

void MapView::setSelection(const Rect& area) {
    selection_ = area;
    update();
}

void MapView::setStamp(const TileGrid* stamp) {
    stamp_ = stamp;
    update();
}

void MapView::setTool(PaintTool tool) {
    tool_ = tool;
    setCursor(tool == PaintTool::Pan ? Qt::OpenHandCursor : Qt::CrossCursor);
}

void MapView::setFacts(LevelFacts* facts) {
    if (facts_) disconnect(facts_, nullptr, this, nullptr);
    facts_ = facts;
    if (facts_) {
        connect(facts_, &LevelFacts::regionsChanged, this, [this](int z) {
            if (z != -1 && z != depth_) return;
            rebuildRegionImage();
            update();
            emit viewChanged();
        });
        connect(facts_, &LevelFacts::heatmapChanged, this, [this] {
            recomputeHeat();
            update();
            emit viewChanged();
        });
    }
    rebuildRegionImage();
    recomputeHeat();
    update();
}

// The regions as last labelled for the depth shown (the facts label them again
// after a change, and say when): asking for them is what keeps them coming.
void MapView::rebuildRegionImage() {
    shownRegions_ = facts_ && level_ && overlays_.regions ? facts_->regions(depth_) : nullptr;
    regions_ = QImage();
    if (overlays_.regions && shownRegions_) regions_ = regionImage(*shownRegions_, level_->width(), level_->height());
}

void MapView::rebuildImages() {
    otherDepth_ = QImage();
    rebuildRegionImage();
    if (!level_) {
        blocks_ = QImage();
        return;
    }
    const TileGrid& tiles = level_->tiles(depth_);
    if (blocks_.width() != tiles.width() || blocks_.height() != tiles.height())
        blocks_ = QImage(tiles.width(), tiles.height(), QImage::Format_RGB32);
    std::array<QRgb, 256> colours{};
    for (std::size_t t = 0; t < colours.size(); ++t) colours[t] = 0xff000000u | level_->kinds[static_cast<Tile>(t)].background;
    for (int y = 0; y < tiles.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(blocks_.scanLine(y));
        const Tile* row = tiles.row(y);
        for (int x = 0; x < tiles.width(); ++x) line[x] = colours[static_cast<std::size_t>(row[x])];
    }
    const int other = overlays_.otherDepth;
    if (other >= 0 && other < level_->depthCount() && other != depth_) otherDepth_ = otherDepthImage(tiles, level_->tiles(other), level_->kinds);
}

// The heatmap shown is the facts' (asking is what keeps it current; with none shown,
// telling them stops the bot's games under way).
void MapView::recomputeHeat() {
    const Heatmap kind = level_ && facts_ ? overlays_.heatmap : Heatmap::None;
    if (facts_) heat_.show(facts_->heatmap(kind));
    else heat_.clear();
}

bool MapView::heatWorking() const { return facts_ && overlays_.heatmap != Heatmap::None && facts_->heatWorking(); }

bool MapView::heatTooLarge() const { return facts_ && overlays_.heatmap != Heatmap::None && facts_->heatTooLarge(); }

void MapView::waitForHeatWorkers() {
    if (facts_) facts_->settle();
}

void MapView::setCellPixels(double pixels, QPointF anchor) {
    autoFit_ = false;
    pixels = std::clamp(pixels, kMinCellPixels, kMaxCellPixels);
    const QPointF cellUnderAnchor = offset_ + anchor / scale_; // keep it where it is
    scale_ = pixels;
    offset_ = cellUnderAnchor - anchor / scale_;
    clampOffset();
    emit zoomChanged(scale_);
    emit viewportChanged();
    update();
}

void MapView::centreOn(QPointF cell) {
    autoFit_ = false;
    offset_ = cell - QPointF(width() / 2.0, height() / 2.0) / scale_;
    clampOffset();
    emit viewportChanged();
    update();
}

void MapView::zoomBy(double factor) { setCellPixels(scale_ * factor, QPointF(width() / 2.0, height() / 2.0)); }

void MapView::fitToWindow() {
    if (!level_ || width() <= 0 || height() <= 0) return;
    const double fit = std::min(width() / double(level_->width()), height() / double(level_->height()));
    scale_ = std::clamp(fit, kMinCellPixels, kMaxCellPixels);
    offset_ = QPointF((level_->width() - width() / scale_) / 2.0, (level_->height() - height() / scale_) / 2.0);
    autoFit_ = true;
    emit zoomChanged(scale_);
    emit viewportChanged();
    update();
}

void MapView::clampOffset() {
    if (!level_) return;
    // Panning stops once half the view is past the level's edge.
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

void MapView::setHighlightedNode(const std::string& node) {
    if (node == highlightedNode_) return;
    highlightedNode_ = node;
    if (level_)
        for (const Area& a : level_->areas)
            if (a.node == node && !node.empty()) {
                if (a.depth != depth_) setDepth(a.depth);
                const QRectF room(a.bounds.x, a.bounds.y, a.bounds.width, a.bounds.height);
                if (!visibleCells().contains(room)) centreOn(room.center());
                break;
            }
    update();
}

void MapView::setCover(MapCover* cover) {
    if (cover == cover_) return;
    cover_ = cover;
    if (cover_) {
        // Close enough to play: glyphs a player can read, around the player.
        if (scale_ < 16.0) setCellPixels(18.0, QPointF(width() / 2.0, height() / 2.0));
        const Point at = cover_->focus();
        centreOn(QPointF(at.x + 0.5, at.y + 0.5));
    }
    coverChanged();
    emit viewChanged();
}

void MapView::coverChanged() {
    if (cover_) {
        if (cover_->depth() != depth_) setDepth(cover_->depth());
        // Follow the focus once it nears an edge: the middle half stays put, so a step
        // does not move the whole map.
        const Point at = cover_->focus();
        const QRectF view = visibleCells();
        const QRectF calm = view.adjusted(view.width() / 4, view.height() / 4, -view.width() / 4, -view.height() / 4);
        if (!calm.contains(QPointF(at.x + 0.5, at.y + 0.5))) centreOn(QPointF(at.x + 0.5, at.y + 0.5));
    }
    update();
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
    if (cover_) {
        cover_->paint(painter, transform(), x0, y0, x1, y1);
        return;
    }
    const QRectF cells(x0, y0, x1 - x0, y1 - y0);
    if (overlays_.glyphs && scale_ >= kGlyphThreshold) renderGlyphs(painter, x0, y0, x1, y1);
    else renderBlocks(painter, blocks_, cells);
    if (!regions_.isNull()) {
        painter.setOpacity(0.75);
        renderBlocks(painter, regions_, cells);
        painter.setOpacity(1.0);
    }
    if (!otherDepth_.isNull()) renderBlocks(painter, otherDepth_, cells);
    if (!heat_.empty())
        if (const QImage& heat = heat_.image(depth_); !heat.isNull()) renderBlocks(painter, heat, cells);
    const CellTransform t = transform();
    if (overlays_.grid) drawGrid(painter, t, x0, y0, x1, y1);
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (overlays_.areas) drawAreas(painter, t, *level_, depth_);
    if (overlays_.markers) {
        MarkThinner thinner(size(), scale_);
        drawMarkers(painter, t, *level_, depth_, thinner);
        drawEntities(painter, t, *level_, depth_, thinner);
        if (thinner.hidden() != hiddenMarks_) {
            hiddenMarks_ = thinner.hidden();
            emit hiddenMarksChanged(hiddenMarks_);
            emit viewChanged();
        }
    }
    if (!highlightedNode_.empty()) drawHighlightedRoom(painter, t, *level_, depth_, highlightedNode_);
    drawAnnotations(painter, t, marks_, depth_, maxAge_);
    drawEditing(painter, t);
    painter.setRenderHint(QPainter::Antialiasing, false);
}

// What the paint tools show while the designer works: the rectangle or line being
// dragged, a capture being dragged, the selection, the stamp under the cursor.
void MapView::drawEditing(QPainter& painter, const CellTransform& t) {
    if (rectFrom_ && dragCell_) {
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1, Qt::DashLine));
        painter.setBrush(QColor(255, 255, 255, 40));
        const Point a = *rectFrom_, b = *dragCell_;
        if (tool_ == PaintTool::Line)
            for (const Point& c : lineCells(a, b)) painter.drawRect(t.cellRect(c.x, c.y, 1, 1));
        else
            painter.drawRect(t.cellRect(std::min(a.x, b.x), std::min(a.y, b.y), std::abs(a.x - b.x) + 1, std::abs(a.y - b.y) + 1));
    }
    if (captureFrom_ && !(*captureFrom_ == *captureTo_)) { // a capture being dragged, in the stamp's colour
        painter.setPen(QPen(QColor(255, 240, 120), 1, Qt::DashLine));
        painter.setBrush(QColor(255, 240, 120, 40));
        const Point a = *captureFrom_, b = *captureTo_;
        painter.drawRect(t.cellRect(std::min(a.x, b.x), std::min(a.y, b.y), std::abs(a.x - b.x) + 1, std::abs(a.y - b.y) + 1));
    }
    if (selection_.width > 0 && !(rectFrom_ && tool_ == PaintTool::Select)) {
        // Marching ants, readable on light and dark tiles alike.
        const QRectF area = t.cellRect(selection_.x, selection_.y, selection_.width, selection_.height);
        painter.setBrush(QColor(120, 180, 255, 40));
        painter.setPen(QPen(Qt::black, 1));
        painter.drawRect(area);
        painter.setPen(QPen(Qt::white, 1, Qt::DashLine));
        painter.drawRect(area);
    }
    if (tool_ == PaintTool::Stamp && stamp_ && !stamp_->empty() && hover_) {
        const Point corner = stampCorner(*stamp_, {hover_->x, hover_->y});
        painter.setOpacity(0.7);
        for (int y = 0; y < stamp_->height(); ++y)
            for (int x = 0; x < stamp_->width(); ++x) {
                const int cx = corner.x + x, cy = corner.y + y;
                if (level_->contains(cx, cy, 0))
                    painter.fillRect(t.cellRect(cx, cy), QColor::fromRgb(level_->kinds[(*stamp_)(x, y)].background));
            }
        painter.setOpacity(1.0);
        painter.setPen(QPen(QColor(255, 240, 120), 1, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(t.cellRect(corner.x, corner.y, stamp_->width(), stamp_->height()));
    }
}

void MapView::renderBlocks(QPainter& painter, const QImage& image, const QRectF& cells) {
    // One scaled blit of a one-pixel-a-cell image; no smoothing, so cells stay crisp.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(transform().cellRect(cells.x(), cells.y(), cells.width(), cells.height()), image, cells);
}

void MapView::renderGlyphs(QPainter& painter, int x0, int y0, int x1, int y1) {
    // Cells land on whole pixels a step of scale_ apart, rounded: 12 or 13 pixels at
    // 12.5. Pre-drawn cells as large as the longest step overlap the next by a pixel
    // at most; smaller ones left a dark seam every few cells.
    const int cell = static_cast<int>(std::ceil(scale_));
    atlas_.ensure(level_->kinds, cell);
    const TileGrid& tiles = level_->tiles(depth_);
    for (int y = y0; y < y1; ++y) {
        const Tile* row = tiles.row(y);
        const int py = glyphPixel(y, offset_.y(), scale_);
        for (int x = x0; x < x1; ++x) {
            const int px = glyphPixel(x, offset_.x(), scale_);
            painter.drawImage(px, py, atlas_.glyphCell(row[x]));
        }
    }
}

void MapView::resizeEvent(QResizeEvent*) {
    if (autoFit_) {
        fitToWindow();
    } else {
        clampOffset();
    }
    emit viewportChanged();
}

} // namespace burrow::ui
