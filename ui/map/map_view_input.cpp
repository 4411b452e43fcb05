// The map view's input: the wheel zooms, the middle button (or the pan tool, or the
// left button with Space held) drags,
// the paint tools' clicks and drags become their signals, a right click picks a
// tile (a right drag takes the cells as a stamp, as Tiled's capture does), hovering
// shows what lies there; while a cover (a game) is shown, its keys
// are its own and the mouse only looks around.
#include "map/map_view.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

#include "editing/shapes.h"

namespace burrow::ui {

namespace {

// A letter or digit typed without Ctrl or Alt: the editor's tool and stamp keys.
bool isToolKey(const QKeyEvent& key) {
    const bool letterOrDigit = (key.key() >= Qt::Key_A && key.key() <= Qt::Key_Z) || (key.key() >= Qt::Key_0 && key.key() <= Qt::Key_9);
    return letterOrDigit && !(key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
}

} // namespace

bool MapView::event(QEvent* event) {
    // While a game is shown its keys are its own, and the editor's tool keys do
    // nothing: switching the tool behind the game would surprise on the way back.
    if (event->type() == QEvent::ShortcutOverride && cover_) {
        const auto& key = *static_cast<QKeyEvent*>(event);
        if (cover_->wantsKey(key) || isToolKey(key)) {
            event->accept();
            return true;
        }
    }
    if (event->type() != QEvent::ToolTip || !level_ || cover_) return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    const auto cell = cellAt(help->pos());
    QString text;
    if (cell)
        for (const Entity& e : level_->entities)
            if (e.at == *cell) {
                const auto it = looks_.find(e.templateName);
                text += (text.isEmpty() ? "" : "\n") + (it != looks_.end() ? it->second.description : QString::fromStdString(e.templateName));
                for (const Property& p : e.properties) text += QString("\n  %1: %2").arg(QString::fromStdString(p.name), QString::fromStdString(propertyText(p.value)));
            }
    if (cell && !heat_.empty()) {
        const auto value = heat_.valueAt(*cell);
        const QString name = QString::fromUtf8(heatmapName(heat_.kind()).data(), static_cast<qsizetype>(heatmapName(heat_.kind()).size()));
        text += (text.isEmpty() ? "" : "\n") + (value ? tr("%1: %2").arg(name).arg(*value) : tr("%1: cannot be walked to").arg(name));
    }
    if (text.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(help->globalPos(), text, this);
    return true;
}

void MapView::keyPressEvent(QKeyEvent* event) {
    if (cover_ && cover_->wantsKey(*event)) {
        cover_->keyPressed(*event);
        return;
    }
    if (event->key() == Qt::Key_Space && !cover_) {
        if (!event->isAutoRepeat() && !spaceHeld_) {
            spaceHeld_ = true;
            if (!panFrom_) setCursor(Qt::OpenHandCursor);
        }
        return;
    }
    QWidget::keyPressEvent(event);
}

void MapView::keyReleaseEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat() && spaceHeld_) {
        spaceHeld_ = false;
        if (!panFrom_) setTool(tool_); // its cursor again
        return;
    }
    QWidget::keyReleaseEvent(event);
}

// Space let go elsewhere never reaches the map: it must not stay held.
void MapView::focusOutEvent(QFocusEvent* event) {
    if (spaceHeld_) {
        spaceHeld_ = false;
        if (!panFrom_) setTool(tool_);
    }
    QWidget::focusOutEvent(event);
}

void MapView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) return;
    setCellPixels(scale_ * std::pow(1.25, steps), event->position());
    event->accept();
}

void MapView::mousePressEvent(QMouseEvent* event) {
    if (cover_) { // a game is shown: the mouse looks around, it does not edit
        if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
            panFrom_ = event->position().toPoint();
            setCursor(Qt::ClosedHandCursor);
        }
        return;
    }
    if (event->button() == Qt::RightButton) { // a pick, or a capture once it moves (mouseReleaseEvent)
        if (const auto cell = cellAt(event->position())) captureFrom_ = captureTo_ = Point{cell->x, cell->y};
        return;
    }
    if (event->button() == Qt::LeftButton)
        if (const auto cell = cellAt(event->position())) emit cellClicked(*cell);
    const bool pan = event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && (tool_ == PaintTool::Pan || spaceHeld_));
    if (pan) {
        panFrom_ = event->position().toPoint();
        setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (event->button() != Qt::LeftButton) return;
    const auto cell = cellAt(event->position());
    if (!cell) return;
    const Point p{cell->x, cell->y};
    switch (tool_) {
    case PaintTool::Pencil:
    case PaintTool::Eraser:
        emit strokeStarted();
        dragCell_ = p;
        emit strokeCells({p});
        break;
    case PaintTool::Stamp:
        emit strokeStarted();
        dragCell_ = p;
        emit stampRequested(p);
        break;
    case PaintTool::Rectangle:
    case PaintTool::MakePrefab:
    case PaintTool::Line:
    case PaintTool::Select:
        rectFrom_ = p;
        dragCell_ = p;
        update();
        break;
    case PaintTool::Fill: emit fillRequested(p); break;
    case PaintTool::Pan: break;
    }
}

void MapView::mouseMoveEvent(QMouseEvent* event) {
    const auto cell = cellAt(event->position());
    if (panFrom_) {
        const QPoint now = event->position().toPoint();
        offset_ -= QPointF(now - *panFrom_) / scale_;
        panFrom_ = now;
        autoFit_ = false;
        clampOffset();
        emit viewportChanged();
        update();
    } else if (captureFrom_ && cell) {
        const Point p{cell->x, cell->y};
        if (!(p == *captureTo_)) {
            captureTo_ = p;
            update();
        }
    } else if (dragCell_ && cell) {
        const Point p{cell->x, cell->y};
        if (!(p == *dragCell_)) {
            if (rectFrom_) update();
            else if (tool_ == PaintTool::Stamp) emit stampRequested(p);
            else emit strokeCells(lineCells(*dragCell_, p)); // no gaps however fast the mouse moves
            dragCell_ = p;
        }
    }
    const bool moved = cell ? !hover_ || !(Point{cell->x, cell->y} == *hover_) : hover_.has_value();
    hover_ = cell ? std::optional<Point>(Point{cell->x, cell->y}) : std::nullopt;
    if (moved && tool_ == PaintTool::Stamp) update(); // the stamp follows the cursor
    emit cellHovered(cell);
}

void MapView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::RightButton && captureFrom_) {
        const Point a = *captureFrom_, b = *captureTo_;
        captureFrom_.reset();
        captureTo_.reset();
        update();
        if (a == b) emit tilePicked({a.x, a.y, depth_});
        else emit stampCaptured(a, b);
        return;
    }
    if (rectFrom_ && dragCell_) {
        if (tool_ == PaintTool::MakePrefab) emit prefabRectangleChosen(*rectFrom_, *dragCell_);
        else if (tool_ == PaintTool::Select) emit selectionChosen(*rectFrom_, *dragCell_);
        else if (tool_ == PaintTool::Line) emit lineChosen(*rectFrom_, *dragCell_);
        else emit rectangleChosen(*rectFrom_, *dragCell_);
    }
    rectFrom_.reset();
    dragCell_.reset();
    if (panFrom_) {
        panFrom_.reset();
        if (spaceHeld_) setCursor(Qt::OpenHandCursor);
        else setTool(tool_);
    }
    update();
}

void MapView::leaveEvent(QEvent*) {
    hover_.reset();
    if (tool_ == PaintTool::Stamp) update();
    emit cellHovered(std::nullopt);
}

} // namespace burrow::ui
