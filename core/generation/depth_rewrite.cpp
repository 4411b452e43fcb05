#include "generation/depth_rewrite.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>

namespace burrow {

namespace {
// Below this a list is small anyway, and packing it would cost more than it saves.
constexpr std::size_t kFewestChanges = 256;
constexpr std::uint16_t kNoCode = 0xffff;
} // namespace

// Sets the mask's bits and each changed cell's pair code, reading the changes in
// the order `nth` gives. With `CheckOrder` that is the order made, hoped to be cell
// order from firstCell_ up to `last`: OutOfOrder when it is not.
template <bool CheckOrder, typename Nth>
DepthRewrite::Collected DepthRewrite::collect(std::size_t n, int width, std::size_t last, std::vector<std::uint8_t>& codes, Nth nth) {
    const auto indexOf = [width](const CellChange& c) { return std::size_t{c.y} * static_cast<std::size_t>(width) + c.x; };
    const auto z = static_cast<std::uint8_t>(depth_);
    // A pair's code by (before, after): two or three hot entries, no branch on which.
    std::vector<std::uint16_t> codeOf(256 * 256, kNoCode);
    std::size_t count = 0;
    std::size_t previous = 0;
    for (std::size_t i = 0; i < n;) {
        const CellChange& first = nth(i);
        const std::size_t index = indexOf(first);
        if (first.z != z) return Collected::Unpackable;
        if constexpr (CheckOrder)
            if (index < previous || index > last) return Collected::OutOfOrder;
        previous = index;
        Tile after = first.after;
        for (++i; i < n; ++i) { // the same cell again: its last `after` counts
            const CellChange& again = nth(i);
            if (indexOf(again) != index || again.z != z) break;
            after = again.after;
        }
        std::uint16_t& code = codeOf[static_cast<std::size_t>(first.before) * 256 + static_cast<std::size_t>(after)];
        if (code == kNoCode) {
            if (pairs_.size() == 256) return Collected::Unpackable;
            code = static_cast<std::uint16_t>(pairs_.size());
            pairs_.emplace_back(first.before, after);
        }
        codes[count++] = static_cast<std::uint8_t>(code);
        const std::size_t bit = index - firstCell_;
        mask_[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
    cellCount_ = count;
    return Collected::Done;
}

std::optional<DepthRewrite> DepthRewrite::from(std::span<const CellChange> changes, int width) {
    const std::size_t n = changes.size();
    if (n < kFewestChanges || width <= 0) return std::nullopt;
    const auto indexOf = [width](const CellChange& c) { return std::size_t{c.y} * static_cast<std::size_t>(width) + c.x; };
    DepthRewrite rewrite;
    rewrite.depth_ = changes.front().z;
    std::vector<std::uint8_t> codes(n);
    // Set up for cells `lowest` to `highest`; false when the mask alone would eat the
    // saving (more than a byte for eight changes).
    const auto span = [&](std::size_t lowest, std::size_t highest) {
        rewrite.firstCell_ = lowest / 64 * 64;
        const std::size_t words = highest / 64 - lowest / 64 + 1;
        if (words * 8 > n) return false;
        rewrite.mask_.assign(words, 0);
        rewrite.pairs_.clear();
        return true;
    };
    // Rows are usually rewritten in order: one pass, checking that they were.
    Collected collected = Collected::OutOfOrder;
    const std::size_t first = indexOf(changes.front()), last = indexOf(changes.back());
    if (first <= last && span(first, last))
        collected = rewrite.collect<true>(n, width, last, codes, [&](std::size_t i) -> const CellChange& { return changes[i]; });
    if (collected == Collected::OutOfOrder) {
        // Sorted by cell, keeping the order made among a cell's own changes.
        std::size_t lowest = first, highest = first;
        for (const CellChange& c : changes) {
            lowest = std::min(lowest, indexOf(c));
            highest = std::max(highest, indexOf(c));
        }
        if (!span(lowest, highest)) return std::nullopt;
        std::vector<std::uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return indexOf(changes[a]) < indexOf(changes[b]); });
        collected = rewrite.collect<false>(n, width, highest, codes, [&](std::size_t i) -> const CellChange& { return changes[order[i]]; });
    }
    if (collected != Collected::Done) return std::nullopt;
    codes.resize(rewrite.cellCount_);
    rewrite.packCodes(codes);
    if (rewrite.bytes() * 4 > n * sizeof(CellChange)) return std::nullopt;
    return rewrite;
}

namespace {
// Codes (pair indices) at the fewest bits that hold every pair: 1 for caves.
template <typename Code>
std::vector<std::uint8_t> packedCodes(const std::vector<Code>& codes, std::size_t pairs, int& bitsPerCode) {
    bitsPerCode = pairs <= 2 ? 1 : pairs <= 4 ? 2 : pairs <= 16 ? 4 : 8;
    const auto bits = static_cast<std::size_t>(bitsPerCode);
    std::vector<std::uint8_t> out((codes.size() * bits + 7) / 8, 0);
    if (bits == 1) { // eight codes a byte, no shifts to work out
        const std::size_t whole = codes.size() / 8;
        for (std::size_t i = 0; i < whole; ++i) {
            const Code* c = codes.data() + i * 8;
            out[i] = static_cast<std::uint8_t>(c[0] | c[1] << 1 | c[2] << 2 | c[3] << 3 | c[4] << 4 | c[5] << 5 | c[6] << 6 | c[7] << 7);
        }
        for (std::size_t k = whole * 8; k < codes.size(); ++k) out[k / 8] = static_cast<std::uint8_t>(out[k / 8] | codes[k] << (k % 8));
        return out;
    }
    for (std::size_t k = 0; k < codes.size(); ++k)
        out[k * bits / 8] = static_cast<std::uint8_t>(out[k * bits / 8] | (static_cast<unsigned>(codes[k]) << (k * bits % 8)));
    return out;
}
} // namespace

void DepthRewrite::packCodes(const std::vector<std::uint8_t>& codes) { codes_ = packedCodes(codes, pairs_.size(), bitsPerCode_); }

void DepthRewrite::write(Level& level, bool after) const {
    auto* tiles = level.tiles(depth_).data();
    const std::uint8_t codeMask = static_cast<std::uint8_t>((1u << bitsPerCode_) - 1u);
    std::size_t at = 0; // in bits, into codes_
    for (std::size_t w = 0; w < mask_.size(); ++w) {
        for (std::uint64_t m = mask_[w]; m != 0; m &= m - 1) {
            const std::uint8_t code = static_cast<std::uint8_t>((codes_[at / 8] >> (at % 8)) & codeMask);
            at += static_cast<std::size_t>(bitsPerCode_);
            const auto& pair = pairs_[code];
            tiles[firstCell_ + w * 64 + static_cast<std::size_t>(std::countr_zero(m))] = after ? pair.second : pair.first;
        }
    }
}

std::vector<std::uint32_t> DepthRewrite::cells() const {
    std::vector<std::uint32_t> out;
    out.reserve(cellCount_);
    for (std::size_t w = 0; w < mask_.size(); ++w)
        for (std::uint64_t m = mask_[w]; m != 0; m &= m - 1)
            out.push_back(static_cast<std::uint32_t>(firstCell_ + w * 64 + static_cast<std::size_t>(std::countr_zero(m))));
    return out;
}

std::size_t DepthRewrite::bytes() const {
    return sizeof(*this) + mask_.size() * sizeof(std::uint64_t) + pairs_.size() * sizeof(pairs_[0]) + codes_.size();
}

void RowRecorder::addRow(int z, int y, const Tile* before, const Tile* after, const std::uint64_t* changed) {
    if (empty()) {
        depth_ = z;
        firstCell_ = static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) / 64 * 64;
        if (codeOf_.empty()) codeOf_.assign(256 * 256, 0xffff);
    }
    lastRow_ = y;
    const auto w = static_cast<std::size_t>(width_);
    const std::size_t words = (w + 63) / 64;
    if (!changed) {
        // Which cells differ, eight at a time, as the words writeRowChanged is given.
        rowChanged_.assign(words, 0);
        std::size_t x = 0;
        for (; x + 8 <= w; x += 8) {
            std::uint64_t a = 0, b = 0;
            std::memcpy(&a, before + x, 8);
            std::memcpy(&b, after + x, 8);
            std::uint64_t differ = a ^ b;
            differ |= differ >> 4;
            differ |= differ >> 2;
            differ |= differ >> 1;
            differ &= 0x0101010101010101ull;
            // Byte k's low bit to bit k, then into place.
            rowChanged_[x / 64] |= ((differ * 0x0102040810204080ull) >> 56) << (x % 64);
        }
        for (; x < w; ++x)
            if (before[x] != after[x]) rowChanged_[x / 64] |= std::uint64_t{1} << (x % 64);
        changed = rowChanged_.data();
    }
    const std::size_t rowStart = static_cast<std::size_t>(y) * w - firstCell_;
    mask_.resize((rowStart + w + 63) / 64 + 1, 0); // a word spare: rows need not start on one
    codes_.resize(codes_.size() + w);             // room for every cell; cut back below
    std::uint16_t* code = codes_.data() + codes_.size() - w;
    const std::uint16_t* codeOf = codeOf_.data();
    const std::size_t shift = rowStart % 64;
    for (std::size_t word = 0; word < words; ++word) {
        std::uint64_t m = changed[word];
        if (word + 1 == words && w % 64 != 0) m &= (std::uint64_t{1} << (w % 64)) - 1;
        if (m == 0) continue;
        // The word's bits land in the mask at rowStart + 64 word, straddling two words.
        const std::size_t at = (rowStart + word * 64) / 64;
        mask_[at] |= m << shift;
        if (shift != 0) mask_[at + 1] |= m >> (64 - shift);
        for (; m != 0; m &= m - 1) {
            const std::size_t x = word * 64 + static_cast<std::size_t>(std::countr_zero(m));
            const std::size_t key = static_cast<std::size_t>(before[x]) * 256 + static_cast<std::size_t>(after[x]);
            std::uint16_t c = codeOf[key];
            if (c == 0xffff) c = newPair(key, before[x], after[x]);
            *code++ = c;
        }
    }
    codes_.resize(static_cast<std::size_t>(code - codes_.data()));
}

std::uint16_t RowRecorder::newPair(std::size_t key, Tile before, Tile after) {
    const auto code = static_cast<std::uint16_t>(pairs_.size());
    codeOf_[key] = code;
    pairs_.emplace_back(before, after);
    return code;
}

std::optional<DepthRewrite> RowRecorder::take(std::vector<CellChange>& list) {
    if (empty()) return std::nullopt;
    DepthRewrite rewrite;
    rewrite.depth_ = depth_;
    rewrite.firstCell_ = firstCell_;
    rewrite.cellCount_ = codes_.size();
    rewrite.pairs_ = pairs_;
    const std::size_t bytes = mask_.size() * 8 + codes_.size();
    if (pairs_.size() > 256 || codes_.size() < kFewestChanges || bytes * 4 > codes_.size() * sizeof(CellChange)) {
        flushInto(list);
        return std::nullopt;
    }
    rewrite.codes_ = packedCodes(codes_, pairs_.size(), rewrite.bitsPerCode_);
    rewrite.mask_ = std::move(mask_);
    // The mask may end in words no row reached (rows shorter than a word): trim.
    while (!rewrite.mask_.empty() && rewrite.mask_.back() == 0) rewrite.mask_.pop_back();
    clear();
    return rewrite;
}

void RowRecorder::flushInto(std::vector<CellChange>& list) {
    if (empty()) return;
    const auto w = static_cast<std::size_t>(width_);
    std::size_t k = 0;
    for (std::size_t word = 0; word < mask_.size(); ++word)
        for (std::uint64_t m = mask_[word]; m != 0; m &= m - 1) {
            const std::size_t cell = firstCell_ + word * 64 + static_cast<std::size_t>(std::countr_zero(m));
            const auto& pair = pairs_[codes_[k++]];
            list.push_back({static_cast<std::uint16_t>(cell % w), static_cast<std::uint16_t>(cell / w), static_cast<std::uint8_t>(depth_),
                            pair.first, pair.second, 0});
        }
    clear();
}

void RowRecorder::clear() {
    for (const auto& [before, after] : pairs_) codeOf_[static_cast<std::size_t>(before) * 256 + static_cast<std::size_t>(after)] = 0xffff;
    pairs_.clear();
    codes_.clear();
    mask_.clear();
    depth_ = -1;
    lastRow_ = -1;
}

void RowRecorder::release() {
    clear();
    codeOf_ = {};
    codes_ = {};
    mask_ = {};
}

} // namespace burrow
