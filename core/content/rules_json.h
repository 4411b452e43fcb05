#pragma once
// Population rules as JSON: Burrow's format ("format": "burrow-rules") and seed
// 002's population.json, read as written. docs/population-format.md describes both.
#include <filesystem>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/level.h"
#include "content/population_rules.h"
#include "content/prefab_json.h"
#include "io/diagnostic.h"
#include "io/file_source.h"

namespace burrow {

inline constexpr const char* kRulesFormat = "burrow-rules";
inline constexpr int kRulesVersion = 1;

// Every problem goes into `problems` with its JSON path; the rules are only
// meaningful when it stays empty.
// Tile groups name kinds from `kinds`: the project's, when the rules belong to one.
// Prefab groups name prefabs from `prefabs` (the project's).
PopulationRules rulesFromJson(const nlohmann::json& document, std::vector<Diagnostic>& problems, const TileKinds& kinds = builtInTileKinds(),
                              const ProjectPrefabs* prefabs = nullptr);
nlohmann::ordered_json rulesToJson(const PopulationRules& rules, const TileKinds& kinds = builtInTileKinds());

// Problems that depend on the level the rules are used on: footprints larger than it.
void checkRulesFit(const PopulationRules& rules, const LevelSize& size, std::vector<Diagnostic>& problems);

// Throws FileError naming the file and every problem.
PopulationRules loadRules(const std::filesystem::path& path, const TileKinds& kinds = builtInTileKinds(), const ProjectPrefabs* prefabs = nullptr,
                          const FileSource& files = diskFiles());
// Atomic: the old file survives a failed save. Throws FileError.
// 16 hex digits of the rules as Burrow writes them: a project records it beside a
// rules file's name, so a file that no longer holds what was saved is noticed.
std::string rulesHash(const PopulationRules& rules, const TileKinds& kinds = builtInTileKinds());
void saveRules(const PopulationRules& rules, const std::filesystem::path& path, const TileKinds& kinds = builtInTileKinds());

// True when the document looks like population rules (either dialect), not a project.
bool looksLikeRules(const nlohmann::json& document);

} // namespace burrow
