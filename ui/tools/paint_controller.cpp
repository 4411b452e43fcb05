#include "tools/paint_controller.h"

#include <QUndoStack>

#include "commands/paint_command.h"
#include "document/project_document.h"
#include "editing/shapes.h"
#include "map/map_view.h"

namespace burrow::ui {

PaintController::PaintController(ProjectDocument* document, MapView* view, QObject* parent)
    : QObject(parent), document_(document), view_(view) {
    connect(view_, &MapView::strokeStarted, this, [this] { ++stroke_; });
    connect(view_, &MapView::strokeCells, this, [this](const std::vector<Point>& cells) {
        paint(cells, view_->tool() == PaintTool::Eraser ? tr("Erase") : tr("Pencil"), stroke_);
    });
    connect(view_, &MapView::rectangleChosen, this, [this](Point a, Point b) {
        const Level& level = document_->level();
        paint(rectCells(a, b, level.width(), level.height()), tr("Rectangle"), 0);
    });
    connect(view_, &MapView::fillRequested, this, [this](Point at) {
        paint(sameTileArea(document_->level().tiles(view_->depth()), at, kFillLimit), tr("Fill"), 0);
    });
}

void PaintController::paint(const std::vector<Point>& cells, const QString& what, int stroke) {
    if (cells.empty()) return;
    // The eraser puts the wall back, whatever tile is chosen.
    const Tile tile = view_->tool() == PaintTool::Eraser ? Tile::Wall : tile_;
    std::vector<ProjectDocument::EditChange> changes;
    changes.reserve(cells.size());
    for (const Point& p : cells) changes.push_back({{p.x, p.y, view_->depth()}, tile});
    const QString text = tr("%1: %2 %3").arg(what).arg(cells.size()).arg(cells.size() == 1 ? tr("cell") : tr("cells"));
    document_->undoStack()->push(new PaintCommand(document_, std::move(changes), text, stroke));
}

} // namespace burrow::ui
