#pragma once
// Regions: which walkable cells of one depth belong together. Labelled in linear
// time (two passes with union-find, no recursion), numbered 1, 2, ... in the
// order of each region's first cell in row-major order, so labels are stable.
#include <cstdint>
#include <vector>

#include "model/connectivity.h"
#include "model/grid.h"
#include "model/level.h"

namespace burrow {


struct RegionInfo {
    int label = 0;         // 1-based; 0 in the label grid means "not walkable"
    int size = 0;          // cells
    Rect bounds;
    Point representative;  // its first cell in row-major order
};

// A horizontal run of walkable cells [x0, x1) of row y, and its region.
struct CellRun {
    std::int32_t x0 = 0, x1 = 0, y = 0;
    std::int32_t label = 0;
};

// Regions as runs: what pruning needs, without a label per cell. Runs are in
// row-major order.
struct RegionRuns {
    std::vector<CellRun> runs;
    std::vector<std::uint32_t> rowStart; // runs of row y are runs[rowStart[y] .. rowStart[y + 1])
    std::vector<RegionInfo> regions;     // regions[label - 1]

    // The region of cell (x, y), or 0 when it is not walkable (a binary search in its row).
    int labelAt(int x, int y) const;
    // Indices into `runs`, grouped by region: those of label L are
    // runIndex[offset[L-1] .. offset[L]).
    struct ByRegion {
        std::vector<std::uint32_t> offset;
        std::vector<std::uint32_t> runIndex;
    };
    ByRegion byRegion() const;
};

// Walkable as `kinds` says: a finished level passes its own (Level::kinds); stages,
// which lay built-in kinds only, may leave the default.
RegionRuns labelRuns(const TileGrid& tiles, Connectivity connectivity, const TileKinds& kinds = builtInTileKinds());

// Labelling's working memory. Labelling depth after depth into the same RegionRuns
// with the same scratch allocates only for the first depth: in a fresh process
// every newly allocated page costs a fault, which repeated labelling would pay
// per depth.
struct LabelScratch {
    std::vector<std::int32_t> parent, final;
    std::vector<std::uint64_t> rows; // the walkable cells as bits, a row after another
};
void labelRuns(const TileGrid& tiles, Connectivity connectivity, RegionRuns& into, LabelScratch& scratch, const TileKinds& kinds = builtInTileKinds());

// Labelling's first pass alone, for callers that need only which cells join, not the
// regions' numbering, sizes and bounds (chokepoints' parts off a walk): the runs of
// `rows`, bits a row (bit x of word x / 64 of row y at rows + y * words; `words`
// more than width / 64 and at most 1,024, bits past the width clear), each run's
// label a provisional one whose part is root[label]. The second pass, numbering and
// measuring the regions, is about a sixth of labelling's time (0.9 of 5.2 ms on a
// 1001² maze).
struct PartRun {
    // Half a CellRun (its row is where rowStart puts it): the pass writes half the
    // memory, 2 MB on a 1001² maze.
    std::uint16_t x0 = 0, x1 = 0;
    std::int32_t label = 0; // provisional
};
struct JoinedRuns {
    std::vector<PartRun> runs;
    std::vector<std::uint32_t> rowStart;
    std::vector<std::int32_t> root; // root[label]: the part's label; entry 0 is none
    // The part of cell (x, y), a label of at most labelCount() - 1; 0 when not set in rows.
    int partAt(int x, int y) const;
    std::size_t labelCount() const { return root.size(); }
};
void joinRuns(const std::uint64_t* rows, std::size_t words, int height, Connectivity connectivity, JoinedRuns& into);

// How many regions, without keeping labels (memory: a bit a cell, and two strips
// of runs; RegionCounter).
// Counting again and again: RegionCounter (regions/region_counter.h) keeps its memory.
std::size_t countRegions(const TileGrid& tiles, Connectivity connectivity, const TileKinds& kinds = builtInTileKinds());

struct RegionMap {
    Grid<std::int32_t> labels;
    std::vector<RegionInfo> regions; // regions[label - 1]

    const RegionInfo& region(int label) const { return regions.at(static_cast<std::size_t>(label - 1)); }
    int count() const { return static_cast<int>(regions.size()); }
};

RegionMap labelRegions(const TileGrid& tiles, Connectivity connectivity, const TileKinds& kinds = builtInTileKinds());

} // namespace burrow
