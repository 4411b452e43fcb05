#include "export/gid_text.h"

#include <array>
#include <charconv>
#include <cstring>

namespace burrow {
namespace {

// "00" to "99", for writing two digits with one copy.
constexpr std::array<char, 200> kTwoDigits = [] {
    std::array<char, 200> digits{};
    for (int i = 0; i < 100; ++i) {
        digits[static_cast<std::size_t>(2 * i)] = static_cast<char>('0' + i / 10);
        digits[static_cast<std::size_t>(2 * i + 1)] = static_cast<char>('0' + i % 10);
    }
    return digits;
}();

} // namespace

char* writeGids(const int* gids, int count, char* out) {
    for (int x = 0; x < count; ++x) {
        if (x > 0) *out++ = ',';
        const int g = gids[x];
        if (g >= 0 && g < 10) *out++ = static_cast<char>('0' + g);
        else if (g >= 10 && g < 100) {
            std::memcpy(out, kTwoDigits.data() + 2 * g, 2);
            out += 2;
        } else out = std::to_chars(out, out + 11, g).ptr;
    }
    return out;
}

} // namespace burrow
