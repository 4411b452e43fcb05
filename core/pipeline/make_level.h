#pragma once
// A project and a seed made into the finished level in one call: a LevelBuild
// (pipeline/level_build.h) run to its end. Every command, the exporters, the
// play-test, the bench and the tests make their levels here.
#include <cstdint>
#include <vector>

#include "generation/generation.h"
#include "model/level.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/level_build.h"
#include "project/project.h"

namespace burrow {

struct MadeLevel {
    Level level;                       // every stage, then the hand edits
    std::vector<StageWarning> warnings; // what stages could not do as asked, then what the edits broke
};

// The finished level for `seed` (the project's own seed when not given).
MadeLevel makeLevel(const Project& project, std::uint64_t seed, GenerationObserver* observer = nullptr,
                    const StageCatalog& catalog = builtinStages());
inline MadeLevel makeLevel(const Project& project) { return makeLevel(project, project.seed); }

} // namespace burrow
