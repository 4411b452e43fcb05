#pragma once
// The one way a project and a seed become the finished level. Every stage of the
// recipe runs with the project's size and movement, then the hand edits are laid
// over the result and the templates of placed things are resolved into the level,
// so the level plays and exports by itself. The editor, every command, the
// exporters, the play-test and the benchmarks all go through here: if two of them
// could build a level differently, they could disagree about it.
#include <cstdint>
#include <vector>

#include "generation/generation.h"
#include "model/level.h"
#include "pipeline/builtin_stages.h"
#include "project/project.h"

namespace burrow {

struct MadeLevel {
    Level level;                       // every stage, then the hand edits
    std::vector<StageWarning> warnings; // what stages could not do as asked
};

// A generation of the project's recipe with `seed`, not yet run: the editor steps
// it, makeLevel() runs it. Its options' movement is set from the project.
Generation startGeneration(const Project& project, std::uint64_t seed, GenerationOptions options = {},
                           const StageCatalog& catalog = builtinStages());

// What follows the stages: the hand edits laid over the generated level, and the
// templates its placed things name (the rules' own first, then the defaults). A
// thing on a cell painted unwalkable is left out; what the edits break (stairs, a
// walled-in start) comes back as warnings.
std::vector<StageWarning> finishLevel(const Project& project, Level& level);

// The finished level for `seed` (the project's own seed when not given).
MadeLevel makeLevel(const Project& project, std::uint64_t seed, GenerationObserver* observer = nullptr,
                    const StageCatalog& catalog = builtinStages());
inline MadeLevel makeLevel(const Project& project) { return makeLevel(project, project.seed); }

} // namespace burrow
