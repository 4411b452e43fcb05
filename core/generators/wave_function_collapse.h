#pragma once
#include "generation/stage.h"

namespace burrow {
// Wave function collapse, the overlapping model: grows the level from a sample
// prefab so that every N x N window of it is one of the sample's.
StageType waveFunctionCollapseStage();
} // namespace burrow
