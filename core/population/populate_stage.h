#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 002's population: the rules' groups placed one object a step.
StageType populateStage();
} // namespace burrow
