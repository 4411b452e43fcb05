#pragma once
// One depth's tiles, run-length packed: the keyframes a timeline keeps so it can
// forget old steps and still put the level back to where any stage run began.
// Rooms and rock are long runs, so an untouched depth packs to a few bytes; cave
// noise, where runs are a few cells, packs to a bit a cell (a 4096 x 4096 cave
// depth, 16 MiB as tiles, to 2 MiB and its few stairs). A depth that differs from
// an earlier keyframe of it in a few cells is kept as that keyframe and those cells:
// a stairs run changes a few thousand cells of each depth, and packing every depth
// whole again after it would cost 2 MiB each.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "model/level.h"

namespace burrow {

class PackedDepth {
public:
    explicit PackedDepth(const TileGrid& tiles);
    // `tiles` as `base` with the cells at `changedCells` (indices, sorted, each once)
    // set from `tiles`; the rest of `tiles` must equal `base`.
    PackedDepth(std::shared_ptr<const PackedDepth> base, const TileGrid& tiles, std::span<const std::uint32_t> changedCells);

    // The smaller of `base` patched with `changedCells` and `tiles` packed whole.
    static std::shared_ptr<const PackedDepth> after(const std::shared_ptr<const PackedDepth>& base, const TileGrid& tiles,
                                                    std::span<const std::uint32_t> changedCells);

    // Writes the packed tiles back; `tiles` must have the size it was packed from.
    // When `tiles` already holds `current` (a keyframe this one patches, directly or
    // not), only the cells changed since are written.
    void unpackInto(TileGrid& tiles, const PackedDepth* current = nullptr) const;
    // Its own bytes (a base is counted as its own keyframe).
    std::size_t memoryBytes() const { return bytes_.capacity() + sizeof(*this); }

private:
    void packAsBits(const std::uint8_t* cells);
    void unpackBits(std::uint8_t* out) const;

    bool patches(const PackedDepth* other) const;
    // What packing it whole would take, about: the whole keyframe it patches.
    std::size_t wholeBytes() const { return base_ ? base_->wholeBytes() : bytes_.size(); }

    std::size_t cellCount_ = 0;
    std::shared_ptr<const PackedDepth> base_; // set: bytes_ are (cell, tile) patches to it
    int chain_ = 0;                           // how many patched keyframes lead to a whole one
    bool bits_ = false; // a bit a cell between two tiles (see packAsBits), not runs
    // Runs as (tile, length as a little-endian base-128 varint); a run never spans
    // more than the cells packed, so unpacking cannot write out of bounds.
    std::vector<std::uint8_t> bytes_;
};

} // namespace burrow
