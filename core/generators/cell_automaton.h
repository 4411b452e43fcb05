#pragma once
// A life-like cellular automaton on packed bits: 64 cells a machine word, the
// neighbour counts of a whole word summed at once with bitwise adders. This is
// what makes a 1000 x 1000 cave take about a millisecond rather than rot.js's 256.
#include <array>
#include <cstdint>
#include <vector>

#include "model/tile.h"
#include "model/tile_kinds.h"
#include "random/rng.h"

namespace burrow {

struct LifeRule {
    std::uint16_t born = 0;    // bit n set: a dead cell with n live neighbours comes alive
    std::uint16_t survive = 0; // bit n set: a live cell with n live neighbours stays alive
    int neighbourhood = 8;     // 8 (Moore) or 4 (von Neumann)
    bool outsideAlive = false; // how cells beyond the edge count
};

// One bit a cell, rows padded to whole words. Padding bits always hold the outside
// value, so the edge needs no special case in the inner loop.
class BitGrid {
public:
    BitGrid() = default;
    BitGrid(int width, int height, bool outsideAlive);

    int width() const { return width_; }
    int height() const { return height_; }
    int wordsPerRow() const { return words_; }
    std::uint64_t* row(int y) { return bits_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(words_); }
    const std::uint64_t* row(int y) const { return bits_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(words_); }
    bool outsideAlive() const { return outsideAlive_; }

    bool get(int x, int y) const { return (row(y)[x >> 6] >> (x & 63)) & 1u; }
    void set(int x, int y, bool alive);
    // Restores the padding of row y after a whole-word write.
    void fixPadding(int y);

    // Each cell alive with probability p, drawn row by row, two cells per 64-bit draw.
    void randomize(Rng& rng, double p);
    // Cells whose tile is walkable (as `kinds` says: a project's own bridge counts) are alive.
    void fromTiles(const Tile* tiles, int y, const TileKinds& kinds);

private:
    int width_ = 0;
    int height_ = 0;
    int words_ = 0;
    bool outsideAlive_ = false;
    std::uint64_t lastWordMask_ = ~0ull; // the real cells of each row's last word
    std::vector<std::uint64_t> bits_;
};

// Turns rows of bits into rows of tiles, eight cells at a time through a table of
// every byte's eight tiles (built once, used for every row).
class BitsToTiles {
public:
    BitsToTiles(Tile alive, Tile dead);
    void row(const BitGrid& bits, int y, Tile* out) const;

private:
    Tile alive_, dead_;
    std::array<std::array<Tile, 8>, 256> table_;
};

// One generation: `to` becomes the successor of `from` (same size; not the same object).
void advanceGeneration(const BitGrid& from, BitGrid& to, const LifeRule& rule);

// Bit n set for each n in `counts` (0..8).
std::uint16_t countMask(const std::vector<int>& counts);

} // namespace burrow
