#pragma once
// A Burrow project (*.burrow.json): what a designer saves. See docs/project-format.md.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "content/acceptance_rules.h"
#include "content/game_tiles.h"
#include "content/prefab_json.h"
#include "generation/recipe.h"
#include "generation/stage_catalog.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "io/diagnostic.h"
#include "io/file_source.h"
#include "project/hand_edits.h"
#include "project/project_overrides.h"
#include "structure/room_graph.h"

namespace burrow {

inline constexpr const char* kProjectFormat = "burrow-project";
inline constexpr int kProjectVersion = 1;
inline constexpr std::size_t kMaxPinnedSeeds = 10000;

struct Project {
    std::string name = "Untitled";
    std::uint64_t seed = 1;
    std::string seedText; // the seed as the designer typed it when it was not a plain number
    LevelSize size{80, 40, 1};
    // How actors walk (4 or 8 directions): every stage that joins cells into regions,
    // caves or paths, reachability, stats and the play-test use it.
    Connectivity movement = Connectivity::Eight;
    // The built-in tile kinds and the project's own ("tile_kinds"): hand edits,
    // population and exports name kinds from here.
    TileKinds tileKinds;
    // The game's own tilesets for exports ("game_tiles"): not part of the level (nor of
    // projectHash), only of how it is drawn. Empty: Burrow's glyph tiles.
    GameTiles gameTiles;
    // The project's prefabs ("prefabs"): hand-drawn pieces that population rules'
    // prefab groups stamp into the level, by id.
    ProjectPrefabs prefabs;
    // The designer's room graphs ("room_graphs"): levels laid out from a drawn
    // structure by the room_graph stage, which names one by id.
    RoomGraphs roomGraphs;
    Recipe recipe;
    HandEdits edits; // painted tiles, applied after generation
    // What every level must meet for `generate --accept`. Not part of the level
    // (nor of projectHash): it picks among attempts, each made as usual.
    Acceptance acceptance;
    // The designer's favourite seeds ("pinned_seeds"), in the order pinned: the editor's
    // gallery keeps them in view. Not part of the level (nor of projectHash).
    std::vector<std::uint64_t> pinnedSeeds;
    nlohmann::json extra = nlohmann::json::object(); // the file's "extra" object: what other tools keep in the project, saved as read

    friend bool operator==(const Project&, const Project&) = default;
};

// Reads a project document. Every problem goes into `problems` with its JSON path;
// the returned project is only meaningful when `problems` stayed empty.
// `folder` is where the project file lives: rules files are found relative to it,
// and read from `files` (the disk, unless a game's archive is). Things that are read
// but not used (an old file's per-stage "connectivity") go into `notices`, when given.
Project projectFromJson(const nlohmann::json& document, const StageCatalog& catalog, std::vector<Diagnostic>& problems,
                        const std::filesystem::path& folder = {}, std::vector<Diagnostic>* notices = nullptr,
                        const FileSource& files = diskFiles());
nlohmann::ordered_json projectToJson(const Project& project);

// A hash of everything besides the seed that decides the level: size, movement,
// the recipe with its rules' contents, and the hand edits, as hex. Exports and
// replays carry it so a level can be traced back to what made it.
std::string projectHash(const Project& project);

// Throws FileError naming the file and every problem. Notices ("FILE: at PATH:
// message") go into `notices` when given.
Project loadProject(const std::filesystem::path& path, const StageCatalog& catalog, std::vector<std::string>* notices = nullptr);
// The same from the project's text: `name` names it in messages (a path, or
// "standard input"), its files are looked up in `folder` and read from `files`, and
// `overrides` (the command line's --set, --size, --accept-rule) are applied before
// it is read. Throws FileError for the project, std::invalid_argument for a bad override.
Project readProject(const std::string& text, const std::string& name, const std::filesystem::path& folder, const StageCatalog& catalog,
                    const ProjectOverrides& overrides = {}, std::vector<std::string>* notices = nullptr, const FileSource& files = diskFiles());
// Atomic: the old file survives a failed save. Rules files the recipe refers to are
// written beside it when their contents changed; other files it names (prefab files,
// the game's tilesets and images) are named relative to the new place, so a Save As
// into another folder still finds them. Throws FileError saying why.
void saveProject(const Project& project, const std::filesystem::path& path);
// `project` with the paths of the files it names (prefab files, the game's tilesets
// and images) rewritten to find the same files from `folder`; a path that already
// does is kept as the designer wrote it.
Project withFilesNamedFrom(const Project& project, const std::filesystem::path& folder);

} // namespace burrow
