#pragma once
#include "generation/stage.h"

namespace burrow {
// A growing-tree maze on the odd lattice, carved around rooms and joined to them
// through doors, its dead ends opened into loops as much as asked (braid).
StageType mazeStage();
} // namespace burrow
