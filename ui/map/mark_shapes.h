#pragma once
// The shapes of the marks the editor draws over a level, one place for the map, the
// depth strip and the legend, so each means the same everywhere. Shape tells them
// apart before colour does (the start, stairs up and a fungus were all green discs):
// - stairs down: a violet triangle pointing down; stairs up: a cyan one pointing up;
// - the start: a green diamond; the exit: a yellow one; any other generation
//   marker: a red disc;
// - placed things stay discs (in their template's colour, with its glyph when big).
// Each has a dark outline, so it reads over tiles, region colours and overlap.
#include <QColor>
#include <QPainter>
#include <QPointF>
#include <string_view>

namespace burrow::ui {

inline const QColor kStairsDownColour(190, 130, 255);
inline const QColor kStairsUpColour(90, 210, 255);

// A stairs mark `size` pixels across, centred on `centre`.
void drawStairsMark(QPainter& painter, QPointF centre, double size, bool down);
// A marker (start, exit, any other) `size` pixels across.
void drawMarkerMark(QPainter& painter, QPointF centre, double size, std::string_view name);

} // namespace burrow::ui
