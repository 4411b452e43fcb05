#pragma once
// The project's "room_graphs" as JSON (docs/project-format.md, "Room graphs").
#include <string>

#include <nlohmann/json.hpp>

#include "content/prefab_json.h"
#include "io/json_checker.h"
#include "model/level.h"
#include "structure/room_graph.h"

namespace burrow {

// Reads the list, refusing with its JSON path: an edge naming a missing node (with
// the nearest id), a node without room templates, a template larger than a level of
// `size` or naming a prefab the project lacks, a graph in pieces, and a locked edge
// without a lock.
RoomGraphs roomGraphsFromJson(const nlohmann::json& list, const std::string& path, JsonChecker& check, const ProjectPrefabs& prefabs,
                              const LevelSize& size);
nlohmann::ordered_json roomGraphsToJson(const RoomGraphs& graphs);

} // namespace burrow
