#pragma once
// Set bits of a word, for the passes that count cells a word at a time.
// std::popcount is a call into libgcc unless the build targets a processor with the
// instruction (-mpopcnt, which a generic x86-64 build may not assume); these dozen
// operations are inline and cost a few cycles.
#include <bit>
#include <cstdint>

namespace burrow {

inline std::uint32_t bitCount(std::uint64_t x) {
#if defined(__POPCNT__) || !defined(__x86_64__)
    return static_cast<std::uint32_t>(std::popcount(x));
#else
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return static_cast<std::uint32_t>((x * 0x0101010101010101ull) >> 56);
#endif
}

} // namespace burrow
