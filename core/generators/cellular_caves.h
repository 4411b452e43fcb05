#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 004 / rot.js Map.Cellular: noise smoothed by a born/survive automaton.
StageType cellularCavesStage();
} // namespace burrow
