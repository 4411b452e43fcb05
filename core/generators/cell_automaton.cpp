#include "generators/cell_automaton.h"
#include "model/byte_order.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace burrow {

BitGrid::BitGrid(int width, int height, bool outsideAlive)
    : width_(width), height_(height), words_((width + 63) / 64), outsideAlive_(outsideAlive) {
    const int used = width % 64;
    lastWordMask_ = used == 0 ? ~0ull : (1ull << used) - 1;
    bits_.assign(static_cast<std::size_t>(words_) * static_cast<std::size_t>(height), 0);
    for (int y = 0; y < height; ++y) fixPadding(y);
}

void BitGrid::set(int x, int y, bool alive) {
    std::uint64_t& word = row(y)[x >> 6];
    const std::uint64_t bit = 1ull << (x & 63);
    word = alive ? (word | bit) : (word & ~bit);
}

void BitGrid::fixPadding(int y) {
    if (words_ == 0) return;
    std::uint64_t& last = row(y)[words_ - 1];
    last = (last & lastWordMask_) | (outsideAlive_ ? ~lastWordMask_ : 0);
}

void BitGrid::randomize(Rng& rng, double p) {
    // A 32-bit threshold per cell; p = 1 gives 2^32, above every draw. Cells take the
    // low then the high half of each 64-bit draw, left to right, row by row.
    const double clamped = p <= 0.0 ? 0.0 : (p >= 1.0 ? 1.0 : p);
    const auto threshold = static_cast<std::uint64_t>(clamped * 4294967296.0);
    for (int y = 0; y < height_; ++y) {
        std::uint64_t* bits = row(y);
        for (int w = 0; w < words_; ++w) {
            const int cells = std::min(64, width_ - w * 64);
            std::uint64_t word = 0;
            for (int b = 0; b < cells; b += 2) {
                const std::uint64_t draw = rng.next64();
                word |= static_cast<std::uint64_t>((draw & 0xffffffffull) < threshold) << b;
                if (b + 1 < cells) word |= static_cast<std::uint64_t>((draw >> 32) < threshold) << (b + 1);
            }
            bits[w] = word;
        }
        fixPadding(y);
    }
}

void BitGrid::fromTiles(const Tile* tiles, int y, const TileKinds& kinds) {
    std::uint64_t* bits = row(y);
    std::memset(bits, 0, static_cast<std::size_t>(words_) * sizeof(std::uint64_t));
    for (int x = 0; x < width_; ++x)
        if (kinds.walkable(tiles[x])) bits[x >> 6] |= 1ull << (x & 63);
    fixPadding(y);
}

BitsToTiles::BitsToTiles(Tile alive, Tile dead) : alive_(alive), dead_(dead) {
    for (std::size_t v = 0; v < 256; ++v)
        for (std::size_t b = 0; b < 8; ++b) table_[v][b] = ((v >> b) & 1u) ? alive : dead;
}

void BitsToTiles::row(const BitGrid& bits, int y, Tile* out) const {
    const std::uint64_t* words = bits.row(y);
    const int width = bits.width();
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        const auto byte = static_cast<std::size_t>((words[x >> 6] >> (x & 63)) & 0xffu);
        std::memcpy(out + x, table_[byte].data(), 8);
    }
    for (; x < width; ++x) out[x] = bits.get(x, y) ? alive_ : dead_;
}

namespace {

struct Sum2 {
    std::uint64_t sum, carry;
};
inline Sum2 halfAdd(std::uint64_t a, std::uint64_t b) { return {a ^ b, a & b}; }
inline Sum2 fullAdd(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    const std::uint64_t t = a ^ b;
    return {t ^ c, (a & b) | (c & t)};
}

// Cells of `r` shifted so bit x holds cell x-1 (west) or x+1 (east), with the outside
// value shifted in at the map's edges.
inline std::uint64_t westOf(const std::uint64_t* r, int i, std::uint64_t outside) {
    return (r[i] << 1) | (i > 0 ? r[i - 1] >> 63 : outside & 1u);
}
inline std::uint64_t eastOf(const std::uint64_t* r, int i, int words, std::uint64_t outside) {
    return (r[i] >> 1) | (i + 1 < words ? r[i + 1] << 63 : outside << 63);
}

} // namespace

std::uint16_t countMask(const std::vector<int>& counts) {
    std::uint16_t mask = 0;
    for (int n : counts)
        if (n >= 0 && n <= 8) mask = static_cast<std::uint16_t>(mask | (1u << n));
    return mask;
}

void advanceGeneration(const BitGrid& from, BitGrid& to, const LifeRule& rule) {
    const int words = from.wordsPerRow();
    const std::uint64_t outside = from.outsideAlive() ? ~0ull : 0ull;
    const std::vector<std::uint64_t> outsideRow(static_cast<std::size_t>(words), outside);
    // The neighbour counts that matter to either rule; the others need no test.
    std::vector<int> counts;
    for (int n = 0; n <= 8; ++n)
        if (((rule.born | rule.survive) >> n) & 1u) counts.push_back(n);

    for (int y = 0; y < from.height(); ++y) {
        const std::uint64_t* up = y > 0 ? from.row(y - 1) : outsideRow.data();
        const std::uint64_t* cur = from.row(y);
        const std::uint64_t* down = y + 1 < from.height() ? from.row(y + 1) : outsideRow.data();
        std::uint64_t* out = to.row(y);
        for (int i = 0; i < words; ++i) {
            // The neighbour count of all 64 cells as four bit planes s0..s3.
            std::uint64_t s0, s1, s2, s3;
            if (rule.neighbourhood == 4) {
                const Sum2 a = fullAdd(up[i], down[i], westOf(cur, i, outside));
                const Sum2 b = halfAdd(a.sum, eastOf(cur, i, words, outside));
                s0 = b.sum;
                s1 = a.carry ^ b.carry;
                s2 = a.carry & b.carry;
                s3 = 0;
            } else {
                const Sum2 a = fullAdd(westOf(up, i, outside), up[i], eastOf(up, i, words, outside));
                const Sum2 b = fullAdd(westOf(down, i, outside), down[i], eastOf(down, i, words, outside));
                const Sum2 c = halfAdd(westOf(cur, i, outside), eastOf(cur, i, words, outside));
                const Sum2 ones = fullAdd(a.sum, b.sum, c.sum);
                const Sum2 twos = fullAdd(a.carry, b.carry, c.carry);
                const Sum2 twos2 = halfAdd(twos.sum, ones.carry);
                s0 = ones.sum;
                s1 = twos2.sum;
                s2 = twos.carry ^ twos2.carry;
                s3 = twos.carry & twos2.carry;
            }
            std::uint64_t born = 0, survive = 0;
            for (int n : counts) {
                const std::uint64_t eq = ((n & 1) ? s0 : ~s0) & ((n & 2) ? s1 : ~s1) & ((n & 4) ? s2 : ~s2) & ((n & 8) ? s3 : ~s3);
                if ((rule.born >> n) & 1u) born |= eq;
                if ((rule.survive >> n) & 1u) survive |= eq;
            }
            out[i] = (cur[i] & survive) | (~cur[i] & born);
        }
        to.fixPadding(y);
    }
}

} // namespace burrow
