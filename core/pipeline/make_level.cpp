#include "pipeline/make_level.h"

namespace burrow {

MadeLevel makeLevel(const Project& project, std::uint64_t seed, GenerationObserver* observer, const StageCatalog& catalog) {
    LevelBuild build(project, seed, {}, catalog);
    build.generation().setObserver(observer);
    build.run();
    std::vector<StageWarning> warnings = build.warnings();
    return {std::move(build).takeLevel(), std::move(warnings)};
}

} // namespace burrow
