#pragma once
// The patterns of wave function collapse's overlapping model (after mxgmn's
// WaveFunctionCollapse): every N x N window of a sample the designer drew, with the
// rotations and reflections allowed, each once, weighted by how often it occurs; and
// which patterns may lie beside which, as bitsets.
//
// Two patterns may lie side by side when they agree where they overlap: for a step
// to the right, the right N-1 columns of the left one are the left N-1 columns of the
// right one. So each pattern has a key for each of its four overlapping sides, and
// "what may lie right of these patterns" is the union of the masks of their right
// keys: a few bitset ORs per distinct key, not a loop over every pair. Each key's
// patterns are also kept as a list, for samples with too many patterns to join sets.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "content/prefab.h"
#include "model/tile.h"

namespace burrow {

// Which variants of each window count: as drawn; and its mirror image; its four
// rotations; or its rotations and their mirror images.
inline constexpr int kWfcSymmetries[] = {1, 2, 4, 8};

struct WfcSettings {
    int patternSize = 3;         // N, 2 to 4
    int symmetry = 8;            // 1, 2, 4 or 8
    bool periodicSample = false; // windows wrap around the sample's edges
};

class WfcPatterns {
public:
    // The patterns of `sample` (its cells' tiles; it has no "keep" cell and is at least
    // N x N: the stage checks both before it gets here).
    WfcPatterns(const Prefab& sample, const WfcSettings& settings);

    int size() const { return n_; }
    int count() const { return static_cast<int>(weights_.size()); }
    // 64-bit words in one set of patterns.
    int words() const { return words_; }
    std::uint32_t weight(int pattern) const { return weights_[static_cast<std::size_t>(pattern)]; }
    const std::uint32_t* weights() const { return weights_.data(); }
    // The tile at (x, y) of a pattern, 0 <= x, y < N.
    Tile tile(int pattern, int x, int y) const {
        return tiles_[static_cast<std::size_t>(pattern) * static_cast<std::size_t>(n_ * n_) + static_cast<std::size_t>(y * n_ + x)];
    }
    // The tile the sample holds most often (the fill of a level no attempt finished).
    Tile commonestTile() const { return commonest_; }

    // Direction d: 0 right, 1 down, 2 left, 3 up.
    // The key of the side of `pattern` that faces direction d.
    std::uint32_t sideKey(int d, int pattern) const { return sideKeys_[static_cast<std::size_t>(d)][static_cast<std::size_t>(pattern)]; }
    // Every pattern's key on the side facing d, by pattern.
    const std::uint32_t* sideKeys(int d) const { return sideKeys_[static_cast<std::size_t>(d)].data(); }
    // How many keys there are (the same space for both sides of an axis).
    std::uint32_t keyCount(int d) const { return keyCounts_[static_cast<std::size_t>(d % 2)]; }
    // The keys of all four sides in one numbering, side by side in direction order:
    // the index of side d's `key`, sideCount() of them.
    std::size_t sideIndex(int d, std::uint32_t key) const { return sideOffsets_[static_cast<std::size_t>(d)] + key; }
    std::size_t sideCount() const { return sideOffsets_[3] + keyCount(3); }
    // The patterns that may lie in direction d of a pattern whose side facing d has
    // `key`, by sideIndex(), in order: each pattern is in one list a side.
    std::span<const std::uint32_t> heldUp(std::size_t side) const {
        return {lists_.data() + listStarts_[side], listStarts_[side + 1] - listStarts_[side]};
    }
    // The same as sets, words() words each, by sideIndex(); only while a set is at
    // most kMostMaskWords words (nullptr past that: with tens of thousands of
    // patterns the masks would take hundreds of megabytes, and joining them would
    // cost their words for every key).
    static constexpr int kMostMaskWords = 16;
    const std::uint64_t* heldUpMasks() const { return masks_.empty() ? nullptr : masks_.data(); }

private:
    void addWindow(std::vector<Tile> window);
    void buildSides();

    int n_;
    int words_ = 0;
    std::vector<Tile> tiles_;             // count() x N x N
    std::vector<std::uint32_t> weights_;
    Tile commonest_ = Tile::Wall;
    std::vector<std::uint32_t> sideKeys_[4];
    std::size_t sideOffsets_[4] = {0, 0, 0, 0};
    std::vector<std::uint32_t> listStarts_, lists_; // heldUp(): sideCount() + 1 starts into the lists
    std::vector<std::uint64_t> masks_;              // sideCount() x words, or none
    std::uint32_t keyCounts_[2] = {0, 0}; // horizontal, vertical
};

// The pattern variants of one window: `symmetry` of them, as WfcSettings says.
std::vector<std::vector<Tile>> windowVariants(const std::vector<Tile>& window, int n, int symmetry);

} // namespace burrow
