#pragma once
// The files of a project a game read from memory (burrow_project_from_json_files):
// handed over by the game's reader (its archive), not read from a folder on disk.
// Every file is asked for once, by its path relative to the project, and kept: a
// project made from this one with overrides reads them again from here, so the
// game's reader need not outlive the call that opened the project.
#include <cstddef>
#include <filesystem>
#include <map>
#include <string>

#include "burrow/burrow.h"
#include "io/file_source.h"

// What the game's reader hands a file's bytes to (burrow_file_bytes).
struct burrow_file {
    std::size_t maxBytes = 0;
    bool given = false;
    bool tooLarge = false;
    std::size_t length = 0; // as given, also when too large
    std::string bytes;
};

namespace burrow::runtime {

class GameFiles final : public burrow::FileSource {
public:
    // Files are named relative to `root` (the folder of the project's name); `reader`
    // may be null once every file has been read.
    GameFiles(std::filesystem::path root, burrow_file_reader reader, void* userData);

    using FileSource::read;
    std::string read(const std::filesystem::path& path, std::size_t maxBytes, const std::string& what) const override;

    // Once the project is open: what was read is all there is (the reader may be gone).
    void forgetReader() {
        reader_ = nullptr;
        userData_ = nullptr;
    }

private:
    // "rules/caves.rules.json": the path as the game's archive holds it.
    std::string nameOf(const std::filesystem::path& path) const;

    std::filesystem::path root_;
    burrow_file_reader reader_;
    void* userData_;
    mutable std::map<std::string, std::string> files_;
};

} // namespace burrow::runtime
