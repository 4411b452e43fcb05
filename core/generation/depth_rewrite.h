#pragma once
// A step that rewrote much of one depth (cave noise, a generation of the cellular
// automaton), kept the way a timeline can afford: a bit for each cell of the span
// it covered, and for each changed cell its (before, after) pair as an index into
// the step's few distinct pairs. A 4096 x 4096 cave generation changes 4.5 million
// cells: 36 MB as a change list, 2.6 MB like this.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "generation/cell_change.h"
#include "model/level.h"

namespace burrow {

class DepthRewrite {
public:
    // The step's `changes` (in the order made) packed, when they are all on one depth
    // of `width` columns and this takes at most a quarter of the list's bytes.
    static std::optional<DepthRewrite> from(std::span<const CellChange> changes, int width);

    // Sets every changed cell to its last `after` (redo) or its first `before` (undo).
    void redo(Level& level) const { write(level, true); }
    void undo(Level& level) const { write(level, false); }

    int depth() const { return depth_; }
    // Cells changed (each once, however often the step changed it).
    std::size_t cellCount() const { return cellCount_; }
    std::size_t bytes() const;
    // The changed cells' indices (y * width + x), ascending.
    std::vector<std::uint32_t> cells() const;

private:
    void write(Level& level, bool after) const;
    enum class Collected { Done, OutOfOrder, Unpackable };
    template <bool CheckOrder, typename Nth>
    Collected collect(std::size_t n, int width, std::size_t last, std::vector<std::uint8_t>& codes, Nth nth);

    int depth_ = 0;
    std::size_t firstCell_ = 0;           // the span's first cell, a multiple of 64
    std::vector<std::uint64_t> mask_;     // bit k of word w: cell firstCell_ + 64 w + k changed
    std::vector<std::pair<Tile, Tile>> pairs_;
    std::vector<std::uint8_t> codes_;     // each changed cell's pair, bitsPerCode_ bits, in cell order
    int bitsPerCode_ = 1;
    std::size_t cellCount_ = 0;
};

} // namespace burrow
