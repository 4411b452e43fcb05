#include "generation/packed_depth.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace burrow {

namespace {
// Runs are mostly a few cells long, so packing and unpacking write raw bytes with
// room checked once per eight cells, not per byte.
constexpr std::size_t kMostPerWord = 8 * 11; // eight runs, each a tile and a 10-byte varint

std::uint8_t* appendRun(std::uint8_t* out, std::uint8_t tile, std::size_t length) {
    *out++ = tile;
    for (; length >= 0x80; length >>= 7) *out++ = static_cast<std::uint8_t>((length & 0x7f) | 0x80);
    *out++ = static_cast<std::uint8_t>(length);
    return out;
}
} // namespace

PackedDepth::PackedDepth(const TileGrid& tiles) : cellCount_(tiles.size()) {
    if (cellCount_ == 0) return;
    static_assert(sizeof(Tile) == 1);
    const auto* cells = reinterpret_cast<const std::uint8_t*>(tiles.data());
    bytes_.resize(cellCount_ / 8 + 2 * kMostPerWord);
    std::size_t used = 0;
    auto room = [&] {
        if (used + kMostPerWord > bytes_.size()) bytes_.resize(bytes_.size() * 2);
        return bytes_.data() + used;
    };
    std::size_t runStart = 0;
    std::size_t i = 1;
    // Eight cells at a time: a byte of (these eight) xor (the eight one cell back)
    // is non-zero exactly where a run ends, so long runs cost a compare per word.
    for (; i + 8 <= cellCount_; i += 8) {
        std::uint64_t now = 0;
        std::uint64_t before = 0;
        std::memcpy(&now, cells + i, 8);
        std::memcpy(&before, cells + i - 1, 8);
        std::uint64_t differ = now ^ before;
        if (differ == 0) continue;
        std::uint8_t* out = room();
        for (; differ != 0; differ &= ~(std::uint64_t{0xff} << (std::countr_zero(differ) & ~7))) {
            const std::size_t end = i + static_cast<std::size_t>(std::countr_zero(differ) / 8);
            out = appendRun(out, cells[runStart], end - runStart);
            runStart = end;
        }
        used = static_cast<std::size_t>(out - bytes_.data());
    }
    for (; i < cellCount_; ++i)
        if (cells[i] != cells[i - 1]) {
            used = static_cast<std::size_t>(appendRun(room(), cells[runStart], i - runStart) - bytes_.data());
            runStart = i;
        }
    used = static_cast<std::size_t>(appendRun(room(), cells[runStart], cellCount_ - runStart) - bytes_.data());
    bytes_.resize(used);
    bytes_.shrink_to_fit();
}

void PackedDepth::unpackInto(TileGrid& tiles) const {
    if (tiles.size() != cellCount_) throw std::logic_error("PackedDepth: unpacking into a depth of another size");
    auto* out = reinterpret_cast<std::uint8_t*>(tiles.data());
    std::size_t cell = 0;
    std::size_t at = 0;
    while (at < bytes_.size()) {
        const std::uint8_t tile = bytes_[at++];
        std::size_t length = 0;
        for (int shift = 0; at < bytes_.size(); shift += 7) {
            const std::uint8_t byte = bytes_[at++];
            length |= static_cast<std::size_t>(byte & 0x7f) << shift;
            if (!(byte & 0x80)) break;
        }
        length = std::min(length, cellCount_ - cell);
        if (length <= 16 && cell + 16 <= cellCount_) {
            // Sixteen cells in two stores; the runs after overwrite the excess.
            const std::uint64_t eight = 0x0101010101010101ull * tile;
            std::memcpy(out + cell, &eight, 8);
            std::memcpy(out + cell + 8, &eight, 8);
        } else {
            std::memset(out + cell, tile, length);
        }
        cell += length;
    }
}

} // namespace burrow
