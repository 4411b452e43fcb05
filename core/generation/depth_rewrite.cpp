#include "generation/depth_rewrite.h"

#include <algorithm>
#include <bit>
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
    const std::size_t pairs = rewrite.pairs_.size();
    rewrite.bitsPerCode_ = pairs <= 2 ? 1 : pairs <= 4 ? 2 : pairs <= 16 ? 4 : 8;
    const auto bits = static_cast<std::size_t>(rewrite.bitsPerCode_);
    rewrite.codes_.assign((codes.size() * bits + 7) / 8, 0);
    for (std::size_t k = 0; k < codes.size(); ++k)
        rewrite.codes_[k * bits / 8] = static_cast<std::uint8_t>(rewrite.codes_[k * bits / 8] | (codes[k] << (k * bits % 8)));
    if (rewrite.bytes() * 4 > n * sizeof(CellChange)) return std::nullopt;
    return rewrite;
}

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

} // namespace burrow
