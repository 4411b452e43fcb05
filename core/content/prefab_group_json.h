#pragma once
// A population group of prefabs as JSON (docs/population-format.md "Prefab groups"):
// {"kind": "prefabs", "prefabs": ["shrine"], "rotations": [0, 90], "mirror": true,
//  "placement": "floor" | "rock", "tunnel": 12}, besides a group's name, scope, number.
#include <string>

#include <nlohmann/json.hpp>

#include "content/population_rules.h"
#include "content/prefab_json.h"
#include "io/json_checker.h"

namespace burrow {

// A tunnel joins an opening to its area; a longer one would be a hallway, which is
// a generator's work, and its search grows with its length squared.
inline constexpr int kMaxPrefabTunnel = 64;
// The widest gap a prefab group may keep between its prefabs.
inline constexpr int kMaxPrefabSpacing = 64;

// Reads the prefab fields of `body` into `group`; prefab ids are looked up in
// `prefabs` (the project's; none outside a project, where every id is a problem).
void readPrefabGroup(const nlohmann::json& body, const std::string& path, JsonChecker& check, const ProjectPrefabs* prefabs, PopulationGroup& group);
void writePrefabGroup(const PopulationGroup& group, nlohmann::ordered_json& out);

} // namespace burrow
