#pragma once
// What in a project uses a prefab, so an editor can refuse to remove one still in
// use and say where: a prefab group must name at least one prefab, a stage that
// grows from a sample (wave function collapse) grows nothing without it, and a room
// graph's room shaped as a prefab cannot be read without it.
#include <string>
#include <vector>

#include "project/project.h"

namespace burrow {

// The population groups that place prefab `id`, the stages that name it in a
// parameter (`catalog` says which parameters name prefabs) and the room graphs' rooms
// shaped as it, in a designer's words: "prefab group altars of stage things", "the
// sample of stage ruins", "the shape of room chapel of room graph keep"; empty when
// nothing uses it.
std::vector<std::string> prefabUses(const Project& project, const std::string& id, const StageCatalog& catalog);

// Whether a stage of `project` grows the level from a prefab that differs between
// `before` and `after` (changed, added or gone): one a parameter names (a sample), or
// a room's of a room graph a parameter names. The level grown from it changes.
bool stagesGrowFromChanged(const Project& project, const ProjectPrefabs& before, const ProjectPrefabs& after, const StageCatalog& catalog);

} // namespace burrow
