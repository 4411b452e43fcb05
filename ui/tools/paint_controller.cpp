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
    document_->undoStack()->push(new PaintCommand(document_, std::move(changes), what, stroke));
}

} // namespace burrow::ui
