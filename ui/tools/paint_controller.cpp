#include "tools/paint_controller.h"

#include <QUndoStack>
#include <algorithm>
#include <optional>

#include "commands/paint_command.h"
#include "document/project_document.h"
#include "editing/shapes.h"
#include "map/map_view.h"

namespace burrow::ui {

PaintController::PaintController(ProjectDocument* document, MapView* view, QObject* parent)
    : QObject(parent), document_(document), view_(view) {
    connect(view_, &MapView::strokeStarted, this, [this] { ++stroke_; });
    connect(view_, &MapView::strokeCells, this, [this](const std::vector<Point>& cells) {
        paint(widened(cells), view_->tool() == PaintTool::Eraser ? tr("Erase") : tr("Pencil"), stroke_);
    });
    connect(view_, &MapView::lineChosen, this, [this](Point a, Point b) { paint(widened(lineCells(a, b)), tr("Line"), 0); });
    connect(view_, &MapView::rectangleChosen, this, [this](Point a, Point b) {
        const Level& level = document_->level();
        paint(rectCells(a, b, level.width(), level.height()), tr("Rectangle"), 0);
    });
    connect(view_, &MapView::fillRequested, this, [this](Point at) {
        paint(sameTileArea(document_->level().tiles(view_->depth()), at, kFillLimit), tr("Fill"), 0);
    });
    connect(view_, &MapView::selectionChosen, this, [this](Point a, Point b) {
        const Level& level = document_->level();
        select(clippedArea(a, b, level.width(), level.height()));
    });
    connect(view_, &MapView::stampRequested, this, &PaintController::lay);
    // A selection belongs to the level it was made on.
    connect(document_, &ProjectDocument::levelReset, this, [this] { select(selection_); });
}

void PaintController::select(const Rect& area) {
    const Level& level = document_->level();
    selection_ = area.width > 0 && area.height > 0 ? clippedArea({area.x, area.y}, {area.right() - 1, area.bottom() - 1}, level.width(), level.height()) : Rect{};
    view_->setSelection(selection_);
}

void PaintController::selectAll() {
    const Level& level = document_->level();
    select({0, 0, level.width(), level.height()});
}

bool PaintController::copy() {
    if (selection_.width <= 0) return false;
    takeStamp(selection_);
    return true;
}

bool PaintController::capture(Point a, Point b) {
    const Level& level = document_->level();
    const Rect area = clippedArea(a, b, level.width(), level.height());
    if (area.width <= 0 || area.height <= 0) return false;
    takeStamp(area);
    return true;
}

void PaintController::takeStamp(const Rect& area) {
    stamp_ = copyStamp(document_->level(), view_->depth(), area);
    view_->setStamp(&stamp_.tiles);
    emit stampChanged();
}

bool PaintController::cut() { return copy() && erase(tr("Cut")); }

bool PaintController::eraseSelection() { return erase(tr("Delete")); }

bool PaintController::erase(const QString& what) {
    if (selection_.width <= 0) return false;
    std::vector<ProjectDocument::EditChange> changes;
    for (const Point& p : rectCells({selection_.x, selection_.y}, {selection_.right() - 1, selection_.bottom() - 1}, selection_.right(), selection_.bottom()))
        changes.push_back({{p.x, p.y, view_->depth()}, std::nullopt});
    push(std::move(changes), what, 0);
    return true;
}

void PaintController::turnStamp(bool clockwise) {
    if (stamp_.empty()) return;
    stamp_ = clockwise ? turnedClockwise(stamp_) : turnedAnticlockwise(stamp_);
    view_->setStamp(&stamp_.tiles);
    emit stampChanged();
}

void PaintController::mirrorStamp(bool leftRight) {
    if (stamp_.empty()) return;
    stamp_ = leftRight ? mirroredLeftRight(stamp_) : mirroredTopBottom(stamp_);
    view_->setStamp(&stamp_.tiles);
    emit stampChanged();
}

// The stamp's cells as hand edits, centred on the cursor's cell; one undo step for a
// click or a whole drag.
void PaintController::lay(Point cursor) {
    const Level& level = document_->level();
    std::vector<ProjectDocument::EditChange> changes;
    for (const auto& [p, tile] : stampCells(stamp_, stampCorner(stamp_.tiles, cursor), level.width(), level.height())) changes.push_back({{p.x, p.y, view_->depth()}, tile});
    push(std::move(changes), tr("Stamp"), stroke_);
}

void PaintController::setBrushSize(int size) { brush_ = std::clamp(size, 1, kLargestBrush); }

std::vector<Point> PaintController::widened(const std::vector<Point>& cells) const {
    const Level& level = document_->level();
    return brushCells(cells, brush_, level.width(), level.height());
}

void PaintController::paint(const std::vector<Point>& cells, const QString& what, int stroke) {
    if (cells.empty()) return;
    // The eraser removes the hand edit: the cell shows what generation made there.
    std::optional<Tile> tile;
    if (view_->tool() != PaintTool::Eraser) tile = tile_;
    std::vector<ProjectDocument::EditChange> changes;
    changes.reserve(cells.size());
    for (const Point& p : cells) changes.push_back({{p.x, p.y, view_->depth()}, tile});
    push(std::move(changes), what, stroke);
}

void PaintController::push(std::vector<ProjectDocument::EditChange> changes, const QString& what, int stroke) {
    if (changes.empty()) return;
    document_->undoStack()->push(new PaintCommand(document_, std::move(changes), what, stroke));
}

} // namespace burrow::ui
