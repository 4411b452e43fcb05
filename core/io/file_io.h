#pragma once
// Reading and writing whole files safely.
#include <cstddef>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace burrow {

// Files larger than this are refused before reading: no project is that big, and a
// hostile file must not exhaust memory.
inline constexpr std::size_t kMaxInputFileBytes = 64u << 20;

// Throws FileError naming the file when it is missing, unreadable or too large.
std::string readTextFile(const std::filesystem::path& path);
// How deep JSON may nest. Burrow's own files nest under 10 levels (a project's
// rules' templates' behaviours are 7); 64 leaves room for any designer's extra data
// while keeping every recursive walk of a value (copy, print, free) far from the
// stack's end, whatever the file.
inline constexpr std::size_t kMaxJsonDepth = 64;

// The one way Burrow reads JSON, for every kind of file: refuses nesting deeper
// than kMaxJsonDepth and numbers too large for a double, and throws FileError
// naming `name` with the line and column of a syntax error or the JSON path of a
// value it cannot hold.
nlohmann::json parseJsonText(const std::string& text, const std::string& name);
nlohmann::json parseJsonFile(const std::filesystem::path& path);
// The one way Burrow writes a file: to a temporary file beside `path`, every write
// checked, flushed to the disk, then renamed over `path`, keeping its permissions
// and writing through a symlink to its target. A failed write (a full disk, no
// permission) leaves the old file as it was and throws FileError saying why.
void writeFileAtomically(const std::filesystem::path& path, const std::string& contents);

} // namespace burrow
