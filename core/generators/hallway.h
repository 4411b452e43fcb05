#pragma once
// Digging a hallway: through rock only, so where it crosses a room the room's floor
// stays floor. Rooms and hallways and BSP rooms dig theirs so.
#include "generation/level_canvas.h"

namespace burrow {

inline void digHallway(LevelCanvas& canvas, const Rect& hall, Tile tile) {
    const TileKinds& kinds = canvas.level().kinds;
    for (int y = hall.y; y < hall.bottom(); ++y)
        for (int x = hall.x; x < hall.right(); ++x)
            if (!kinds.walkable(canvas.get(x, y))) canvas.set(x, y, tile);
}

} // namespace burrow
