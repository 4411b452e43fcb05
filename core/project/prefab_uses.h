#pragma once
// What in a project stamps a prefab, so an editor can refuse to remove one still in
// use and say where (a prefab group must name at least one prefab).
#include <string>
#include <vector>

#include "project/project.h"

namespace burrow {

// The population groups that place prefab `id`, in a designer's words ("prefab
// group altars of stage things"); empty when none does.
std::vector<std::string> prefabUses(const Project& project, const std::string& id);

} // namespace burrow
