#include "map/map_overlays.h"

#include <algorithm>
#include <cmath>

#include "map/mark_shapes.h"
#include "model/looks.h"
#include "regions/region_map.h"
#include "regions/region_palette.h"

namespace burrow::ui {

QImage regionImage(const RegionRuns& regions, int width, int height) {
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    std::vector<QRgb> colours = regionColours(regions);
    for (QRgb& c : colours) c |= 0xff000000u;
    for (const CellRun& run : regions.runs) {
        if (run.y < 0 || run.y >= height || run.x0 < 0 || run.x1 > width || run.x0 >= run.x1) continue; // labelled for another size
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(run.y));
        std::fill(line + run.x0, line + run.x1, colours[static_cast<std::size_t>(run.label - 1)]);
    }
    return image;
}

QImage otherDepthImage(const TileGrid& here, const TileGrid& other, const TileKinds& kinds) {
    QImage image(other.width(), other.height(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    const QRgb tint = qPremultiply(mapColours::kOtherDepthFloor.rgba());
    const QRgb shared = qPremultiply(mapColours::kSharedFloor.rgba());
    for (int y = 0; y < other.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < other.width(); ++x) {
            if (!kinds.walkable(other(x, y))) continue;
            line[x] = kinds.walkable(here(x, y)) ? shared : tint;
        }
    }
    return image;
}

void drawGrid(QPainter& painter, const CellTransform& t, int x0, int y0, int x1, int y1) {
    if (t.scale < 6) return; // lines closer than that are noise
    painter.setPen(QPen(QColor(255, 255, 255, 28), 0));
    for (int x = x0; x <= x1; ++x) painter.drawLine(t.cellRect(x, y0).topLeft(), t.cellRect(x, y1).topLeft());
    for (int y = y0; y <= y1; ++y) painter.drawLine(t.cellRect(x0, y).topLeft(), t.cellRect(x1, y).topLeft());
}

void drawAreas(QPainter& painter, const CellTransform& t, const Level& level, int depth) {
    painter.setBrush(Qt::NoBrush);
    for (const Area& a : level.areas) {
        if (a.depth != depth) continue;
        painter.setPen(QPen(a.kind == AreaKind::Room ? mapColours::kRoomOutline : mapColours::kHallwayOutline, 0, Qt::DashLine));
        painter.drawRect(t.cellRect(a.bounds.x, a.bounds.y, a.bounds.width, a.bounds.height));
    }
    drawRoomNodes(painter, t, level, depth);
}

// A room laid out from a room graph carries its node's id: written on the wall row
// above it, once the cells are big enough to read it.
void drawRoomNodes(QPainter& painter, const CellTransform& t, const Level& level, int depth) {
    if (t.scale < 6) return;
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(std::clamp(static_cast<int>(t.scale * 0.8), 8, 14));
    painter.setFont(font);
    painter.setPen(mapColours::kRoomOutline.lighter(150));
    for (const Area& a : level.areas)
        if (a.depth == depth && !a.node.empty()) {
            const QRectF above = t.cellRect(a.bounds.x, a.bounds.y - 1, std::max(a.bounds.width, 8), 1);
            painter.drawText(above, Qt::AlignLeft | Qt::AlignVCenter, QString::fromStdString(a.node));
        }
}

void drawHighlightedRoom(QPainter& painter, const CellTransform& t, const Level& level, int depth, const std::string& node) {
    for (const Area& a : level.areas)
        if (a.depth == depth && a.node == node) {
            painter.setPen(QPen(QColor(255, 255, 255, 230), 2));
            painter.setBrush(QColor(255, 255, 255, 36));
            painter.drawRect(t.cellRect(a.bounds.x, a.bounds.y, a.bounds.width, a.bounds.height));
        }
}

MarkThinner::MarkThinner(QSize widget, double cellPixels) : widget_(widget), mark_(std::max(4.0, cellPixels * 0.8)) {
    if (cellPixels >= 5.0) return; // a mark fits inside its cell: nothing can crowd
    bin_ = mark_ + 1.0;
    columns_ = static_cast<int>(std::ceil(widget.width() / bin_));
    rows_ = static_cast<int>(std::ceil(widget.height() / bin_));
    taken_.assign(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_), 0);
}

bool MarkThinner::claim(QPointF p) {
    if (p.x() < -mark_ || p.y() < -mark_ || p.x() > widget_.width() + mark_ || p.y() > widget_.height() + mark_) return false;
    if (taken_.empty()) return true;
    const int column = std::clamp(static_cast<int>(p.x() / bin_), 0, columns_ - 1), row = std::clamp(static_cast<int>(p.y() / bin_), 0, rows_ - 1);
    std::uint8_t& spot = taken_[static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_) + static_cast<std::size_t>(column)];
    if (spot) {
        ++hidden_;
        return false;
    }
    spot = 1;
    return true;
}

void drawMarkers(QPainter& painter, const CellTransform& t, const Level& level, int depth, MarkThinner& thinner) {
    const double size = thinner.markPixels();
    // Stairs first: where marks crowd, the way to another depth is the one kept.
    for (const StairsPair& s : level.stairs) {
        if (s.upperDepth != depth && s.upperDepth + 1 != depth) continue;
        const QPointF c = t.cellRect(s.x, s.y).center();
        if (thinner.claim(c)) drawStairsMark(painter, c, size, s.upperDepth == depth);
    }
    for (const Marker& m : level.markers) {
        if (m.at.z != depth) continue;
        const QPointF c = t.cellRect(m.at.x, m.at.y).center();
        if (thinner.claim(c)) drawMarkerMark(painter, c, size, m.name);
    }
}

void drawEntities(QPainter& painter, const CellTransform& t, const Level& level, int depth, MarkThinner& thinner) {
    const double size = thinner.markPixels();
    const bool glyphs = t.scale >= 9;
    QFont font(QStringLiteral("DejaVu Sans Mono"));
    font.setBold(true);
    font.setPixelSize(std::max(6, static_cast<int>(t.scale * 0.7)));
    painter.setFont(font);
    for (const Entity& e : level.entities) {
        if (e.at.z != depth) continue;
        const QRectF cell = t.cellRect(e.at.x, e.at.y);
        if (!thinner.claim(cell.center())) continue;
        const ThingLook look = thingLook(level, e);
        const QColor colour = QColor::fromRgb(look.colour);
        painter.setPen(QPen(glyphs ? colour.darker(150) : QColor(Qt::black), size >= 8 ? 1 : 0));
        painter.setBrush(glyphs ? QColor::fromRgb(kThingBacking) : colour);
        painter.drawEllipse(cell.center(), size / 2, size / 2);
        if (glyphs) {
            painter.setPen(colour);
            painter.drawText(cell, Qt::AlignCenter, QString(QChar::fromLatin1(look.glyph)));
        }
    }
}

void drawAnnotations(QPainter& painter, const CellTransform& t, const std::vector<AgedAnnotation>& marks, int depth, int maxAge) {
    const double dot = std::max(3.0, t.scale * 0.7);
    for (const AgedAnnotation& aged : marks) {
        const Annotation& a = aged.mark;
        if (a.z != depth) continue;
        const double fade = 1.0 - static_cast<double>(aged.age) / (maxAge + 1);
        switch (a.kind) {
        case Annotation::Kind::Drone:
        case Annotation::Kind::Walker: {
            const QColor base = a.kind == Annotation::Kind::Drone ? mapColours::kDrone : mapColours::kWalker;
            QColor c = base;
            c.setAlphaF(static_cast<float>(aged.age == 0 ? 1.0 : 0.6 * fade));
            painter.setPen(aged.age == 0 ? QPen(Qt::white, 1) : Qt::NoPen);
            painter.setBrush(c);
            const double r = (aged.age == 0 ? dot : dot * 0.6) / 2;
            painter.drawEllipse(t.cellRect(a.x, a.y).center(), r, r);
            break;
        }
        case Annotation::Kind::Area:
        case Annotation::Kind::Band:
            if (aged.age != 0) break;
            painter.setPen(QPen(mapColours::kBeingMade, 2));
            painter.setBrush(QColor(mapColours::kBeingMade.red(), mapColours::kBeingMade.green(), mapColours::kBeingMade.blue(), 40));
            painter.drawRect(t.cellRect(a.x, a.y, a.w, a.h));
            break;
        case Annotation::Kind::Options:
            if (aged.age != 0) break;
            painter.fillRect(t.cellPixels(a.x, a.y, a.w, a.h), mapColours::undecidedShade(a.id));
            break;
        case Annotation::Kind::Cell:
            if (aged.age != 0) break;
            painter.setPen(QPen(mapColours::kBeingMade, 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(t.cellRect(a.x, a.y).adjusted(-2, -2, 2, 2));
            break;
        }
    }
}

} // namespace burrow::ui
