#pragma once
// Counting the regions of a depth, again and again: what a watch on "the number of
// regions changes" does after every step that rewrites a depth (cave noise, each
// generation), where no cheaper way to follow the regions exists.
//
// With corners counting (eight-way movement) the walkable cells of two rows taken
// together, column by column, fall into runs that are each connected: any two
// cells in neighbouring columns of two adjacent rows touch. So rows are read two at
// a time, as strips, and only strips are joined: a run of a strip joins a run of
// the strip above when a cell of the upper strip's lower row touches a cell of its
// own upper row. Cave noise has a third of the runs a row-by-row scan sees, a
// smoothed cave half. Without corners (four-way movement) a strip is one row, and
// runs of neighbouring rows that share a column touch.
//
// The counter keeps its working memory, so counting step after step allocates
// nothing after the first count, and the walkable cells it last counted, so it can
// tell how many cells a step turned walkable or not (what a watch needs to know to
// choose between following a depth's regions cell by cell and counting afresh).
#include <cstdint>
#include <optional>
#include <vector>

#include "model/connectivity.h"
#include "model/level.h"

namespace burrow {

class RegionCounter {
public:
    // How many regions `tiles` has, walkable as `kinds` says; linear in the area,
    // reading each tile once. The same walkable cells as the last count, for the
    // same movement, give that count back without joining anything.
    std::size_t count(const TileGrid& tiles, Connectivity movement, const TileKinds& kinds = builtInTileKinds());
    // How many cells differ in walkability between the last count and the one
    // before; nothing when there were not two counts of grids of one size.
    std::optional<std::size_t> cellsFlipped() const { return flipped_; }

    struct Run {
        std::int32_t x0, x1; // columns [x0, x1), offset by one word (64)
        std::int32_t label;
    };

private:
    // Reads every row into cells_, counting the cells that flipped.
    std::size_t readRows(const TileGrid& tiles, const TileKinds& kinds);
    // Joins the strips (of two rows with corners, else of one); returns the regions.
    template <bool Corners>
    std::size_t joinStrips();
    std::uint64_t* row(int y) { return cells_.data() + static_cast<std::size_t>(y) * rowWords_; }

    // Rows as bits, one word of zeros before and two after, so a run's neighbours
    // and a read of 64 bits from any column in range need no test.
    int width_ = -1, height_ = -1;
    std::size_t rowWords_ = 0;
    std::vector<std::uint64_t> cells_, readRow_, noRow_;
    std::optional<std::size_t> flipped_;
    std::size_t last_ = 0;                    // the last count,
    std::optional<Connectivity> lastMovement_; // and the movement it was made for
    std::vector<Run> above_, here_;    // the runs of the strip above, and of this one
    std::vector<std::int32_t> parent_; // union-find over labels; 0 is "none"
};

} // namespace burrow
