#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 001: every cell is wall with probability `wall_chance`, else floor.
StageType randomFillStage();
} // namespace burrow
