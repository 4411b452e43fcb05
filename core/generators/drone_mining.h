#pragma once
#include "generation/stage.h"

namespace burrow {
// Seed 000 (Dronelike, Procjam 2014): drones wander a solid map, mining as they go.
StageType droneMiningStage();
} // namespace burrow
