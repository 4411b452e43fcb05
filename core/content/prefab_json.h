#pragma once
// The project's "prefabs" as JSON (docs/project-format.md "Prefabs"): each drawn as
// rows of glyphs with a legend, read from a text file with a legend, imported from
// a Tiled map (content/prefab_tiled.h), or a library file of several.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "content/prefab.h"
#include "io/file_source.h"
#include "io/json_checker.h"
#include "model/tile_kinds.h"

namespace burrow {

inline constexpr const char* kPrefabLibraryFormat = "burrow-prefabs";

// A project's prefabs, and how each was given, so a save writes them back as they
// were written: drawn in the project, or named by a file.
struct ProjectPrefabs {
    std::vector<Prefab> prefabs;
    // One entry a prefab: empty when drawn in the project, else the JSON that named
    // its file ("lib.json", {"id": ..., "tiled": "x.tmj"}), written back once.
    std::vector<nlohmann::json> sources;
    // The folder the sources' paths are relative to (the project's when read), absolute.
    // Not part of what the prefabs are: the same file read from two places is equal.
    std::filesystem::path folder;
    // The ids of prefabs whose files could not be read: their problem is reported
    // where they are named, and what names them is not refused again for it.
    std::vector<std::string> unreadable;

    bool empty() const { return prefabs.empty(); }
    bool isUnreadable(const std::string& id) const { return std::find(unreadable.begin(), unreadable.end(), id) != unreadable.end(); }
    const Prefab* find(const std::string& id) const;
    friend bool operator==(const ProjectPrefabs& a, const ProjectPrefabs& b) { return a.prefabs == b.prefabs && a.sources == b.sources; }
};

// Files are found relative to `folder` (the project's), and read from `files`.
ProjectPrefabs prefabsFromJson(const nlohmann::json& list, const std::string& path, JsonChecker& check, const TileKinds& kinds,
                               const std::filesystem::path& folder, const FileSource& files = diskFiles());
nlohmann::ordered_json prefabsToJson(const ProjectPrefabs& prefabs, const TileKinds& kinds);

// One prefab drawn as {"id", "name", "rows", "legend"}.
nlohmann::ordered_json prefabToJson(const Prefab& prefab, const TileKinds& kinds);
// Problems go to `check` with their paths under `path`; rows may come from a text
// file instead of the object (`rows` given, read from `rowsFile`, which problems
// with the rows then name with the line).
Prefab prefabFromJson(const nlohmann::json& object, const std::string& path, JsonChecker& check, const TileKinds& kinds,
                      const std::vector<std::string>* rows = nullptr, const std::string& rowsFile = {});

// Rows of glyphs from a text file (a line a row; trailing blank lines dropped).
// Throws FileError naming the file, also when it is larger than any prefab's text
// (kMaxPrefabTextBytes) or has more non-blank lines than a prefab has rows.
inline constexpr std::size_t kMaxPrefabTextBytes = 64u << 10;
std::vector<std::string> readPrefabText(const std::filesystem::path& path, const FileSource& files = diskFiles());

} // namespace burrow
