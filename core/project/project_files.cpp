#include "project/project_files.h"

#include <algorithm>

#include "io/diagnostic.h"
#include "io/file_io.h"
#include "random/rng.h"

namespace burrow {
namespace fs = std::filesystem;

namespace {

// A file that cannot be read (missing, too large, a folder) hashes as this, its
// reason included, so a file that appears or goes away counts as changed.
std::uint64_t contentHash(const fs::path& file) {
    try {
        return hashText(readTextFile(file));
    } catch (const FileError& e) {
        return hashText(std::string("unreadable: ") + e.what());
    }
}

void addOnce(std::vector<fs::path>& files, const fs::path& file) {
    const fs::path normal = fs::absolute(file).lexically_normal();
    if (std::find(files.begin(), files.end(), normal) == files.end()) files.push_back(normal);
}

} // namespace

std::vector<fs::path> filesSaved(const Project& project, const fs::path& projectFile) {
    std::vector<fs::path> files;
    const fs::path folder = fs::absolute(projectFile).parent_path();
    for (const StageEntry& entry : project.recipe.stages)
        if (!entry.rulesFile.empty()) addOnce(files, folder / entry.rulesFile);
    addOnce(files, projectFile);
    return files;
}

std::vector<fs::path> projectFiles(const Project& project, const fs::path& projectFile) {
    std::vector<fs::path> files;
    addOnce(files, projectFile);
    for (const fs::path& f : filesSaved(project, projectFile)) addOnce(files, f);
    const fs::path prefabFolder = project.prefabs.folder.empty() ? fs::absolute(projectFile).parent_path() : project.prefabs.folder;
    for (const nlohmann::json& source : project.prefabs.sources) {
        if (source.is_string()) addOnce(files, prefabFolder / source.get<std::string>());
        else if (source.is_object())
            for (const char* key : {"tiled", "text"})
                if (source.contains(key) && source[key].is_string()) addOnce(files, prefabFolder / source[key].get<std::string>());
    }
    for (const GameTileset& set : project.gameTiles.tilesets) {
        if (!set.sourcePath.empty()) addOnce(files, set.sourcePath);
        if (!set.imagePath.empty()) addOnce(files, set.imagePath);
    }
    return files;
}

FileSnapshot::FileSnapshot(const std::vector<fs::path>& files) { retake(files); }

std::vector<fs::path> FileSnapshot::changed() const {
    std::vector<fs::path> out;
    for (std::size_t i = 0; i < files_.size(); ++i)
        if (contentHash(files_[i]) != hashes_[i]) out.push_back(files_[i]);
    return out;
}

void FileSnapshot::retake(const std::vector<fs::path>& files) {
    for (const fs::path& file : files) {
        const fs::path normal = fs::absolute(file).lexically_normal();
        const auto at = std::find(files_.begin(), files_.end(), normal);
        const std::uint64_t hash = contentHash(normal);
        if (at == files_.end()) {
            files_.push_back(normal);
            hashes_.push_back(hash);
        } else {
            hashes_[static_cast<std::size_t>(at - files_.begin())] = hash;
        }
    }
}

} // namespace burrow
