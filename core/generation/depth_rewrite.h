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

class RowRecorder;

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
    friend class RowRecorder;
    void write(Level& level, bool after) const;
    void packCodes(const std::vector<std::uint8_t>& codes);
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

// Builds a DepthRewrite straight from whole rows as a stage writes them
// (LevelCanvas::writeRow), rows going down one depth, so a step that rewrites a
// depth never passes through a change list: the list and its packing were over half
// of recording a cave generation.
class RowRecorder {
public:
    explicit RowRecorder(int width) : width_(width) {}

    bool empty() const { return depth_ < 0; }
    // Whether row y of depth z can follow the rows recorded (same depth, further down).
    bool accepts(int z, int y) const { return empty() || (z == depth_ && y > lastRow_); }
    // Row y of depth z goes from `before` to `after` (width entries each). `changed`,
    // if given, has bit x set exactly where they differ.
    void addRow(int z, int y, const Tile* before, const Tile* after, const std::uint64_t* changed = nullptr);
    // The rows as a rewrite, when that is at most a quarter of their change list's
    // bytes; otherwise their changes are appended to `list`. Empty again after.
    std::optional<DepthRewrite> take(std::vector<CellChange>& list);
    // Appends the rows' changes to `list` (in cell order) and empties.
    void flushInto(std::vector<CellChange>& list);
    // Gives back the pair table (128 KiB) and buffers.
    void release();
    std::size_t changeCount() const { return codes_.size(); }
    int depth() const { return depth_; }

private:
    std::uint16_t newPair(std::size_t key, Tile before, Tile after);
    void clear();

    int width_;
    int depth_ = -1;
    int lastRow_ = -1;
    std::size_t firstCell_ = 0;
    std::vector<std::uint64_t> mask_;
    std::vector<std::uint16_t> codes_;  // each changed cell's pair, in cell order
    std::vector<std::pair<Tile, Tile>> pairs_;
    std::vector<std::uint16_t> codeOf_; // (before, after) -> pair index, 0xffff: none yet
    std::vector<std::uint64_t> rowChanged_; // scratch: a row's changed cells, for writeRow
};

} // namespace burrow
