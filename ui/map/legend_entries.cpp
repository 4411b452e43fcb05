#include "map/legend_entries.h"

#include <QLocale>
#include <QPainter>
#include <array>

#include "model/looks.h"
#include "map/heat_layer.h"
#include "map/mark_shapes.h"
#include "regions/region_map.h"
#include "regions/region_palette.h"
#include "map/tile_atlas.h"

namespace burrow::ui {
namespace {

// A picture drawn by `paint` on the map's background colour.
template <typename Paint>
QIcon picture(int size, Paint paint) {
    QPixmap pixmap(size, size);
    pixmap.fill(QColor::fromRgb(tileInfo(Tile::Floor).background)); // the built-in floor: the legend's own backdrop
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing, true);
    paint(painter, QRectF(0, 0, size, size));
    return QIcon(pixmap);
}

QIcon disc(int size, QColor fill, QColor pen = Qt::black) {
    return picture(size, [&](QPainter& p, QRectF r) {
        p.setPen(QPen(pen, 1));
        p.setBrush(fill);
        p.drawEllipse(r.center(), size * 0.4, size * 0.4);
    });
}

QIcon thingIcon(int size, const EntityTemplate* t) {
    const QColor colour = QColor::fromRgb(t ? t->colour : kUnknownThing);
    return picture(size, [&](QPainter& p, QRectF r) {
        p.setPen(QPen(colour.darker(150), 1));
        p.setBrush(QColor::fromRgb(kThingBacking));
        p.drawEllipse(r.center(), size * 0.45, size * 0.45);
        QFont font(QStringLiteral("DejaVu Sans Mono"));
        font.setBold(true);
        font.setPixelSize(size * 7 / 10);
        p.setFont(font);
        p.setPen(colour);
        p.drawText(r, Qt::AlignCenter, QString(QChar::fromLatin1(t ? t->glyph : '?')));
    });
}

QIcon stairsIcon(int size, bool down) {
    return picture(size, [&](QPainter& p, QRectF r) { drawStairsMark(p, r.center(), size * 0.75, down); });
}

QIcon markerIcon(int size, const std::string& name) {
    return picture(size, [&](QPainter& p, QRectF r) { drawMarkerMark(p, r.center(), size * 0.7, name); });
}

QIcon outline(int size, QColor colour) {
    return picture(size, [&](QPainter& p, QRectF r) {
        p.setPen(QPen(QColor(colour.red(), colour.green(), colour.blue()), 1.5, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(2, 2, -2, -2));
    });
}

QIcon swatch(int size, const std::vector<QColor>& colours, QColor under = Qt::transparent) {
    return picture(size, [&](QPainter& p, QRectF r) {
        if (under.alpha()) p.fillRect(r, under);
        const double w = r.width() / double(colours.size());
        for (std::size_t i = 0; i < colours.size(); ++i) p.fillRect(QRectF(r.x() + w * double(i), r.y() + 2, w, r.height() - 4), colours[i]);
    });
}

QString count(long long n) { return QLocale().toString(n); }

QString markerMeaning(const std::string& name) {
    if (name == "start") return QObject::tr("A green diamond: where the player starts");
    if (name == "exit") return QObject::tr("A yellow diamond: where the level is left");
    return QObject::tr("A red disc: a mark a generation stage left");
}

} // namespace

namespace legend_detail {

// Tiles present on this depth, with how many.
void addTiles(std::vector<LegendEntry>& out, const LegendView& view, int size) {
    const Level& level = *view.level;
    const int z = view.depth;
    std::array<long long, 256> tiles{};
    for (Tile t : level.tiles(z)) ++tiles[static_cast<std::size_t>(t)];
    for (int i = 0; i < level.kinds.count(); ++i) {
        const long long n = tiles[static_cast<std::size_t>(i)];
        if (!n) continue;
        const TileKind& info = level.kinds[level.kinds.tileAt(i)];
        QString what = info.walkable ? QObject::tr("walkable") : (info.diggable ? QObject::tr("solid, diggable") : QObject::tr("solid"));
        if (info.walkable && !info.transparent) what += QObject::tr(", blocks sight");
        if (!info.walkable && info.transparent) what += QObject::tr(", see-through");
        out.push_back({QObject::tr("Tiles"), tileIcon(info, size),
                       QObject::tr("%1 '%2' · %3 cells").arg(QString::fromStdString(info.name)).arg(QChar::fromLatin1(info.glyph)).arg(count(n)),
                       what});
    }
}

void addRegions(std::vector<LegendEntry>& out, const LegendView& view, int size) {
    std::vector<QColor> colours;
    for (std::size_t i = 0; i < 4; ++i) colours.push_back(QColor::fromRgb(kRegionPalette[i]));
    out.push_back({QObject::tr("Regions"), swatch(size, colours),
                   view.regions ? QObject::tr("%1 regions, each in its own colour").arg(count(static_cast<long long>(view.regions->regions.size())))
                                : QObject::tr("Regions: being labelled…"),
                   QObject::tr("Walkable cells connected by the project's movement rule share a colour; regions within %1 cells of each other always differ")
                       .arg(kRegionNeighbourGap)});
}

void addHeatmap(std::vector<LegendEntry>& out, const LegendView& view, int size) {
    std::vector<QColor> scale;
    for (int i = 0; i < 5; ++i) scale.push_back(HeatLayer::colourAt(i / 4.0));
    const std::string_view name = heatmapName(view.overlays.heatmap);
    const QString title = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    QString meaning;
    switch (view.overlays.heatmap) {
    case Heatmap::DeadEndDepth:
        meaning = QObject::tr("Passages that lead nowhere, by the steps from where they leave the rest of the level; other cells are left uncoloured.");
        break;
    case Heatmap::BotVisits:
        meaning = QObject::tr("How many of 20 bot games stood on each cell (the Play dock replays the games it lost). Hover a cell for its value.");
        break;
    case Heatmap::BotDeaths:
        meaning = QObject::tr("Where the games the bot lost ended, of 20 (the Play dock replays them). Hover a cell for its value.");
        break;
    default:
        meaning = QObject::tr("Walking steps across depths by stairs; cells that cannot be walked to are left uncoloured. Hover a cell for its value.");
    }
    const long long cells = static_cast<long long>(view.level->width()) * view.level->height() * view.level->depthCount();
    const QString state = view.heatTooLarge ? QObject::tr("%1: not shown, the level is too large to work it out live (%2 cells)").arg(title).arg(count(cells))
                          : view.heatWorking ? (heatmapPlaysGames(view.overlays.heatmap) ? QObject::tr("%1: the bot is playing its games…").arg(title)
                                                                                        : QObject::tr("%1: being worked out…").arg(title))
                                             : QObject::tr("%1: 0 (yellow) to %2 (purple)").arg(title).arg(count(view.heatMaximum));
    out.push_back({QObject::tr("Heatmap"), swatch(size, scale), state, meaning});
}

void addOtherDepth(std::vector<LegendEntry>& out, const LegendView& view, int size) {
    const Level& level = *view.level;
    const QColor rock = QColor::fromRgb(level.kinds[Tile::Wall].background);
    out.push_back({QObject::tr("Depth %1 over this one").arg(view.overlays.otherDepth), swatch(size, {mapColours::kOtherDepthFloor}, rock),
                   QObject::tr("Floor on depth %1 under rock here").arg(view.overlays.otherDepth), {}});
    out.push_back({QObject::tr("Depth %1 over this one").arg(view.overlays.otherDepth), swatch(size, {mapColours::kSharedFloor}, rock),
                   QObject::tr("Floor on both depths: stairs can go here"), {}});
}

// Markers, stairs and the things placed, by name, with how many.
void addMarks(std::vector<LegendEntry>& out, const LegendView& view, int size) {
    const Level& level = *view.level;
    const int z = view.depth;
    std::map<std::string, int> markers;
    for (const Marker& m : level.markers)
        if (m.at.z == z) ++markers[m.name];
    for (const auto& [name, n] : markers)
        out.push_back({QObject::tr("Marks"), markerIcon(size, name),
                       n == 1 ? QString::fromStdString(name) : QObject::tr("%1 (%2)").arg(QString::fromStdString(name)).arg(n), markerMeaning(name)});
    int down = 0, up = 0;
    for (const StairsPair& s : level.stairs) {
        down += s.upperDepth == z;
        up += s.upperDepth + 1 == z;
    }
    if (down)
        out.push_back({QObject::tr("Marks"), stairsIcon(size, true), QObject::tr("stairs down to depth %1 (%2)").arg(z + 1).arg(down),
                       QObject::tr("A triangle pointing down: the Depths strip links each to its stairs up below")});
    if (up)
        out.push_back({QObject::tr("Marks"), stairsIcon(size, false), QObject::tr("stairs up to depth %1 (%2)").arg(z - 1).arg(up),
                       QObject::tr("A triangle pointing up")});

    std::map<std::string, int> things;
    for (const Entity& e : level.entities)
        if (e.at.z == z) ++things[e.templateName];
    for (const auto& [name, n] : things)
        out.push_back({QObject::tr("Things"), thingIcon(size, level.findTemplate(name)), QObject::tr("%1 · %2").arg(QString::fromStdString(name)).arg(n),
                       QObject::tr("Placed by the population rules or by hand; hover one on the map for its template")});
    if (view.hiddenMarks > 0)
        out.push_back({QObject::tr("Things"), QIcon(),
                       QObject::tr("%1 marks hidden where they would crowd: zoom in to see all").arg(count(view.hiddenMarks)), {}});
}

void addOutlines(std::vector<LegendEntry>& out, const LegendView& view, int size) {
    const Level& level = *view.level;
    const int z = view.depth;
    bool rooms = false, hallways = false;
    for (const Area& a : level.areas)
        if (a.depth == z) (a.kind == AreaKind::Room ? rooms : hallways) = true;
    if (rooms) out.push_back({QObject::tr("Outlines"), outline(size, mapColours::kRoomOutline), QObject::tr("room"), {}});
    if (hallways) out.push_back({QObject::tr("Outlines"), outline(size, mapColours::kHallwayOutline), QObject::tr("hallway"), {}});
}

// What the generation step shown draws: drones, walkers, undecided cells, what it made.
void addGenerationMarks(std::vector<LegendEntry>& out, const LegendView& view, int size) {
    const int z = view.depth;
    bool drones = false, walkers = false, making = false, undecided = false;
    for (const AgedAnnotation& m : *view.marks) {
        if (m.mark.z != z) continue;
        drones |= m.mark.kind == Annotation::Kind::Drone;
        walkers |= m.mark.kind == Annotation::Kind::Walker;
        undecided |= m.age == 0 && m.mark.kind == Annotation::Kind::Options;
        making |= m.age == 0 && (m.mark.kind == Annotation::Kind::Area || m.mark.kind == Annotation::Kind::Band || m.mark.kind == Annotation::Kind::Cell);
    }
    if (drones) out.push_back({QObject::tr("Generation"), disc(size, mapColours::kDrone, Qt::white), QObject::tr("drone, its trail fading"), {}});
    if (walkers) out.push_back({QObject::tr("Generation"), disc(size, mapColours::kWalker, Qt::white), QObject::tr("walker, its trail fading"), {}});
    if (undecided)
        out.push_back({QObject::tr("Generation"),
                       swatch(size, {mapColours::undecidedShade(1), mapColours::undecidedShade(Annotation::kOptionShades / 2), mapColours::undecidedShade(Annotation::kOptionShades)}),
                       QObject::tr("undecided cell: the brighter, the more patterns it may still be"), {}});
    if (making) out.push_back({QObject::tr("Generation"), outline(size, mapColours::kBeingMade), QObject::tr("what this step made"), {}});
}

} // namespace legend_detail

std::vector<LegendEntry> legendEntries(const LegendView& view, int size) {
    std::vector<LegendEntry> out;
    if (!view.level || view.depth < 0 || view.depth >= view.level->depthCount()) return out;
    const Level& level = *view.level;
    const int z = view.depth;
    using namespace legend_detail;
    addTiles(out, view, size);
    if (view.overlays.regions) addRegions(out, view, size);
    if (view.overlays.heatmap != Heatmap::None) addHeatmap(out, view, size);
    if (view.overlays.otherDepth >= 0 && view.overlays.otherDepth < level.depthCount() && view.overlays.otherDepth != z) addOtherDepth(out, view, size);
    if (view.overlays.markers) addMarks(out, view, size);
    if (view.overlays.areas) addOutlines(out, view, size);
    if (view.marks) addGenerationMarks(out, view, size);
    return out;
}
} // namespace burrow::ui
