#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 002, part 1: rooms in the cells of a grid, joined to neighbours by doors.
StageType roomGridStage();
} // namespace burrow
