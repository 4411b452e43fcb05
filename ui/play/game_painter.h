#pragma once
// A game as its player sees it, over any cells: what the player sees bright, what
// they remember dim, the rest dark (or all of it, when the designer reveals it),
// then the things and creatures in sight. The Play dock's own view and the map
// (play on the map) both draw with it, so the two never disagree.
#include "map/map_overlays.h"
#include "map/tile_atlas.h"
#include "play/game.h"

class QPainter;

namespace burrow::ui {

// Draws cells [x0, x1) x [y0, y1) of the player's depth through `t`: glyphs from
// kGameGlyphPixels a cell up, one colour a cell below (a level zoomed out to fit).
void paintGame(QPainter& painter, const Game& game, const CellTransform& t, int x0, int y0, int x1, int y1, TileAtlas& atlas, bool revealAll);

inline constexpr double kGameGlyphPixels = 8.0;

} // namespace burrow::ui
