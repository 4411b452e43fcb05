// Writing *.burrow.json: stable key order, every parameter written (so a file says
// exactly what it generates even if defaults change), unknown fields put back.
#include <algorithm>
#include <cstdio>

#include "structure/room_graph_json.h"
#include "content/acceptance_json.h"
#include "content/rules_json.h"
#include "io/file_io.h"
#include "io/file_transaction.h"
#include "project/project.h"
#include "content/game_tiles_json.h"
#include "project/tile_kinds_json.h"

namespace burrow {
namespace {

using nlohmann::json;
// ordered_json keeps keys in the order written, so saved files read top to bottom
// (format, version, name, seed, size, recipe) and diff cleanly.
using nlohmann::ordered_json;

ordered_json ordered(const json& value) { return ordered_json::parse(value.dump()); }

ordered_json paramToJson(const ParamValue& value) {
    return std::visit([](const auto& v) { return ordered_json(v); }, value);
}

ordered_json stageToJson(const StageEntry& entry, const TileKinds& kinds) {
    ordered_json stage = ordered_json::object();
    stage["stage"] = entry.type;
    stage["name"] = entry.name;
    if (!entry.enabled) stage["enabled"] = false;
    if (entry.reroll != 0) stage["reroll"] = entry.reroll;
    if (!entry.depths.empty()) stage["depths"] = entry.depths;
    ordered_json params = ordered_json::object();
    for (const auto& [key, value] : entry.params.all()) params[key] = paramToJson(value);
    stage["params"] = params;
    if (!entry.rulesFile.empty()) stage["rules"] = entry.rulesFile;
    else if (entry.rules) stage["rules"] = rulesToJson(*entry.rules, kinds);
    if (!entry.extra.empty()) stage["extra"] = ordered(entry.extra);
    return stage;
}

namespace fs = std::filesystem;

// How a file the project names, written as `written` and found at `target`, is
// named from the folder `to`: as written when that finds it there too, else relative
// to `to` (absolute on another root).
std::string renamed(const std::string& written, const fs::path& target, const fs::path& to) {
    const fs::path file(written);
    if (file.is_absolute() || (to / file).lexically_normal() == target.lexically_normal()) return written;
    const fs::path relative = target.lexically_normal().lexically_relative(to);
    return relative.empty() ? target.generic_string() : relative.generic_string();
}

} // namespace

nlohmann::ordered_json projectToJson(const Project& project) {
    ordered_json doc = ordered_json::object();
    doc["format"] = kProjectFormat;
    doc["version"] = kProjectVersion;
    doc["name"] = project.name;
    if (project.seedText.empty()) doc["seed"] = project.seed;
    else doc["seed"] = project.seedText;
    doc["size"] = {{"width", project.size.width}, {"height", project.size.height}, {"depth", project.size.depth}};
    doc["movement"] = static_cast<int>(project.movement);
    if (!project.tileKinds.builtInOnly()) doc["tile_kinds"] = tileKindsToJson(project.tileKinds);
    if (!project.gameTiles.empty()) doc["game_tiles"] = gameTilesToJson(project.gameTiles);
    if (!project.prefabs.empty()) doc["prefabs"] = prefabsToJson(project.prefabs, project.tileKinds);
    if (!project.roomGraphs.empty()) doc["room_graphs"] = roomGraphsToJson(project.roomGraphs);
    ordered_json recipe = ordered_json::array();
    for (const auto& entry : project.recipe.stages) {
        ordered_json stage = stageToJson(entry, project.tileKinds);
        // What the rules file held when saved: reading it again tells a file changed
        // since (a save cut short between two renames, or an edit outside Burrow).
        if (!entry.rulesFile.empty() && entry.rules) stage["rules_hash"] = rulesHash(*entry.rules, project.tileKinds);
        recipe.push_back(std::move(stage));
    }
    doc["recipe"] = recipe;
    if (!project.edits.empty()) {
        ordered_json edits = ordered_json::array();
        project.edits.forEach([&](const Cell& c, Tile t) { edits.push_back({c.x, c.y, c.z, project.tileKinds[t].id}); });
        doc["edits"] = edits;
    }
    if (!project.acceptance.rules.empty() || project.acceptance.attempts != kDefaultAttempts) doc["acceptance"] = acceptanceToJson(project.acceptance);
    if (!project.pinnedSeeds.empty()) doc["pinned_seeds"] = project.pinnedSeeds;
    if (!project.extra.empty()) doc["extra"] = ordered(project.extra);
    return doc;
}

std::string projectHash(const Project& project) {
    ordered_json what = {{"size", {project.size.width, project.size.height, project.size.depth}}, {"movement", static_cast<int>(project.movement)}};
    ordered_json stages = ordered_json::array();
    for (const auto& entry : project.recipe.stages) {
        ordered_json stage = stageToJson(entry, project.tileKinds);
        if (entry.rules) stage["rules"] = rulesToJson(*entry.rules, project.tileKinds); // the rules themselves, not a file name
        stages.push_back(stage);
    }
    // What the project's own kinds are decides how its level plays and exports; a
    // project of built-ins hashes as it always did.
    if (!project.tileKinds.builtInOnly()) what["tile_kinds"] = tileKindsToJson(project.tileKinds);
    // The prefabs as drawn, wherever they were read from.
    if (!project.prefabs.empty()) {
        ordered_json prefabs = ordered_json::array();
        for (const Prefab& p : project.prefabs.prefabs) prefabs.push_back(prefabToJson(p, project.tileKinds));
        what["prefabs"] = prefabs;
    }
    // A project without room graphs hashes as it always did.
    if (!project.roomGraphs.empty()) what["room_graphs"] = roomGraphsToJson(project.roomGraphs);
    what["recipe"] = stages;
    ordered_json edits = ordered_json::array();
    project.edits.forEach([&](const Cell& c, Tile t) { edits.push_back({c.x, c.y, c.z, static_cast<int>(t)}); });
    what["edits"] = edits;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hashText(what.dump())));
    return hex;
}

Project withFilesNamedFrom(const Project& project, const fs::path& folder) {
    Project moved = project;
    const fs::path to = folder.empty() ? fs::current_path() : fs::absolute(folder).lexically_normal();
    // A tileset file names its image relative to itself, which moving the project leaves alone.
    for (GameTileset& set : moved.gameTiles.tilesets) {
        if (!set.source.empty()) set.source = renamed(set.source, set.sourcePath, to);
        else if (!set.image.empty()) set.image = renamed(set.image, set.imagePath, to);
    }
    ProjectPrefabs& prefabs = moved.prefabs;
    const auto rename = [&](json& name) {
        if (name.is_string()) name = renamed(name.get<std::string>(), prefabs.folder / name.get<std::string>(), to);
    };
    for (json& source : prefabs.sources) {
        if (source.is_string()) rename(source);
        else if (source.is_object())
            for (const char* key : {"tiled", "text"})
                if (source.contains(key)) rename(source[key]);
    }
    prefabs.folder = to;
    return moved;
}

void saveProject(const Project& project, const std::filesystem::path& path) {
    // Rules kept in their own file are part of what is saved: edits made to them in
    // the editor, or a Save As into another folder, write the file beside the project
    // (only when what is there differs), so reopening gives the same level. The rules
    // files and the project are one transaction: all of them are written whole before
    // any replaces its old file, the project last.
    FileTransaction save;
    std::vector<std::filesystem::path> added;
    for (const StageEntry& entry : project.recipe.stages) {
        if (entry.rulesFile.empty() || !entry.rules) continue;
        const std::filesystem::path file = path.parent_path() / entry.rulesFile;
        if (std::find(added.begin(), added.end(), file.lexically_normal()) != added.end()) continue; // two stages, one file
        bool same = false;
        try {
            same = loadRules(file, project.tileKinds, &project.prefabs) == *entry.rules;
        } catch (const FileError&) {
            same = false; // missing or broken: write it
        }
        if (same) continue;
        save.add(file, rulesToJson(*entry.rules, project.tileKinds).dump(2) + "\n");
        added.push_back(file.lexically_normal());
    }
    save.add(path, projectToJson(withFilesNamedFrom(project, fs::absolute(path).parent_path())).dump(2) + "\n");
    save.commit();
}

} // namespace burrow
