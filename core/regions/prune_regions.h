#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 004: regions of at most `max_size` tiles are filled back with wall.
StageType pruneRegionsStage();
} // namespace burrow
