#pragma once
// A project's own tile kinds as JSON: the "tile_kinds" list of
// docs/project-format.md.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/json_checker.h"
#include "model/tile_kinds.h"

namespace burrow {

// The built-ins followed by the kinds listed at `path`; problems go to `check`.
TileKinds tileKindsFromJson(const nlohmann::json& list, const std::string& path, JsonChecker& check);
// The project's own kinds (the built-ins are never written).
nlohmann::ordered_json tileKindsToJson(const TileKinds& kinds);

} // namespace burrow
