#include "regions/region_counter.h"

#include <algorithm>
#include <bit>
#include <cstddef>

#include "model/bit_count.h"

namespace burrow {
namespace {

// 64 bits of `row` from bit `pos` on (pos >= 0, and a word past it to read).
inline std::uint64_t bitsFrom(const std::uint64_t* row, std::int32_t pos) {
    const auto k = static_cast<std::size_t>(pos) >> 6;
    const unsigned shift = static_cast<unsigned>(pos) & 63;
    return shift ? (row[k] >> shift) | (row[k + 1] << (64 - shift)) : row[k];
}

// Bits [from, to) of a word, for any from and to (clamped to 0..64).
inline std::uint64_t bitRange(int from, int to) {
    const std::uint64_t below = to >= 64 ? ~0ull : to <= 0 ? 0 : (1ull << to) - 1;
    const std::uint64_t under = from >= 64 ? ~0ull : from <= 0 ? 0 : (1ull << from) - 1;
    return below & ~under;
}

// Whether a walkable cell of `lower` (the strip above's lower row) within run
// `upper` touches, corners included, a walkable cell of `top` (this strip's upper
// row) within run `run`. Cells of `top` beside `run` belong to other runs, so
// `top` is read only inside it; 62 columns at a time, so a column's two
// neighbours fit the word.
using Run = RegionCounter::Run;

bool stripsTouch(const std::uint64_t* lower, const std::uint64_t* top, const Run& upper, const Run& run) {
    const std::int32_t from = std::max(upper.x0, run.x0 - 1), to = std::min(upper.x1, run.x1 + 1);
    for (std::int32_t base = from - 1; base + 1 < to; base += 62) {
        const int n = std::min(62, to - (base + 1));
        const std::uint64_t cells = bitsFrom(lower, base) & bitRange(1, n + 1);
        const std::uint64_t within = bitsFrom(top, base) & bitRange(run.x0 - base, run.x1 - base);
        if (cells & (within | (within << 1) | (within >> 1))) return true;
    }
    return false;
}

std::int32_t rootOf(std::vector<std::int32_t>& parent, std::int32_t label) {
    // Path halving; unions keep the smaller label as the root.
    while (parent[static_cast<std::size_t>(label)] != label) {
        auto& p = parent[static_cast<std::size_t>(label)];
        p = parent[static_cast<std::size_t>(p)];
        label = p;
    }
    return label;
}

// Joins `run` to the runs of `above` that touch it, from above[first] on: its label
// becomes a root, a new one when it joins nothing. Returns the unions made. With
// corners a run above reaches a column further either side, and touches only where
// its lower row meets this strip's upper row; without, strips are single rows, so
// runs that share a column touch.
template <bool Corners>
std::size_t joinRun(Run& run, const std::vector<Run>& above, std::size_t first, const std::uint64_t* lowerAbove,
                    const std::uint64_t* top, std::vector<std::int32_t>& parent) {
    constexpr std::int32_t reach = Corners ? 1 : 0;
    std::size_t unions = 0;
    std::int32_t label = 0;
    for (std::size_t k = first; k < above.size() && above[k].x0 < run.x1 + reach; ++k) {
        if constexpr (Corners) {
            if (!stripsTouch(lowerAbove, top, above[k], run)) continue;
        }
        std::int32_t other = rootOf(parent, above[k].label);
        if (!label) label = other;
        else if (other != label) {
            if (other < label) std::swap(other, label);
            parent[static_cast<std::size_t>(other)] = label;
            ++unions;
        }
    }
    if (!label) {
        label = static_cast<std::int32_t>(parent.size());
        parent.push_back(label);
    }
    run.label = label;
    return unions;
}

} // namespace

std::size_t RegionCounter::readRows(const TileGrid& tiles, const TileKinds& kinds) {
    const std::size_t words = rowWords_ - 2;
    readRow_.assign(rowWords_, 0);
    std::size_t flipped = 0;
    for (int y = 0; y < height_; ++y) {
        kinds.walkableWords(tiles.row(y), width_, readRow_.data() + 1);
        std::uint64_t* cells = row(y);
        for (std::size_t k = 1; k <= words; ++k) {
            flipped += bitCount(cells[k] ^ readRow_[k]);
            cells[k] = readRow_[k];
        }
    }
    return flipped;
}

template <bool Corners>
std::size_t RegionCounter::joinStrips() {
    constexpr int rowsPerStrip = Corners ? 2 : 1;
    constexpr std::int32_t reach = Corners ? 1 : 0;
    const std::size_t words = rowWords_ - 2;
    above_.clear();
    parent_.assign(1, 0);
    std::size_t unions = 0;
    const std::uint64_t* lowerAbove = noRow_.data();
    for (int y = 0; y < height_; y += rowsPerStrip) {
        const std::uint64_t* top = row(y);
        const std::uint64_t* bottom = Corners && y + 1 < height_ ? row(y + 1) : noRow_.data();
        // The strip's runs, a word at a time: a run starts at a set bit whose left
        // neighbour is clear and ends at a clear bit whose left neighbour is set.
        here_.clear();
        std::size_t closed = 0;
        std::uint64_t carry = 0;
        for (std::size_t k = 1; k <= words; ++k) {
            const std::uint64_t cells = top[k] | bottom[k], left = (cells << 1) | carry;
            const auto base = static_cast<std::int32_t>(k * 64);
            for (std::uint64_t m = cells & ~left; m; m &= m - 1) here_.push_back({base + std::countr_zero(m), 0, 0});
            for (std::uint64_t m = ~cells & left; m; m &= m - 1) here_[closed++].x1 = base + std::countr_zero(m);
            carry = cells >> 63;
        }
        std::size_t first = 0;
        for (Run& run : here_) {
            // Runs above that end before this one cannot reach any later run either.
            while (first < above_.size() && above_[first].x1 + reach <= run.x0) ++first;
            unions += joinRun<Corners>(run, above_, first, lowerAbove, top, parent_);
        }
        std::swap(above_, here_);
        lowerAbove = Corners ? bottom : top;
    }
    return parent_.size() - 1 - unions; // every run that joined nothing made a label; every union merged two
}

std::size_t RegionCounter::count(const TileGrid& tiles, Connectivity movement, const TileKinds& kinds) {
    const bool sameSize = tiles.width() == width_ && tiles.height() == height_;
    width_ = tiles.width();
    height_ = tiles.height();
    // A row's words: one of zeros in front, the row's, one more so a run reaching
    // the last column ends inside, and one for bitsFrom to read past.
    rowWords_ = static_cast<std::size_t>(width_) / 64 + 3;
    if (!sameSize) cells_.assign(rowWords_ * static_cast<std::size_t>(height_), 0);
    noRow_.assign(rowWords_, 0);
    const std::size_t flipped = readRows(tiles, kinds);
    flipped_ = sameSize ? std::optional<std::size_t>(flipped) : std::nullopt;
    // The same walkable cells as last time: the same regions.
    if (flipped_ == 0 && lastMovement_ == movement) return last_;
    last_ = movement == Connectivity::Eight ? joinStrips<true>() : joinStrips<false>();
    lastMovement_ = movement;
    return last_;
}

} // namespace burrow
