#pragma once
#include "generation/stage.h"

namespace burrow {
// Joins every region of a depth into one with the shortest tunnels through rock.
StageType connectRegionsStage();
} // namespace burrow
