#pragma once
// Where the files a project names are read from: the disk, or whatever a game's own
// reader hands over (a game that ships its project inside an archive, through the C
// API). Everything that reads a project's files (its rules, prefabs, Tiled maps and
// tilesets, the game's tile art) reads them through one, so a project read from
// memory needs no folder on disk and gets the same checks and messages.
#include <cstddef>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "io/file_io.h"

namespace burrow {

class FileSource {
public:
    virtual ~FileSource() = default;
    // The bytes of `path`; throws FileError naming it when it cannot be read or is
    // over `maxBytes` (`what` names the kind of file the cap is for: "a text prefab").
    virtual std::string read(const std::filesystem::path& path, std::size_t maxBytes, const std::string& what) const = 0;

    std::string read(const std::filesystem::path& path) const { return read(path, kMaxInputFileBytes, "a file"); }
    // Read as parseJsonText reads it, errors naming the file.
    nlohmann::json readJson(const std::filesystem::path& path) const { return parseJsonText(read(path), path.string()); }
};

// The disk, as readTextFile() reads it: what every reader uses unless told otherwise.
const FileSource& diskFiles();

} // namespace burrow
