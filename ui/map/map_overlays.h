#pragma once
// What the map view draws on top of the tiles, and the images it builds for that.
// Everything here is computed by burrow_core (regions, stairs); this only colours it.
#include <QColor>
#include <cmath>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <map>
#include <vector>

#include "analysis/heatmaps.h"
#include "generation/cell_change.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "regions/region_map.h"

namespace burrow::ui {

// The overlay colours, named once: the map draws with them, the legend shows them.
namespace mapColours {
inline const QColor kRoomOutline(120, 220, 120, 170);
inline const QColor kHallwayOutline(220, 180, 90, 150);
inline const QColor kOtherDepthFloor(80, 200, 255, 110);  // the other depth's floor under this one's rock
inline const QColor kSharedFloor(255, 230, 60, 190);      // floor on both depths: where stairs can go
inline const QColor kDrone(255, 90, 40);
inline const QColor kWalker(90, 200, 255);
inline const QColor kBeingMade(255, 240, 120);            // the room, band or cell a step is making
// An undecided cell of wave function collapse, at the most options it can have: fewer
// options, fainter (Annotation::Kind::Options; its id is 1 to Annotation::kOptionShades).
inline const QColor kUndecided(150, 120, 255);
inline QColor undecidedShade(std::uint32_t shade) {
    QColor c = kUndecided;
    const std::uint32_t most = Annotation::kOptionShades;
    c.setAlpha(static_cast<int>(40 + 200 * std::min(shade, most) / most));
    return c;
}
} // namespace mapColours

struct OverlayOptions {
    bool glyphs = true;       // glyphs when zoomed in; off: always colour blocks
    bool grid = false;
    bool regions = false;     // each region in its own stable colour
    bool areas = true;        // room and hallway outlines
    bool markers = true;      // start, doors, stairs
    int otherDepth = -1;      // a neighbouring depth drawn over this one, or -1
    Heatmap heatmap = Heatmap::None; // a number a cell, coloured over the map
    Connectivity movement = Connectivity::Eight;
};

// How a placed thing is drawn and described, by template name.
struct EntityLook {
    QChar glyph = '?';
    QColor colour = Qt::white;
    QString description; // the tooltip: "enemy — creature, 5 HP, attack 3, chases within 6"
};
using EntityLooks = std::map<std::string, EntityLook>;

// A generation mark and how many steps ago it was made (0: this step).
struct AgedAnnotation {
    Annotation mark;
    int age = 0;
};

// One pixel per cell of a width x height depth: each walkable cell in its region's
// colour (core's region palette, as in the PNG export), the rest clear.
QImage regionImage(const RegionRuns& regions, int width, int height);
// One pixel per cell: `other`'s walkable cells tinted, and where both depths are
// walkable a highlight, so shared floor (where stairs can go) stands out.
QImage otherDepthImage(const TileGrid& here, const TileGrid& other, const TileKinds& kinds);

// Maps cell coordinates to widget pixels.
// Where glyph cell `v` starts on screen, seen from `from` at `scale` pixels a cell:
// a whole pixel, the same step apart at a whole zoom (rounding each cell's own
// position made a 19-pixel step among 18s, a seam of the outside colour), and
// floor or ceil of the zoom apart at any other.
inline int glyphPixel(int v, double from, double scale) {
    return static_cast<int>(std::lround(v * scale) - std::lround(from * scale));
}

struct CellTransform {
    QPointF offset;   // cell at the widget's top-left
    double scale = 1; // pixels per cell
    QRectF cellRect(double x, double y, double w = 1, double h = 1) const {
        return {(x - offset.x()) * scale, (y - offset.y()) * scale, w * scale, h * scale};
    }
    // The same cells on whole pixels, edged where the glyph cells are: a translucent
    // shade drawn a run at a time then meets the next run without a seam, where
    // fractional edges each covered half a pixel and let the map show through.
    QRect cellPixels(int x, int y, int w = 1, int h = 1) const {
        const int left = glyphPixel(x, offset.x(), scale), top = glyphPixel(y, offset.y(), scale);
        return {left, top, glyphPixel(x + w, offset.x(), scale) - left, glyphPixel(y + h, offset.y(), scale) - top};
    }
};

void drawGrid(QPainter& painter, const CellTransform& t, int x0, int y0, int x1, int y1);
void drawAreas(QPainter& painter, const CellTransform& t, const Level& level, int depth);
// The node ids of rooms laid out from a room graph, above each room.
void drawRoomNodes(QPainter& painter, const CellTransform& t, const Level& level, int depth);
// The room of a room graph node outlined brightly (the node picked in the graph dock).
void drawHighlightedRoom(QPainter& painter, const CellTransform& t, const Level& level, int depth, const std::string& node);

// Marks (markers, stairs, things) scale with the cells, down to a few pixels; once
// they are larger than their cells they would bury the map, so only one is drawn
// in each spot of the widget, the most important first (start and exit, stairs,
// then things in the level's order). Also skips marks outside the widget.
class MarkThinner {
public:
    MarkThinner(QSize widget, double cellPixels);
    double markPixels() const { return mark_; }
    // Whether a mark centred at `p` may be drawn (and reserves its spot).
    bool claim(QPointF p);
    int hidden() const { return hidden_; } // marks inside the widget left out so far

private:
    QSize widget_;
    double mark_ = 0, bin_ = 0;
    int columns_ = 0, rows_ = 0;
    std::vector<std::uint8_t> taken_; // empty: marks fit their cells, nothing to thin
    int hidden_ = 0;
};

void drawMarkers(QPainter& painter, const CellTransform& t, const Level& level, int depth, MarkThinner& thinner);
// Placed things: the template's glyph in its colour on a dark disc when there is
// room, else a disc in the template's colour (as in the play view and the PNG).
void drawEntities(QPainter& painter, const CellTransform& t, const Level& level, int depth, MarkThinner& thinner);
// Drones and walkers with trails that fade with age; the area or band being made.
void drawAnnotations(QPainter& painter, const CellTransform& t, const std::vector<AgedAnnotation>& marks, int depth, int maxAge);

} // namespace burrow::ui
