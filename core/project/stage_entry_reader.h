#pragma once
// One stage of a project's recipe, read from its JSON: its type, name, depths, its
// parameters checked against the type (and a sample or room graph it names against
// the project's), and its population rules, inline or from a file. Strict, and precise
// about where a problem is, as the project reader around it.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generation/recipe.h"
#include "generation/stage_catalog.h"
#include "io/diagnostic.h"
#include "io/file_source.h"
#include "io/json_checker.h"
#include "model/connectivity.h"
#include "project/project.h"

namespace burrow {

// What a stage is read against: the parts of the project read before its recipe.
struct StageEntryContext {
    const StageCatalog& catalog;
    const std::filesystem::path& folder; // a rules file is found from here
    const FileSource& files;
    std::vector<Diagnostic>* notices; // what is read but worth saying (may be null)
    Connectivity movement;
    const TileKinds& kinds;
    const ProjectPrefabs* prefabs;
    bool prefabsRead; // every prefab read without a problem: samples are judged only then
    const RoomGraphs* roomGraphs;
};

// The stage at `path` (/recipe/i) of a level of `size`; problems go to `check`.
StageEntry readStageEntry(const nlohmann::json& object, const std::string& path, const LevelSize& size, const StageEntryContext& context,
                          JsonChecker& check);

} // namespace burrow
