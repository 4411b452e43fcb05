#pragma once
// What the map view draws on top of the tiles, and the images it builds for that.
// Everything here is computed by burrow_core (regions, stairs); this only colours it.
#include <QColor>
#include <QImage>
#include <QPainter>
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
// Drones and walkers with trails that fade with age; the area or band being made.
void drawAnnotations(QPainter& painter, const CellTransform& t, const std::vector<AgedAnnotation>& marks, int depth, int maxAge);

} // namespace burrow::ui
