#pragma once
// The files a project is made of, and what they held when it was read: so an editor
// can tell when another program (or a second editor) changed one of them, and never
// overwrite such a change silently.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "project/project.h"

namespace burrow {

// The project file, then every file it names: rules files, prefab files (libraries,
// Tiled maps, text), the game's tileset files and images. Absolute, each once.
std::vector<std::filesystem::path> projectFiles(const Project& project, const std::filesystem::path& projectFile);
// The files a save of `project` to `projectFile` writes: its rules files, then the project.
std::vector<std::filesystem::path> filesSaved(const Project& project, const std::filesystem::path& projectFile);

// What some files held at one moment, by a hash of their contents (so a file
// rewritten with the same bytes, or touched, is no change; a missing file is one
// state, and a file appearing there is a change).
class FileSnapshot {
public:
    FileSnapshot() = default;
    explicit FileSnapshot(const std::vector<std::filesystem::path>& files);

    // The files whose contents differ now from what they held then.
    std::vector<std::filesystem::path> changed() const;
    // Takes what `files` hold now (adding the ones not kept yet).
    void retake(const std::vector<std::filesystem::path>& files);
    const std::vector<std::filesystem::path>& files() const { return files_; }

private:
    std::vector<std::filesystem::path> files_;
    std::vector<std::uint64_t> hashes_; // one a file (an unreadable file hashes its reason)
};

} // namespace burrow
