#pragma once
#include "generation/stage.h"

namespace burrow {
// Lays out one of the project's room graphs: its rooms, doors and corridors.
StageType roomGraphStage();
} // namespace burrow
