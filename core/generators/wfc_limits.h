#pragma once
// Whether a wave function collapse stage may run as asked: its sample, and the memory
// and time its level would take, estimated before it runs.
#include <optional>
#include <string>

#include "content/prefab.h"
#include "generation/parameter.h"
#include "generators/wfc_patterns.h"
#include "model/level.h"

namespace burrow {

// The pattern settings of the stage's parameters (pattern_size, symmetry, periodic_sample).
WfcSettings wfcSettings(const ParamValues& params);

// What is wrong with `sample` for these parameters on a level of `size`: smaller than
// its pattern, cells that keep the level's tile, or more memory or time than a stage
// may take (with the estimate). Empty when it will do.
std::optional<std::string> wfcSampleProblem(const ParamValues& params, const Prefab& sample, const LevelSize& size);

} // namespace burrow
