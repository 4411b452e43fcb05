#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 000's corridor and water passes: walkers that wander dug caves laying a tile.
StageType caveWalkersStage();
} // namespace burrow
