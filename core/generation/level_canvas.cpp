#include "generation/level_canvas.h"
#include "model/byte_order.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace burrow {

void LevelCanvas::note(int x, int y, Tile before, Tile after) {
    if (rows_ && !rows_->empty()) rows_->flushInto(*changes_); // rows first: the order made
    changes_->push_back(change(x, y, before, after));
}

void LevelCanvas::noteAt(std::size_t cell, Tile before, Tile after) {
    const auto width = static_cast<std::size_t>(grid_.width());
    note(static_cast<int>(cell % width), static_cast<int>(cell / width), before, after);
}

void LevelCanvas::fillRect(const Rect& rect, Tile tile) {
    const int x0 = std::max(rect.x, 0), x1 = std::min(rect.right(), width());
    const int y0 = std::max(rect.y, 0), y1 = std::min(rect.bottom(), height());
    for (int y = y0; y < y1; ++y) {
        if (!changes_) {
            std::fill(grid_.row(y) + x0, grid_.row(y) + x1, tile);
            continue;
        }
        for (int x = x0; x < x1; ++x) set(x, y, tile);
    }
}

namespace {
// High bit of each byte of the result set where that byte of `d` is not zero (SWAR).
inline std::uint64_t nonZeroBytes(std::uint64_t d) {
    constexpr std::uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
    const std::uint64_t zero = ~(((d & low7) + low7) | d | low7);
    return ~zero & ~low7;
}
} // namespace

// Whether rows go to the row recorder; when row y cannot follow the rows it holds
// (another depth, a row above), those join the list first, in the order made.
bool LevelCanvas::rowRecorded(int y) {
    if (!rows_) return false;
    if (!rows_->accepts(depth_, y)) rows_->flushInto(*changes_);
    return true;
}

void LevelCanvas::writeRow(int y, const Tile* tiles) {
    Tile* row = grid_.row(y);
    const int w = width();
    if (rowRecorded(y)) {
        rows_->addRow(depth_, y, row, tiles);
    } else if (changes_) {
        // Eight cells at a time: find the bytes that differ and record only those, so
        // a row that barely changes costs one comparison per eight cells.
        int x = 0;
        for (; x + 8 <= w; x += 8) {
            std::uint64_t a, b;
            std::memcpy(&a, row + x, 8);
            std::memcpy(&b, tiles + x, 8);
            for (std::uint64_t m = nonZeroBytes(a ^ b); m != 0; m &= m - 1) {
                const int i = x + (std::countr_zero(m) >> 3);
                changes_->push_back(change(i, y, row[i], tiles[i]));
            }
        }
        for (; x < w; ++x)
            if (row[x] != tiles[x]) changes_->push_back(change(x, y, row[x], tiles[x]));
    }
    std::memcpy(row, tiles, static_cast<std::size_t>(w) * sizeof(Tile));
}

void LevelCanvas::writeRowChanged(int y, const Tile* tiles, const std::uint64_t* changed) {
    Tile* row = grid_.row(y);
    if (rowRecorded(y)) {
        rows_->addRow(depth_, y, row, tiles, changed);
    } else if (changes_) {
        const int words = (width() + 63) / 64;
        for (int word = 0; word < words; ++word)
            for (std::uint64_t m = changed[word]; m != 0; m &= m - 1) {
                const int x = word * 64 + std::countr_zero(m);
                if (x < width()) changes_->push_back(change(x, y, row[x], tiles[x]));
            }
    }
    std::memcpy(row, tiles, static_cast<std::size_t>(width()) * sizeof(Tile));
}

} // namespace burrow
