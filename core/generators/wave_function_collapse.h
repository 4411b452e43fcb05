#pragma once
#include <optional>
#include <string>

#include "generation/stage.h"

namespace burrow {
// Wave function collapse, the overlapping model: grows the level from a sample
// prefab so that every N x N window of it is one of the sample's.
StageType waveFunctionCollapseStage();

// What is wrong with `sample` for these parameters on a level of `size`: smaller than
// its pattern, cells that keep the level's tile, or more memory or time than a stage
// may take (with the estimate). Empty when it will do.
std::optional<std::string> wfcSampleProblem(const ParamValues& params, const Prefab& sample, const LevelSize& size);
} // namespace burrow
