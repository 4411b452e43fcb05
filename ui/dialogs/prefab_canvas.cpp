#include "dialogs/prefab_canvas.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

#include "editing/shapes.h"

namespace burrow::ui {

PrefabCanvas::PrefabCanvas(QWidget* parent) : QWidget(parent) {
    setObjectName("prefabCanvas");
    setMouseTracking(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void PrefabCanvas::setPrefab(const Prefab* prefab, const TileKinds& kinds) {
    prefab_ = prefab ? std::optional<Prefab>(*prefab) : std::nullopt;
    kinds_ = kinds;
    update();
}

int PrefabCanvas::cellSize() const {
    if (!prefab_ || prefab_->width < 1 || prefab_->height < 1) return 0;
    // As large as fits, up to the map's glyph scale and twice it; never under 6 px.
    const int fit = std::min((width() - 8) / prefab_->width, (height() - 8) / prefab_->height);
    return std::clamp(fit, 6, 32);
}

QPoint PrefabCanvas::origin() const {
    const int size = cellSize();
    if (!size) return {};
    return {std::max(0, (width() - size * prefab_->width) / 2), std::max(0, (height() - size * prefab_->height) / 2)};
}

std::optional<Point> PrefabCanvas::cellAt(QPoint pos) const {
    const int size = cellSize();
    if (!size) return std::nullopt;
    const QPoint p = pos - origin();
    if (p.x() < 0 || p.y() < 0) return std::nullopt;
    const Point cell{p.x() / size, p.y() / size};
    if (cell.x >= prefab_->width || cell.y >= prefab_->height) return std::nullopt;
    return cell;
}

QPoint PrefabCanvas::cellCentre(Point cell) const {
    const int size = cellSize();
    return origin() + QPoint(cell.x * size + size / 2, cell.y * size + size / 2);
}

void PrefabCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const int size = cellSize();
    if (!size) return;
    atlas_.ensure(kinds_, size);
    const QPoint o = origin();
    const QBrush hatch(QColor(128, 128, 128, 110), Qt::BDiagPattern);
    for (int y = 0; y < prefab_->height; ++y)
        for (int x = 0; x < prefab_->width; ++x) {
            const QRect cell(o.x() + x * size, o.y() + y * size, size, size);
            const PrefabCell& c = prefab_->at(x, y);
            if (c.keep) {
                painter.fillRect(cell, QColor(40, 40, 48));
                painter.fillRect(cell, hatch);
            } else {
                painter.drawImage(cell.topLeft(), atlas_.glyphCell(c.tile));
            }
        }
    // The grid, faint, so single cells can be aimed at.
    painter.setPen(QColor(255, 255, 255, 28));
    for (int x = 0; x <= prefab_->width; ++x) painter.drawLine(o.x() + x * size, o.y(), o.x() + x * size, o.y() + prefab_->height * size);
    for (int y = 0; y <= prefab_->height; ++y) painter.drawLine(o.x(), o.y() + y * size, o.x() + prefab_->width * size, o.y() + y * size);
    // Openings: a green frame, and an arrowhead showing the way out.
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor green(70, 220, 110);
    for (const Point p : prefab_->openings()) {
        const QRect cell(o.x() + p.x * size, o.y() + p.y * size, size, size);
        painter.setPen(QPen(green, std::max(1, size / 8)));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cell.adjusted(1, 1, -1, -1));
        // An arrowhead at the side that leads out, pointing out.
        const Point out = outsideOf(*prefab_, p);
        const QPointF centre = QRectF(cell).center(), way(out.x - p.x, out.y - p.y), across(-way.y(), way.x());
        const double half = size / 2.0;
        const QPointF tip = centre + way * half, base = centre + way * (half * 0.25);
        const QPointF head[3] = {tip, base + across * (half * 0.6), base - across * (half * 0.6)};
        painter.setPen(Qt::NoPen);
        painter.setBrush(green);
        painter.drawPolygon(head, 3);
    }
    // Things: a round badge with the template's initial.
    QFont font = painter.font();
    font.setPixelSize(std::max(6, size * 3 / 5));
    font.setBold(true);
    painter.setFont(font);
    for (const PrefabThing& thing : prefab_->things) {
        const QRect cell(o.x() + thing.at.x * size, o.y() + thing.at.y * size, size, size);
        painter.setPen(Qt::NoPen);
        painter.setBrush(QColor(240, 200, 60));
        painter.drawEllipse(cell.adjusted(size / 8, size / 8, -size / 8, -size / 8));
        painter.setPen(Qt::black);
        const QString initial = thing.templateName.empty() ? QStringLiteral("?") : QString(QChar::fromLatin1(thing.templateName[0])).toUpper();
        painter.drawText(cell, Qt::AlignCenter, initial);
    }
}

bool PrefabCanvas::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const auto cell = cellAt(help->pos());
    if (!cell) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    const PrefabCell& c = prefab_->at(cell->x, cell->y);
    QStringList parts{QStringLiteral("(%1, %2)").arg(cell->x).arg(cell->y),
                      c.keep ? tr("the level's own cell") : QString::fromStdString(kinds_[c.tile].name)};
    if (c.opening) parts << tr("opening");
    for (const PrefabThing& thing : prefab_->things)
        if (thing.at == *cell) parts << QString::fromStdString(thing.templateName);
    QToolTip::showText(help->globalPos(), parts.join(QStringLiteral(" · ")), this);
    return true;
}

void PrefabCanvas::mousePressEvent(QMouseEvent* event) {
    const auto cell = cellAt(event->position().toPoint());
    if (!cell || !isEnabled()) return;
    dragging_ = event->button();
    lastCell_ = cell;
    emit cellPressed(cell->x, cell->y, event->button(), false);
}

void PrefabCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (dragging_ == Qt::NoButton) return;
    const auto cell = cellAt(event->position().toPoint());
    if (!cell || cell == lastCell_) return;
    // A quick drag skips cells between two mouse positions: the line joins them.
    const std::vector<Point> line = lastCell_ ? lineCells(*lastCell_, *cell) : std::vector<Point>{*cell};
    lastCell_ = cell;
    for (std::size_t i = line.size() > 1 ? 1 : 0; i < line.size(); ++i) emit cellPressed(line[i].x, line[i].y, dragging_, true);
}

void PrefabCanvas::mouseReleaseEvent(QMouseEvent*) {
    if (dragging_ == Qt::NoButton) return;
    dragging_ = Qt::NoButton;
    lastCell_.reset();
    emit strokeEnded();
}

} // namespace burrow::ui
