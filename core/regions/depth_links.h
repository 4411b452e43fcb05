#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 004: stairs between every pair of overlapping regions on adjacent depths.
StageType depthLinksStage();
} // namespace burrow
