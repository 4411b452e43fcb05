#pragma once
// The stage types that ship with Burrow. This file sits at the top of burrow_core
// because it names every technique: nothing below the pipeline knows the full list,
// so a game can build its own catalog from the stages it wants.
#include "generation/stage_catalog.h"

namespace burrow {

// Built once, never changed.
const StageCatalog& builtinStages();

} // namespace burrow
