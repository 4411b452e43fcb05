#include "play/game_painter.h"

#include <QPainter>
#include <cmath>

#include "model/looks.h"

namespace burrow::ui {

namespace {

// What the player knows of a cell.
enum class Sight { Dark, Remembered, Seen };

Sight sightOf(const Game& game, int x, int y, int z, bool revealAll) {
    if (game.view().visible(x, y)) return Sight::Seen;
    return revealAll || game.remembered(x, y, z) ? Sight::Remembered : Sight::Dark;
}

// Each thing in sight, as on the map and in the PNG: its template's colour, and at
// glyph size its glyph on dark.
template <typename Draw>
void forEachThingInSight(const Game& game, bool revealAll, Draw draw) {
    const Cell me = game.player().at;
    const FieldOfView& view = game.view();
    for (const Game::ItemLeft& item : game.itemsLeft())
        if (item.at.z == me.z && (revealAll || view.visible(item.at.x, item.at.y))) draw(item.at, item.kind);
    for (const Actor& a : game.actors())
        if (a.alive && a.at.z == me.z && (revealAll || view.visible(a.at.x, a.at.y))) draw(a.at, a.kind);
}

void paintGlyphs(QPainter& painter, const Game& game, const CellTransform& t, int x0, int y0, int x1, int y1, TileAtlas& atlas, bool revealAll) {
    const Level& level = game.level();
    const int z = game.player().at.z;
    // As the map draws glyphs: whole pixels, cells as large as the longest step.
    const int cell = static_cast<int>(std::ceil(t.scale));
    atlas.ensure(level.kinds, cell);
    const auto pixel = [&](int v, double from) { return glyphPixel(v, from, t.scale); };
    painter.fillRect(t.cellRect(x0, y0, x1 - x0, y1 - y0), Qt::black); // what the player has not seen
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const Sight sight = sightOf(game, x, y, z, revealAll);
            if (sight == Sight::Dark) continue;
            const QPoint at(pixel(x, t.offset.x()), pixel(y, t.offset.y()));
            painter.drawImage(at, atlas.glyphCell(level.at(x, y, z)));
            if (sight == Sight::Remembered) painter.fillRect(QRect(at, QSize(cell, cell)), QColor(0, 0, 0, 150));
        }
    QFont font(QStringLiteral("DejaVu Sans Mono"));
    font.setBold(true);
    font.setPixelSize(std::max(6, cell * 4 / 5));
    painter.setFont(font);
    forEachThingInSight(game, revealAll, [&](const Cell& c, const EntityTemplate* kind) {
        const QRect box(pixel(c.x, t.offset.x()), pixel(c.y, t.offset.y()), cell, cell);
        painter.fillRect(box, QColor::fromRgb(kThingBacking));
        painter.setPen(QColor::fromRgb(kind ? kind->colour : kUnknownThing));
        painter.drawText(box, Qt::AlignCenter, QString(QChar::fromLatin1(kind ? kind->glyph : '?')));
    });
}

// Zoomed out: a pixel a cell, scaled up in one blit (a whole level at once).
void paintBlocks(QPainter& painter, const Game& game, const CellTransform& t, int x0, int y0, int x1, int y1, bool revealAll) {
    const Level& level = game.level();
    const int z = game.player().at.z;
    QImage image(x1 - x0, y1 - y0, QImage::Format_RGB32);
    for (int y = y0; y < y1; ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y - y0));
        for (int x = x0; x < x1; ++x) {
            const Sight sight = sightOf(game, x, y, z, revealAll);
            const QColor colour = QColor::fromRgb(level.kinds[level.at(x, y, z)].background);
            line[x - x0] = sight == Sight::Dark ? qRgb(0, 0, 0) : sight == Sight::Seen ? colour.rgb() : colour.darker(250).rgb();
        }
    }
    forEachThingInSight(game, revealAll, [&](const Cell& c, const EntityTemplate* kind) {
        if (c.x >= x0 && c.x < x1 && c.y >= y0 && c.y < y1) image.setPixel(c.x - x0, c.y - y0, 0xff000000u | (kind ? kind->colour : kUnknownThing));
    });
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(t.cellRect(x0, y0, x1 - x0, y1 - y0), image);
}

} // namespace

void paintGame(QPainter& painter, const Game& game, const CellTransform& t, int x0, int y0, int x1, int y1, TileAtlas& atlas, bool revealAll) {
    if (x0 >= x1 || y0 >= y1) return;
    if (t.scale >= kGameGlyphPixels) paintGlyphs(painter, game, t, x0, y0, x1, y1, atlas, revealAll);
    else paintBlocks(painter, game, t, x0, y0, x1, y1, revealAll);
}

} // namespace burrow::ui
