#pragma once
// Reading and writing whole files safely.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

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
// The same, with the contents made piece by piece: `produce` hands each piece to the
// sink it is given, in order, so a file as large as the level is never held whole in
// memory. If `produce` throws, the temporary file is removed and the exception passes on.
using FileSink = std::function<void(std::string_view)>;
using FileProducer = std::function<void(const FileSink&)>;
void writeFileAtomically(const std::filesystem::path& path, const FileProducer& produce);

} // namespace burrow
