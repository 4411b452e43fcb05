#include "regions/region_map.h"

#include "model/bit_count.h"
#include "model/tile_masks.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "generation/parameter.h"
#include "regions/region_counter.h"

namespace burrow {
namespace {

// Union-find over provisional labels, with path halving; unions keep the smaller
// label as root so the structure stays shallow in scan order.
class Equivalences {
public:
    // Works in `storage`, whose memory is reused: labelling depth after depth
    // allocates once, not per depth (a fresh process pays a page fault per page).
    explicit Equivalences(std::vector<std::int32_t>& storage) : parent_(storage) {
        parent_.clear();
        parent_.push_back(0); // label 0 is "none"
    }
    void reserve(std::size_t labels) { parent_.reserve(labels + 1); }
    std::int32_t make() {
        parent_.push_back(static_cast<std::int32_t>(parent_.size()));
        return static_cast<std::int32_t>(parent_.size() - 1);
    }
    std::int32_t find(std::int32_t x) {
        while (parent_[static_cast<std::size_t>(x)] != x) {
            auto& p = parent_[static_cast<std::size_t>(x)];
            p = parent_[static_cast<std::size_t>(p)];
            x = p;
        }
        return x;
    }
    // True when a and b were apart (the number of classes fell by one).
    bool unite(std::int32_t a, std::int32_t b) {
        a = find(a);
        b = find(b);
        if (a == b) return false;
        if (a < b) parent_[static_cast<std::size_t>(b)] = a;
        else parent_[static_cast<std::size_t>(a)] = b;
        return true;
    }
    std::size_t size() const { return parent_.size(); }
    // Points every label straight at its root, for reading roots without a find.
    // A label's parent is never larger than it (unions keep the smaller root), so
    // one pass in label order does it: each parent is already flat when reached.
    void flatten() {
        for (std::size_t x = 1; x < parent_.size(); ++x) parent_[x] = parent_[static_cast<std::size_t>(parent_[x])];
    }
    std::int32_t flatRoot(std::int32_t x) const { return parent_[static_cast<std::size_t>(x)]; }

private:
    std::vector<std::int32_t>& parent_;
};

} // namespace

namespace {

// How many runs rows of bits hold: labelling then reserves its lists once instead
// of growing them run by run (on a 1001² maze's 250,000 runs, copying grown lists
// and faulting in their pages was two fifths of the labelling).
std::size_t countRuns(const std::uint64_t* rows, std::size_t words, int height) {
    std::size_t runs = 0;
    for (const std::uint64_t* row = rows; row != rows + words * static_cast<std::size_t>(height); row += words) {
        std::uint64_t carry = 0;
        for (std::size_t word = 0; word < words; ++word) {
            runs += static_cast<std::size_t>(bitCount(row[word] & ~((row[word] << 1) | carry)));
            carry = row[word] >> 63;
        }
    }
    return runs;
}

// One word more than a row of `width` cells needs: the padding then always holds
// the end of a run that reaches the last cell.
std::size_t wordsForRow(int width) { return static_cast<std::size_t>(width) / 64 + 1; }

// A run beginning at x0 of row y, its end and label to come.
template <typename Run>
Run startingRun(std::int32_t x0, int y);
template <>
CellRun startingRun<CellRun>(std::int32_t x0, int y) {
    return {x0, 0, y, 0};
}
template <>
PartRun startingRun<PartRun>(std::int32_t x0, int) {
    return {static_cast<std::uint16_t>(x0), 0, 0};
}

// Pass 1 of labelling: the runs of each row (found with bit scans, no branch per
// cell), each united with the runs it touches in the row above; the union-find
// works per run, not per cell. Returns the unions made.
template <typename Run>
std::size_t scanRuns(const std::uint64_t* rows, std::size_t words, int height, Connectivity connectivity, std::vector<Run>& runs,
                     std::vector<std::uint32_t>& rowStart, Equivalences& eq) {
    // With corners counting, a run also touches runs above that end one cell before
    // it starts or begin one cell after it ends.
    const std::int32_t reach = connectivity == Connectivity::Eight ? 1 : 0;
    const std::size_t count = countRuns(rows, words, height);
    runs.reserve(runs.size() + count);
    eq.reserve(count);
    rowStart.reserve(static_cast<std::size_t>(height) + 1);
    std::size_t previousBegin = 0, previousEnd = 0, unions = 0;
    for (int y = 0; y < height; ++y) {
        const std::uint64_t* rowBits = rows + static_cast<std::size_t>(y) * words;
        const std::size_t begin = runs.size();
        rowStart.push_back(static_cast<std::uint32_t>(begin));
        // The row's runs, a word at a time: a run starts at a set bit whose left
        // neighbour is clear and ends at a clear bit whose left neighbour is set;
        // starts and ends alternate, so the n-th end closes the n-th run.
        std::size_t closed = begin;
        std::uint64_t carry = 0; // the previous word's last cell is walkable
        for (std::size_t word = 0; word < words; ++word) {
            const std::uint64_t b = rowBits[word], left = (b << 1) | carry;
            const std::int32_t base = static_cast<std::int32_t>(word * 64);
            for (std::uint64_t m = b & ~left; m; m &= m - 1) runs.push_back(startingRun<Run>(base + std::countr_zero(m), y));
            for (std::uint64_t m = ~b & left; m; m &= m - 1) runs[closed++].x1 = static_cast<decltype(Run::x1)>(base + std::countr_zero(m));
            carry = b >> 63;
        }
        // Each run takes the label of the first run above it touches, and unites it
        // with the others it touches (most touch one, or none).
        std::size_t above = previousBegin;
        Run* const all = runs.data();
        for (std::size_t i = begin; i < runs.size(); ++i) {
            Run& run = all[i];
            const std::int32_t from = run.x0, to = run.x1 + reach;
            // Skip runs above that end before this one can touch them; they cannot
            // touch any later run of this row either.
            while (above < previousEnd && all[above].x1 + reach <= from) ++above;
            std::size_t k = above;
            if (k == previousEnd || all[k].x0 >= to) {
                run.label = eq.make();
                continue;
            }
            run.label = all[k].label;
            for (++k; k < previousEnd && all[k].x0 < to; ++k) unions += eq.unite(run.label, all[k].label);
        }
        previousBegin = begin;
        previousEnd = runs.size();
    }
    rowStart.push_back(static_cast<std::uint32_t>(runs.size()));
    return unions;
}

// The run of row y holding x, or null (a binary search in its row).
template <typename Run>
const Run* runAt(const std::vector<Run>& runs, const std::vector<std::uint32_t>& rowStart, int x, int y) {
    if (y < 0 || y + 1 >= static_cast<int>(rowStart.size())) return nullptr;
    const auto first = runs.begin() + rowStart[static_cast<std::size_t>(y)];
    const auto last = runs.begin() + rowStart[static_cast<std::size_t>(y) + 1];
    // The first run ending after x; it holds x if it starts at or before it.
    const auto it = std::upper_bound(first, last, x, [](int value, const Run& run) { return value < run.x1; });
    return it != last && it->x0 <= x ? &*it : nullptr;
}

} // namespace

std::size_t countRegions(const TileGrid& tiles, Connectivity connectivity, const TileKinds& kinds) {
    return RegionCounter().count(tiles, connectivity, kinds); // joins runs only, never labels cells
}

RegionRuns labelRuns(const TileGrid& tiles, Connectivity connectivity, const TileKinds& kinds) {
    RegionRuns result;
    LabelScratch scratch;
    labelRuns(tiles, connectivity, result, scratch, kinds);
    return result;
}

void labelRuns(const TileGrid& tiles, Connectivity connectivity, RegionRuns& result, LabelScratch& scratch, const TileKinds& kinds) {
    std::vector<CellRun>& runs = result.runs;
    runs.clear();
    result.rowStart.clear();
    result.regions.clear();
    Equivalences eq(scratch.parent);
    const std::size_t words = wordsForRow(tiles.width());
    scratch.rows.assign(words * static_cast<std::size_t>(tiles.height()), 0);
    for (int y = 0; y < tiles.height(); ++y) kinds.walkableWords(tiles.row(y), tiles.width(), scratch.rows.data() + static_cast<std::size_t>(y) * words);
    scanRuns(scratch.rows.data(), words, tiles.height(), connectivity, runs, result.rowStart, eq);

    // Pass 2: final labels numbered by first appearance (runs are in row-major
    // order), with each region's size and bounds.
    std::vector<std::int32_t>& final = scratch.final;
    final.assign(eq.size(), 0);
    eq.flatten();
    for (CellRun& run : runs) {
        std::int32_t& id = final[static_cast<std::size_t>(eq.flatRoot(run.label))];
        if (!id) {
            result.regions.push_back({static_cast<int>(result.regions.size()) + 1, 0, {run.x0, run.y, run.x1 - run.x0, 1}, {run.x0, run.y}});
            id = static_cast<std::int32_t>(result.regions.size());
        }
        run.label = id;
        RegionInfo& r = result.regions[static_cast<std::size_t>(id - 1)];
        r.size += run.x1 - run.x0;
        const int right = std::max(r.bounds.right(), run.x1);
        r.bounds.x = std::min(r.bounds.x, run.x0);
        r.bounds.width = right - r.bounds.x;
        r.bounds.height = run.y - r.bounds.y + 1; // runs arrive row by row
    }
}

int RegionRuns::labelAt(int x, int y) const {
    const CellRun* run = runAt(runs, rowStart, x, y);
    return run ? run->label : 0;
}

void joinRuns(const std::uint64_t* rows, std::size_t words, int height, Connectivity connectivity, JoinedRuns& into) {
    if (words > 65536 / 64) throw std::invalid_argument("joinRuns: rows wider than 65,535 cells"); // PartRun's columns
    into.runs.clear();
    into.rowStart.clear();
    Equivalences eq(into.root);
    scanRuns(rows, words, height, connectivity, into.runs, into.rowStart, eq);
    eq.flatten();
}

int JoinedRuns::partAt(int x, int y) const {
    const PartRun* run = runAt(runs, rowStart, x, y);
    return run ? root[static_cast<std::size_t>(run->label)] : 0;
}

RegionRuns::ByRegion RegionRuns::byRegion() const {
    // Counting sort of the runs by label.
    ByRegion groups;
    groups.offset.assign(regions.size() + 1, 0);
    for (const CellRun& run : runs) ++groups.offset[static_cast<std::size_t>(run.label)];
    for (std::size_t i = 1; i < groups.offset.size(); ++i) groups.offset[i] += groups.offset[i - 1];
    groups.runIndex.resize(runs.size());
    std::vector<std::uint32_t> next(groups.offset.begin(), groups.offset.end() - 1);
    for (std::size_t i = 0; i < runs.size(); ++i) groups.runIndex[next[static_cast<std::size_t>(runs[i].label - 1)]++] = static_cast<std::uint32_t>(i);
    return groups;
}

RegionMap labelRegions(const TileGrid& tiles, Connectivity connectivity, const TileKinds& kinds) {
    RegionRuns runs = labelRuns(tiles, connectivity, kinds);
    RegionMap map;
    map.labels = Grid<std::int32_t>(tiles.width(), tiles.height(), 0);
    for (const CellRun& run : runs.runs) std::fill(map.labels.row(run.y) + run.x0, map.labels.row(run.y) + run.x1, run.label);
    map.regions = std::move(runs.regions);
    return map;
}

} // namespace burrow
