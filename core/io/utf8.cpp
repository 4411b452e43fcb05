#include "io/utf8.h"

#include <algorithm>
#include <cstdio>

#include "io/diagnostic.h"

namespace burrow {

std::optional<std::size_t> firstNonUtf8Byte(std::string_view text) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char lead = byte(i);
        if (lead < 0x80) {
            ++i;
            continue;
        }
        // The sequence's length, and the range its second byte must fall in (which
        // rules out overlong forms, surrogates and code points above U+10FFFF).
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xbf;
        if (lead >= 0xc2 && lead <= 0xdf) length = 2;
        else if (lead == 0xe0) length = 3, low = 0xa0;
        else if (lead == 0xed) length = 3, high = 0x9f;
        else if (lead >= 0xe1 && lead <= 0xef) length = 3;
        else if (lead == 0xf0) length = 4, low = 0x90;
        else if (lead == 0xf4) length = 4, high = 0x8f;
        else if (lead >= 0xf1 && lead <= 0xf3) length = 4;
        else return i;
        if (i + length > text.size()) return i;
        if (byte(i + 1) < low || byte(i + 1) > high) return i;
        for (std::size_t k = 2; k < length; ++k)
            if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return i;
        i += length;
    }
    return std::nullopt;
}

void requireUtf8(const std::string& file, std::string_view text, const std::string& whatItIs) {
    const auto bad = firstNonUtf8Byte(text);
    if (!bad) return;
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(*bad), '\n');
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[*bad]));
    throw FileError(file, {{"", "line " + std::to_string(line) + ": byte " + byte + " is not UTF-8 text, as " + whatItIs + " must be"}});
}

std::string utf8Only(std::string_view text, char replacement) {
    std::string out;
    while (const auto bad = firstNonUtf8Byte(text)) {
        out.append(text.substr(0, *bad));
        out += replacement;
        text.remove_prefix(*bad + 1);
    }
    out.append(text);
    return out;
}

} // namespace burrow
