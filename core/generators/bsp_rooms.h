#pragma once
#include "generation/stage.h"

namespace burrow {
// Binary space partition: the level split into parts, a room in each, each split
// joined by a hallway, so every room is one region.
StageType bspRoomsStage();
} // namespace burrow
