#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 003: random rooms joined in a ring by L-shaped hallways.
StageType roomsAndHallwaysStage();
} // namespace burrow
