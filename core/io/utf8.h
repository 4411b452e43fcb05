#pragma once
// Whether text is UTF-8, as XML and JSON files must be: a Tiled file with other
// bytes in it is refused where it is read, with its line, rather than carried into
// the level's properties to break every JSON file written from them.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace burrow {

// The offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF), or nothing.
std::optional<std::size_t> firstNonUtf8Byte(std::string_view text);

// Throws a FileError naming `file` and the line of the first byte of `text` (the
// file's) that is not UTF-8, saying it must be: for XML files, which JSON is read from.
void requireUtf8(const std::string& file, std::string_view text, const std::string& whatItIs);

// The text with each byte that is not well-formed UTF-8 replaced by `replacement`
// (an ASCII character): for a name taken from the file system, which may hold any
// bytes, that a JSON file must then name.
std::string utf8Only(std::string_view text, char replacement);

} // namespace burrow
