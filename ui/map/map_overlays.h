#pragma once
// What the map view draws on top of the tiles, and the images it builds for that.
// Everything here is computed by burrow_core (regions, stairs); this only colours it.
#include <QColor>
#include <QImage>
#include <QPainter>
#include <map>
#include <vector>

#include "generation/cell_change.h"
#include "model/connectivity.h"
#include "model/level.h"

namespace burrow::ui {

struct OverlayOptions {
    bool glyphs = true;       // glyphs when zoomed in; off: always colour blocks
    bool grid = false;
    bool regions = false;     // each region in its own stable colour
    bool areas = true;        // room and hallway outlines
    bool markers = true;      // start, doors, stairs
    int otherDepth = -1;      // a neighbouring depth drawn over this one, or -1
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

// A region's colour depends only on its first cell, so it stays the same while
// other regions change around it (scrubbing, pruning).
QColor regionColour(Point firstCell);

// One pixel per cell: each walkable cell in its region's colour, the rest clear.
QImage regionImage(const TileGrid& tiles, Connectivity connectivity);
// One pixel per cell: `other`'s walkable cells tinted, and where both depths are
// walkable a highlight, so shared floor (where stairs can go) stands out.
QImage otherDepthImage(const TileGrid& here, const TileGrid& other);

// Maps cell coordinates to widget pixels.
struct CellTransform {
    QPointF offset;   // cell at the widget's top-left
    double scale = 1; // pixels per cell
    QRectF cellRect(double x, double y, double w = 1, double h = 1) const {
        return {(x - offset.x()) * scale, (y - offset.y()) * scale, w * scale, h * scale};
    }
};

void drawGrid(QPainter& painter, const CellTransform& t, int x0, int y0, int x1, int y1);
void drawAreas(QPainter& painter, const CellTransform& t, const Level& level, int depth);
void drawMarkers(QPainter& painter, const CellTransform& t, const Level& level, int depth);
// Placed things: a disc in the template's colour with its glyph when there is room.
void drawEntities(QPainter& painter, const CellTransform& t, const Level& level, int depth, const EntityLooks& looks);
// Drones and walkers with trails that fade with age; the area or band being made.
void drawAnnotations(QPainter& painter, const CellTransform& t, const std::vector<AgedAnnotation>& marks, int depth, int maxAge);

} // namespace burrow::ui
