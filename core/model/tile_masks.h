#pragma once
// Eight tiles to eight bits at once, for the passes that scan whole levels
// (region labelling, searches). Relies on the tile numbering, checked here, and
// on every byte being a built-in kind: a level with kinds of its own goes through
// TileKinds::walkableMask.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "model/tile.h"
#include "model/byte_order.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace burrow {

static_assert(static_cast<int>(Tile::Floor) == 1 && static_cast<int>(Tile::Exit) == 7 && static_cast<int>(Tile::Obstacle) == 8 &&
                  static_cast<int>(Tile::StairsDown) == 5 && static_cast<int>(Tile::StairsUp) == 6 && kTileKindCount <= 16,
              "the masks below assume this numbering");

// Bit k set when tiles[k] is numbered in [lo, hi); no branch per tile.
inline std::uint8_t tileRangeMask(const Tile* tiles, std::uint64_t lo, std::uint64_t hi) {
    std::uint64_t v;
    std::memcpy(&v, tiles, 8);
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    // Per byte (all below 16, so no carries): the high bit of t + 128 - n says t >= n.
    const std::uint64_t inRange = ((v + (0x80 - lo) * ones) & ~(v + (0x80 - hi) * ones)) & highs;
    // Gather the eight high bits into one byte, byte k to bit k.
    return static_cast<std::uint8_t>((((inRange >> 7) & ones) * 0x0102040810204080ull) >> 56);
}

// Walkable tiles are exactly those numbered 1 to 7.
inline std::uint8_t walkableMask(const Tile* tiles) { return tileRangeMask(tiles, 1, 8); }

// Bit k set when tiles[k] of 64 is walkable: sixteen at a time where SSE2 is (every
// x86-64), eight at a time elsewhere. Region counting reads every tile this way.
inline std::uint64_t walkableWord(const Tile* tiles) {
#if defined(__SSE2__)
    std::uint64_t word = 0;
    const __m128i none = _mm_setzero_si128(), first = _mm_set1_epi8(8);
    for (int part = 0; part < 4; ++part) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(tiles + part * 16));
        // Every built-in number is below 16, so signed compares are safe.
        const __m128i walkable = _mm_and_si128(_mm_cmpgt_epi8(v, none), _mm_cmplt_epi8(v, first));
        word |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(walkable))) << (part * 16);
    }
    return word;
#else
    std::uint64_t word = 0;
    for (int b = 0; b < 8; ++b) word |= static_cast<std::uint64_t>(walkableMask(tiles + b * 8)) << (b * 8);
    return word;
#endif
}
inline std::uint8_t stairsMask(const Tile* tiles) { return tileRangeMask(tiles, 5, 7); }

// Calls word(k, cells) for each 64 tiles of a row of `width`: cells is the row's
// tiles k * 64 on, or for a last part shorter than 64, a copy padded with rock, so
// passes reading eight tiles at a time never read past the row.
template <typename Word>
inline void forEachRowWord(const Tile* row, int width, Word&& word) {
    const std::size_t whole = static_cast<std::size_t>(width) / 64, rest = static_cast<std::size_t>(width) % 64;
    for (std::size_t k = 0; k < whole; ++k) word(k, row + k * 64);
    if (rest) {
        Tile padded[64];
        std::fill(std::begin(padded), std::end(padded), Tile::Wall);
        std::copy(row + whole * 64, row + width, padded);
        word(whole, static_cast<const Tile*>(padded));
    }
}

} // namespace burrow
