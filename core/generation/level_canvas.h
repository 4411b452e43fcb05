#pragma once
// The one door through which a stage writes tiles. When a step is being recorded
// it notes each change; when nobody listens the check is a single branch, so run()
// pays nothing for the editor's needs.
#include <cstdint>
#include <vector>

#include "generation/cell_change.h"
#include "generation/depth_rewrite.h"
#include "model/level.h"

namespace burrow {

class LevelCanvas {
public:
    // Recording when `changes` is given; whole rows then go to `rows` if given (a
    // timeline's, which keeps a rewritten depth packed), else to the list too.
    LevelCanvas(Level& level, int depth, std::vector<CellChange>* changes = nullptr, RowRecorder* rows = nullptr)
        : level_(level), grid_(level.tiles(depth)), depth_(depth), changes_(changes), rows_(changes ? rows : nullptr) {}

    Level& level() { return level_; }
    const Level& level() const { return level_; }
    // The same level at another depth, recording into the same step (for stages
    // that span depths, such as stairs).
    LevelCanvas atDepth(int depth) const { return LevelCanvas(level_, depth, changes_, rows_); }
    const TileGrid& grid() const { return grid_; }
    int depth() const { return depth_; }
    int width() const { return grid_.width(); }
    int height() const { return grid_.height(); }
    bool recording() const { return changes_ != nullptr; }

    Tile get(int x, int y) const { return grid_(x, y); }

    // In-bounds cells only (callers clip); a cell already holding `tile` is not a change.
    void set(int x, int y, Tile tile) {
        Tile& cell = grid_(x, y);
        // Unrecorded writes store unconditionally: comparing first would be a branch
        // the CPU cannot predict when diggers cross their own tunnels.
        if (changes_ && cell != tile) note(x, y, cell, tile);
        cell = tile;
    }
    // The same by the cell's index in the grid (y * width() + x), for stages that walk
    // the grid by offsets.
    void setAt(std::size_t cell, Tile tile) {
        Tile& at = grid_.data()[cell];
        if (changes_ && at != tile) noteAt(cell, at, tile);
        at = tile;
    }
    Tile getAt(std::size_t cell) const { return grid_.data()[cell]; }
    void setClipped(int x, int y, Tile tile) {
        if (grid_.contains(x, y)) set(x, y, tile);
    }
    void fillRect(const Rect& rect, Tile tile);
    void fill(Tile tile) { fillRect({0, 0, width(), height()}, tile); }

    // Replaces row y with `tiles` (width() entries), recording what differs. The bulk
    // path for stages that compute whole rows in a buffer of their own.
    void writeRow(int y, const Tile* tiles);
    // The same for a stage that knows which cells differ: bit x of `changed` (one
    // 64-bit word per 64 cells) is set exactly where tiles[x] differs from row y.
    // Recording then costs only the changed cells.
    void writeRowChanged(int y, const Tile* tiles, const std::uint64_t* changed);

private:
    // Out of line, so set() stays small enough to inline into diggers' loops.
    void note(int x, int y, Tile before, Tile after);
    void noteAt(std::size_t cell, Tile before, Tile after);
    bool rowRecorded(int y);
    CellChange change(int x, int y, Tile before, Tile after) const {
        return {static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(y), static_cast<std::uint8_t>(depth_), before, after, 0};
    }

    Level& level_;
    TileGrid& grid_;
    int depth_;
    std::vector<CellChange>* changes_;
    RowRecorder* rows_;
};

} // namespace burrow
