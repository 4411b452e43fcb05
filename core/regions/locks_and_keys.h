#pragma once
#include "generation/stage.h"

namespace burrow {
// Locks doors (the room graph's locked joins, or chokepoints between the start and
// the exit) and places each lock's key where a player reaches it before its door.
StageType locksAndKeysStage();
} // namespace burrow
