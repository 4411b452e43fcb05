#pragma once
// A small picture of one depth, for thumbnails and the overview. It samples cells
// rather than visiting each, so it costs the picture's size, not the level's: a
// 4096 x 4096 depth previews as fast as a 100 x 50 one.
#include <QImage>

#include "model/level.h"

namespace burrow::ui {

// The depth at most `bound` pixels wide and high, keeping its proportions.
QImage levelPreview(const TileGrid& tiles, const TileKinds& kinds, QSize bound);

} // namespace burrow::ui
