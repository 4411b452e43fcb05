#pragma once
#include "generation/stage.h"

namespace burrow {
// Opens walls (or digs short corridors) where a short way through saves a long walk.
StageType addLoopsStage();
} // namespace burrow
