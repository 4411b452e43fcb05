#include "map/mark_shapes.h"

#include <QPolygonF>
#include <algorithm>

#include "model/looks.h"

namespace burrow::ui {

namespace {

// Thin where marks are small, so the outline never swallows the fill.
QPen outlinePen(double size) { return QPen(QColor(10, 10, 14), size >= 10 ? 1.5 : 1.0); }

} // namespace

void drawStairsMark(QPainter& painter, QPointF centre, double size, bool down) {
    const double h = std::max(size, 4.0) * 0.5, w = h * 1.1;
    const double tip = down ? h : -h;
    const QPolygonF triangle({centre + QPointF(-w, -tip * 0.8), centre + QPointF(w, -tip * 0.8), centre + QPointF(0, tip)});
    painter.setPen(outlinePen(size));
    painter.setBrush(down ? kStairsDownColour : kStairsUpColour);
    painter.drawPolygon(triangle);
}

void drawMarkerMark(QPainter& painter, QPointF centre, double size, std::string_view name) {
    const double r = std::max(size, 4.0) * 0.5;
    painter.setPen(outlinePen(size));
    painter.setBrush(QColor::fromRgb(markerColour(name)));
    if (name == "start" || name == "exit") {
        const QPolygonF diamond({centre + QPointF(0, -r * 1.15), centre + QPointF(r * 1.15, 0), centre + QPointF(0, r * 1.15), centre + QPointF(-r * 1.15, 0)});
        painter.drawPolygon(diamond);
    } else {
        painter.drawEllipse(centre, r, r);
    }
}

} // namespace burrow::ui
