#include "regions/region_palette.h"

#include <algorithm>
#include <bit>

#include "random/rng.h"

namespace burrow {
namespace {

using Pair = std::pair<std::int32_t, std::int32_t>;

// Adds (a, b) unless it is the pair just added for `a`: along a long border the
// same two regions meet on every row, and this keeps the list near its final size.
class PairCollector {
public:
    explicit PairCollector(std::size_t regions) : last_(regions + 1, 0) {}
    void add(std::int32_t a, std::int32_t b) {
        if (a == b) return;
        if (a > b) std::swap(a, b);
        std::int32_t& last = last_[static_cast<std::size_t>(a)];
        if (last == b) return;
        last = b;
        pairs_.emplace_back(a, b);
        if (pairs_.size() >= compactAt_) compact();
    }
    std::vector<Pair> take() {
        compact();
        return std::move(pairs_);
    }

private:
    void compact() {
        std::sort(pairs_.begin(), pairs_.end());
        pairs_.erase(std::unique(pairs_.begin(), pairs_.end()), pairs_.end());
        compactAt_ = std::max<std::size_t>(1 << 20, pairs_.size() * 2); // memory stays at twice the distinct pairs
    }
    std::vector<std::int32_t> last_;
    std::vector<Pair> pairs_;
    std::size_t compactAt_ = 1 << 20;
};

} // namespace

std::vector<Pair> neighbouringRegions(const RegionRuns& regions) {
    PairCollector pairs(regions.regions.size());
    const int rows = static_cast<int>(regions.rowStart.size()) - 1;
    constexpr int reach = kRegionNeighbourGap + 1; // a gap of 3 rock cells: 4 cells apart
    for (int y = 0; y < rows; ++y) {
        const std::uint32_t begin = regions.rowStart[static_cast<std::size_t>(y)], end = regions.rowStart[static_cast<std::size_t>(y) + 1];
        // Along the row.
        for (std::uint32_t i = begin; i < end; ++i)
            for (std::uint32_t k = i + 1; k < end && regions.runs[k].x0 - regions.runs[i].x1 < reach; ++k) pairs.add(regions.runs[i].label, regions.runs[k].label);
        // With the rows below, within reach: both rows' runs are sorted, so one walk
        // finds every pair whose widened spans overlap.
        for (int d = 1; d <= reach && y + d < rows; ++d) {
            std::uint32_t j = regions.rowStart[static_cast<std::size_t>(y + d)];
            const std::uint32_t jEnd = regions.rowStart[static_cast<std::size_t>(y + d) + 1];
            for (std::uint32_t i = begin; i < end && j < jEnd; ++i) {
                const CellRun& a = regions.runs[i];
                // Runs below that end before a's widened span cannot meet any later run either.
                while (j < jEnd && regions.runs[j].x1 + reach <= a.x0) ++j;
                for (std::uint32_t k = j; k < jEnd && regions.runs[k].x0 < a.x1 + reach; ++k) pairs.add(a.label, regions.runs[k].label);
            }
        }
    }
    return pairs.take();
}

std::vector<std::uint32_t> regionColours(const RegionRuns& regions) {
    const std::size_t count = regions.regions.size();
    if (count == 0) return {};
    const std::vector<Pair> pairs = neighbouringRegions(regions);
    // Each region's earlier neighbours, as compressed rows (pairs are sorted by the
    // larger label's partner, so count first).
    std::vector<std::uint32_t> offset(count + 2, 0);
    for (const Pair& p : pairs) ++offset[static_cast<std::size_t>(p.second) + 1];
    for (std::size_t i = 1; i < offset.size(); ++i) offset[i] += offset[i - 1];
    std::vector<std::int32_t> earlier(pairs.size());
    std::vector<std::uint32_t> fill(offset.begin(), offset.begin() + static_cast<std::ptrdiff_t>(count + 1)); // where each region's list fills next
    for (const Pair& p : pairs) earlier[fill[static_cast<std::size_t>(p.second)]++] = p.first;

    constexpr std::size_t n = kRegionPalette.size();
    std::vector<std::uint8_t> index(count + 1, 0);
    std::vector<std::uint32_t> colours;
    colours.reserve(count);
    for (std::size_t label = 1; label <= count; ++label) {
        const Point first = regions.regions[label - 1].representative;
        const std::size_t preferred = mix64((static_cast<std::uint64_t>(first.y) << 32) ^ static_cast<std::uint32_t>(first.x)) % n;
        std::uint32_t taken = 0; // bit i: an earlier neighbour has palette entry i
        for (std::uint32_t k = offset[label]; k < offset[label + 1]; ++k) taken |= 1u << index[static_cast<std::size_t>(earlier[k])];
        std::size_t chosen = preferred;
        for (std::size_t step = 0; step < n; ++step)
            if (!(taken & (1u << ((preferred + step) % n)))) {
                chosen = (preferred + step) % n;
                break;
            }
        index[label] = static_cast<std::uint8_t>(chosen);
        colours.push_back(kRegionPalette[chosen]);
    }
    return colours;
}

} // namespace burrow
