#pragma once
// One depth's tiles, run-length packed: the keyframes a timeline keeps so it can
// forget old steps and still put the level back to where any stage run began.
// Rooms and rock are long runs, so an untouched depth packs to a few bytes; cave
// noise, where runs are a few cells, packs to a bit a cell (a 4096 x 4096 cave
// depth, 16 MiB as tiles, to 2 MiB and its few stairs).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/level.h"

namespace burrow {

class PackedDepth {
public:
    explicit PackedDepth(const TileGrid& tiles);

    // Writes the packed tiles back; `tiles` must have the size it was packed from.
    void unpackInto(TileGrid& tiles) const;
    std::size_t memoryBytes() const { return bytes_.capacity() + sizeof(*this); }

private:
    void packAsBits(const std::uint8_t* cells);
    void unpackBits(std::uint8_t* out) const;

    std::size_t cellCount_ = 0;
    bool bits_ = false; // a bit a cell between two tiles (see packAsBits), not runs
    // Runs as (tile, length as a little-endian base-128 varint); a run never spans
    // more than the cells packed, so unpacking cannot write out of bounds.
    std::vector<std::uint8_t> bytes_;
};

} // namespace burrow
