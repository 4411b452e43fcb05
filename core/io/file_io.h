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

// Throws FileError when the name has a control character in it: such a name is
// refused, never opened (a NUL would end it early at the system call, or in a game's
// file reader, which then opens another file than the one named).
void checkFileName(const std::string& name);
// Throws FileError naming the file when it is missing, unreadable or too large.
std::string readTextFile(const std::filesystem::path& path);
// The same with a cap of the caller's: a format whose content is small by nature (a
// prefab drawn as text) refuses a large file before reading it. `what` names it in
// the message ("a text prefab").
std::string readTextFile(const std::filesystem::path& path, std::size_t maxBytes, const std::string& what);
// How deep JSON may nest. Burrow's own files nest under 10 levels (a project's
// rules' templates' behaviours are 7); 64 leaves room for any designer's extra data
// while keeping every recursive walk of a value (copy, print, free) far from the
// stack's end, whatever the file.
inline constexpr std::size_t kMaxJsonDepth = 64;

// What a JSON document may take in memory once read: this many bytes for each byte
// of its text, plus the floor. A list of small numbers ("1,2,3") takes about 8 times
// its text, a Tiled map or a project 9 to 19; only junk such as a list of empty
// objects ("{},{}", 27) goes past. It is refused while it is read, so a read's peak
// memory stays a small multiple of the file's size (the 64 MiB cap: 1.5 GiB at most).
inline constexpr std::size_t kJsonMemoryPerByte = 24;
inline constexpr std::size_t kJsonMemoryFloor = 1u << 20;

// The one way Burrow reads JSON, for every kind of file: refuses nesting deeper
// than kMaxJsonDepth, numbers too large for a double and documents that would take
// more memory than kJsonMemoryPerByte allows, reading in linear time, and throws FileError
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
