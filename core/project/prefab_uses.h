#pragma once
// What in a project uses a prefab, so an editor can refuse to remove one still in
// use and say where: a prefab group must name at least one prefab, and a stage that
// grows from a sample (wave function collapse) grows nothing without it.
#include <string>
#include <vector>

#include "project/project.h"

namespace burrow {

// The population groups that place prefab `id` and the stages that name it in a
// parameter (`catalog` says which parameters name prefabs), in a designer's words:
// "prefab group altars of stage things", "the sample of stage ruins"; empty when
// nothing uses it.
std::vector<std::string> prefabUses(const Project& project, const std::string& id, const StageCatalog& catalog);

// Whether a stage of `project` names, in a parameter, a prefab that differs between
// `before` and `after` (changed, added or gone): a level grown from it changes.
bool stagesGrowFromChanged(const Project& project, const ProjectPrefabs& before, const ProjectPrefabs& after, const StageCatalog& catalog);

} // namespace burrow
