#pragma once
// A recipe entry for a stage type with some parameters changed: the tests' shorthand.
#include "generation/stage_catalog.h"
#include "pipeline/builtin_stages.h"

inline burrow::StageEntry entry(const std::string& type, std::initializer_list<std::pair<std::string, burrow::ParamValue>> params = {}) {
    burrow::StageEntry e = burrow::makeStageEntry(*burrow::builtinStages().find(type), {});
    for (const auto& [k, v] : params) e.params.set(k, v);
    return e;
}

#include <string>
#include <vector>

#include "pipeline/make_level.h"

// A level made the one way there is (makeLevel) from a project of just this size,
// recipe and movement: the tests' shorthand for trying a recipe.
inline burrow::Level generateLevel(burrow::LevelSize size, std::uint64_t seed, const burrow::Recipe& recipe,
                                   const burrow::StageCatalog& catalog = burrow::builtinStages(), std::vector<std::string>* warnings = nullptr,
                                   burrow::Connectivity movement = burrow::Connectivity::Eight) {
    burrow::Project project;
    project.size = size;
    project.recipe = recipe;
    project.movement = movement;
    burrow::MadeLevel made = burrow::makeLevel(project, seed, nullptr, catalog);
    if (warnings)
        for (const auto& w : made.warnings) warnings->push_back(w.text());
    return std::move(made.level);
}
