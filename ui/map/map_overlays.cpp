#include "map/map_overlays.h"

#include "random/rng.h"
#include "regions/region_map.h"

namespace burrow::ui {

QColor regionColour(Point firstCell) {
    const std::uint64_t h = mix64((static_cast<std::uint64_t>(firstCell.y) << 32) ^ static_cast<std::uint64_t>(firstCell.x));
    // Spread hues, keep saturation and value high enough to read over dark walls.
    return QColor::fromHsv(static_cast<int>(h % 360), 140 + static_cast<int>((h >> 16) % 80), 170 + static_cast<int>((h >> 24) % 70));
}

QImage regionImage(const TileGrid& tiles, Connectivity connectivity) {
    QImage image(tiles.width(), tiles.height(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    const RegionRuns regions = labelRuns(tiles, connectivity);
    std::vector<QRgb> colours;
    colours.reserve(regions.regions.size());
    for (const RegionInfo& r : regions.regions) colours.push_back(regionColour(r.representative).rgba());
    for (const CellRun& run : regions.runs) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(run.y));
        std::fill(line + run.x0, line + run.x1, colours[static_cast<std::size_t>(run.label - 1)]);
    }
    return image;
}

QImage otherDepthImage(const TileGrid& here, const TileGrid& other) {
    QImage image(other.width(), other.height(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    const QRgb tint = qPremultiply(qRgba(80, 200, 255, 110));
    const QRgb shared = qPremultiply(qRgba(255, 230, 60, 190));
    for (int y = 0; y < other.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < other.width(); ++x) {
            if (!isWalkable(other(x, y))) continue;
            line[x] = isWalkable(here(x, y)) ? shared : tint;
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
        painter.setPen(QPen(a.kind == AreaKind::Room ? QColor(120, 220, 120, 170) : QColor(220, 180, 90, 150), 0, Qt::DashLine));
        painter.drawRect(t.cellRect(a.bounds.x, a.bounds.y, a.bounds.width, a.bounds.height));
    }
}

void drawMarkers(QPainter& painter, const CellTransform& t, const Level& level, int depth) {
    const double size = std::max(6.0, t.scale * 0.8);
    painter.setPen(QPen(Qt::black, 1));
    for (const Marker& m : level.markers) {
        if (m.at.z != depth) continue;
        const QPointF c = t.cellRect(m.at.x, m.at.y).center();
        painter.setBrush(m.name == "start" ? QColor(60, 230, 90) : QColor(240, 80, 80));
        painter.drawEllipse(c, size / 2, size / 2);
    }
    // Stairs: a ring on each end, so they show at any zoom.
    painter.setBrush(Qt::NoBrush);
    for (const StairsPair& s : level.stairs) {
        if (s.upperDepth != depth && s.upperDepth + 1 != depth) continue;
        painter.setPen(QPen(s.upperDepth == depth ? QColor(200, 140, 255) : QColor(120, 255, 160), 2));
        painter.drawEllipse(t.cellRect(s.x, s.y).center(), size * 0.7, size * 0.7);
    }
}

void drawEntities(QPainter& painter, const CellTransform& t, const Level& level, int depth, const EntityLooks& looks) {
    const double size = std::max(5.0, t.scale * 0.85);
    QFont font(QStringLiteral("DejaVu Sans Mono"));
    font.setBold(true);
    font.setPixelSize(std::max(6, static_cast<int>(t.scale * 0.7)));
    painter.setFont(font);
    for (const Entity& e : level.entities) {
        if (e.at.z != depth) continue;
        const auto it = looks.find(e.templateName);
        const EntityLook look = it == looks.end() ? EntityLook{} : it->second;
        const QRectF cell = t.cellRect(e.at.x, e.at.y);
        painter.setPen(QPen(Qt::black, 1));
        painter.setBrush(look.colour.darker(170));
        painter.drawEllipse(cell.center(), size / 2, size / 2);
        if (t.scale >= 9) {
            painter.setPen(look.colour);
            painter.drawText(cell, Qt::AlignCenter, QString(look.glyph));
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
            const QColor base = a.kind == Annotation::Kind::Drone ? QColor(255, 90, 40) : QColor(90, 200, 255);
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
            painter.setPen(QPen(QColor(255, 240, 120), 2));
            painter.setBrush(QColor(255, 240, 120, 40));
            painter.drawRect(t.cellRect(a.x, a.y, a.w, a.h));
            break;
        case Annotation::Kind::Cell:
            if (aged.age != 0) break;
            painter.setPen(QPen(QColor(255, 240, 120), 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(t.cellRect(a.x, a.y).adjusted(-2, -2, 2, 2));
            break;
        }
    }
}

} // namespace burrow::ui
