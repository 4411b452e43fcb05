#pragma once
// The project's "acceptance" as JSON (docs/project-format.md "Acceptance rules").
#include <string>

#include <nlohmann/json.hpp>

#include "content/acceptance_rules.h"
#include "io/json_checker.h"

namespace burrow {

// Problems go to `check` with their paths under `path`; per-depth rules are checked
// against the level's `depthCount`.
Acceptance acceptanceFromJson(const nlohmann::json& value, const std::string& path, JsonChecker& check, int depthCount);
nlohmann::ordered_json acceptanceToJson(const Acceptance& acceptance);

} // namespace burrow
