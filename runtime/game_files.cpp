#include "game_files.h"

#include <utility>

#include "io/diagnostic.h"

namespace burrow::runtime {
namespace fs = std::filesystem;

GameFiles::GameFiles(fs::path root, burrow_file_reader reader, void* userData) : root_(std::move(root)), reader_(reader), userData_(userData) {}

std::string GameFiles::nameOf(const fs::path& path) const {
    // The readers name files from the project's folder, some made absolute: either
    // way, relative to the project is what the archive knows.
    const fs::path base = root_.empty() ? fs::path(".") : root_;
    const fs::path from = path.is_absolute() ? fs::absolute(base) : base;
    fs::path name = path.lexically_normal().lexically_relative(from.lexically_normal());
    if (name.empty()) name = path.lexically_normal(); // on another root: as named
    return name.generic_string();
}

std::string GameFiles::read(const fs::path& path, std::size_t maxBytes, const std::string& what) const {
    const std::string name = nameOf(path);
    checkFileName(name); // a NUL would cut the name short at the game's reader
    const fs::path shown = root_ / name; // as the project's messages name it
    const auto tooLarge = [&](std::size_t length) {
        return FileError(shown.string(), {{"", "is " + std::to_string(length) + " bytes; " + what + " over " + std::to_string(maxBytes) + " bytes is refused"}});
    };
    if (const auto known = files_.find(name); known != files_.end()) {
        if (known->second.size() > maxBytes) throw tooLarge(known->second.size());
        return known->second;
    }
    if (!reader_) throw FileError(shown.string(), {{"", "was not among the files read when the project was opened"}});
    burrow_file file;
    file.maxBytes = maxBytes;
    if (reader_(userData_, name.c_str(), &file) != 0 || !file.given)
        throw FileError(shown.string(), {{"", "the game's file reader has no such file"}});
    if (file.tooLarge) throw tooLarge(file.length);
    return files_.emplace(name, std::move(file.bytes)).first->second;
}

} // namespace burrow::runtime
