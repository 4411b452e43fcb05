#include "tools/selection_actions.h"

#include <QAction>
#include <QKeySequence>
#include <QMenu>

#include "map/map_view.h"
#include "tools/paint_controller.h"
#include "tools/prefab_maker.h"

namespace burrow::ui {

SelectionActions::SelectionActions(PaintController* paint, PrefabMaker* prefabs, MapView* view, QAction* stampTool, QMenu* menu, QAction* before)
    : QObject(menu), paint_(paint), prefabs_(prefabs), view_(view), stampTool_(stampTool), menu_(menu), before_(before) {
    addClipboard();
    menu_->insertSeparator(before_);
    addStampTurns();
    menu_->insertSeparator(before_);
    // A right-button drag on the map takes the cells as the stamp, as Tiled's does, and
    // hands it to the Stamp tool: Copy and Paste in one gesture.
    connect(view_, &MapView::stampCaptured, this, [this](Point a, Point b) {
        if (!paint_->capture(a, b)) return;
        stampTool_->trigger();
        emit message(tr("Captured %1 x %2 cells: click or drag to lay them").arg(paint_->stamp().tiles.width()).arg(paint_->stamp().tiles.height()));
    });
}

QAction* SelectionActions::add(const QString& text, const QKeySequence& key, const char* name, const QString& tip) {
    auto* a = new QAction(text, menu_);
    menu_->insertAction(before_, a);
    a->setObjectName(name);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut); // the map's keys, not a text field's
    a->setToolTip(tip);
    a->setStatusTip(tip);
    view_->addAction(a);
    return a;
}

void SelectionActions::addClipboard() {
    const QString nothing = tr("Nothing selected: the Select tool (8) drags a rectangle on the map");
    connect(add(tr("Select &All"), QKeySequence::SelectAll, "selectAll", tr("Select the whole depth shown")), &QAction::triggered, paint_,
            &PaintController::selectAll);
    connect(add(tr("Select &None"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A), "selectNone", tr("Forget the selection")), &QAction::triggered,
            paint_, [this] { paint_->select({}); });
    connect(add(tr("&Copy"), QKeySequence::Copy, "copyCells", tr("Copy the selected cells as a stamp for Paste")), &QAction::triggered, this,
            [this, nothing] {
                if (!paint_->copy()) emit message(nothing);
                else emit message(tr("Copied %1 x %2 cells: Paste (Ctrl+V) lays them").arg(paint_->selection().width).arg(paint_->selection().height));
            });
    connect(add(tr("Cu&t"), QKeySequence::Cut, "cutCells", tr("Copy the selected cells, then give them back to generation (as the eraser)")),
            &QAction::triggered, this, [this, nothing] {
                if (!paint_->cut()) emit message(nothing);
            });
    connect(add(tr("&Paste"), QKeySequence::Paste, "pasteCells", tr("Lay what was copied with the Stamp tool: click, or drag, on the map")),
            &QAction::triggered, this, [this] {
                if (paint_->stamp().empty()) emit message(tr("Nothing copied yet: select cells and Copy (Ctrl+C)"));
                else stampTool_->trigger();
            });
    connect(add(tr("&Delete"), QKeySequence::Delete, "deleteCells", tr("Give the selected cells back to generation, as the eraser does")),
            &QAction::triggered, this, [this, nothing] {
                if (!paint_->eraseSelection()) emit message(nothing);
            });
    connect(add(tr("Selection to P&refab…"), QKeySequence(), "selectionToPrefab", tr("Keep the selected cells as one of the project's prefabs")),
            &QAction::triggered, this, [this, nothing] {
                if (paint_->selection().width <= 0) emit message(nothing);
                else prefabs_->askFor(paint_->selection());
            });
}

// Tiled's keys for its stamp brush.
void SelectionActions::addStampTurns() {
    connect(add(tr("Turn Stamp &Right"), QKeySequence(Qt::Key_Z), "turnStampRight", tr("A quarter turn clockwise")), &QAction::triggered, paint_,
            [this] { paint_->turnStamp(true); });
    connect(add(tr("Turn Stamp &Left"), QKeySequence(Qt::SHIFT | Qt::Key_Z), "turnStampLeft", tr("A quarter turn anticlockwise")),
            &QAction::triggered, paint_, [this] { paint_->turnStamp(false); });
    connect(add(tr("&Mirror Stamp Left to Right"), QKeySequence(Qt::Key_X), "mirrorStampX", tr("Mirror the stamp left to right")),
            &QAction::triggered, paint_, [this] { paint_->mirrorStamp(true); });
    connect(add(tr("Mirror Stamp &Top to Bottom"), QKeySequence(Qt::Key_Y), "mirrorStampY", tr("Mirror the stamp top to bottom")),
            &QAction::triggered, paint_, [this] { paint_->mirrorStamp(false); });
}

} // namespace burrow::ui
