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

// Cave noise alternates rock and floor every few cells, where runs cost more than
// a bit a cell: such a depth is kept as a bit a cell between its two commonest
// tiles, plus the few other cells (stairs, an exit) as (cell, tile) exceptions.
constexpr std::size_t kExceptionBytes = 5; // a 32-bit cell index and the tile

// Bit k of the result is set where byte k of `v` equals `tile`.
std::uint8_t equalBytes(std::uint64_t v, std::uint8_t tile) {
    std::uint64_t same = ~(v ^ (0x0101010101010101ull * tile)); // 0xff where equal
    same &= same >> 4;
    same &= same >> 2;
    same &= same >> 1;
    return static_cast<std::uint8_t>(((same & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
}

// A run's length (appendRun's varint) from bytes[at], moving `at` past it.
std::size_t readLength(const std::vector<std::uint8_t>& bytes, std::size_t& at) {
    std::size_t length = 0;
    for (int shift = 0; at < bytes.size(); shift += 7) {
        const std::uint8_t byte = bytes[at++];
        length |= static_cast<std::size_t>(byte & 0x7f) << shift;
        if (!(byte & 0x80)) break;
    }
    return length;
}

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
    if (used > cellCount_ / 8 + 64) packAsBits(cells);
    bytes_.shrink_to_fit();
}

// Replaces the runs with two tiles' bits and the exceptions when that is smaller.
void PackedDepth::packAsBits(const std::uint8_t* cells) {
    // The tiles' counts from the runs just packed (a few cells each), not from every cell.
    std::size_t count[256] = {};
    for (std::size_t at = 0; at < bytes_.size();) {
        const std::uint8_t tile = bytes_[at++];
        count[tile] += readLength(bytes_, at);
    }
    std::uint8_t first = 0, second = 1;
    for (std::size_t t = 0; t < 256; ++t) {
        if (count[t] > count[first]) {
            second = first;
            first = static_cast<std::uint8_t>(t);
        } else if (t != first && count[t] > count[second]) {
            second = static_cast<std::uint8_t>(t);
        }
    }
    if (first == second) second = static_cast<std::uint8_t>(first + 1);
    const std::size_t exceptions = cellCount_ - count[first] - count[second];
    const std::size_t bitBytes = (cellCount_ + 7) / 8;
    const std::size_t size = 2 + bitBytes + exceptions * kExceptionBytes;
    if (size >= bytes_.size() || cellCount_ > 0xffffffffu) return;
    std::vector<std::uint8_t> packed(size);
    packed[0] = first;
    packed[1] = second;
    std::uint8_t* bits = packed.data() + 2;
    std::size_t i = 0;
    for (; i + 8 <= cellCount_; i += 8) {
        std::uint64_t eight = 0;
        std::memcpy(&eight, cells + i, 8);
        bits[i / 8] = equalBytes(eight, second);
    }
    for (; i < cellCount_; ++i)
        if (cells[i] == second) bits[i / 8] = static_cast<std::uint8_t>(bits[i / 8] | (1u << (i % 8)));
    std::uint8_t* out = packed.data() + 2 + bitBytes;
    for (std::size_t c = 0; c < cellCount_ && exceptions > 0; ++c) {
        if (c % 8 == 0 && c + 8 <= cellCount_) {
            std::uint64_t eight = 0;
            std::memcpy(&eight, cells + c, 8);
            if ((equalBytes(eight, first) | equalBytes(eight, second)) == 0xff) {
                c += 7; // none of these eight is an exception
                continue;
            }
        }
        if (cells[c] == first || cells[c] == second) continue;
        const auto index = static_cast<std::uint32_t>(c);
        std::memcpy(out, &index, 4);
        out[4] = cells[c];
        out += kExceptionBytes;
    }
    bytes_ = std::move(packed);
    bits_ = true;
}

PackedDepth::PackedDepth(std::shared_ptr<const PackedDepth> base, const TileGrid& tiles, std::span<const std::uint32_t> changedCells)
    : cellCount_(tiles.size()), base_(std::move(base)) {
    if (!base_ || base_->cellCount_ != cellCount_) throw std::logic_error("PackedDepth: patching a keyframe of another size");
    chain_ = base_->chain_ + 1;
    bytes_.resize(changedCells.size() * kExceptionBytes);
    const auto* cells = reinterpret_cast<const std::uint8_t*>(tiles.data());
    std::uint8_t* out = bytes_.data();
    for (const std::uint32_t index : changedCells) {
        if (index >= cellCount_) throw std::logic_error("PackedDepth: a changed cell outside the depth");
        std::memcpy(out, &index, 4);
        out[4] = cells[index];
        out += kExceptionBytes;
    }
}

std::shared_ptr<const PackedDepth> PackedDepth::after(const std::shared_ptr<const PackedDepth>& base, const TileGrid& tiles,
                                                     std::span<const std::uint32_t> changedCells) {
    // A long chain would make a jump unpack many patches; eight is plenty for a
    // recipe's stages touching a depth a few cells at a time.
    constexpr int kLongestChain = 8;
    if (base && base->cellCount_ == tiles.size() && base->chain_ < kLongestChain &&
        changedCells.size() * kExceptionBytes < base->wholeBytes() / 2)
        return std::make_shared<const PackedDepth>(base, tiles, changedCells);
    return std::make_shared<const PackedDepth>(tiles);
}

bool PackedDepth::patches(const PackedDepth* other) const {
    for (const PackedDepth* p = base_.get(); p; p = p->base_.get())
        if (p == other) return true;
    return false;
}

void PackedDepth::unpackInto(TileGrid& tiles, const PackedDepth* current) const {
    if (tiles.size() != cellCount_) throw std::logic_error("PackedDepth: unpacking into a depth of another size");
    auto* out = reinterpret_cast<std::uint8_t*>(tiles.data());
    if (base_) {
        if (base_.get() != current) base_->unpackInto(tiles, patches(current) ? current : nullptr);
        for (std::size_t at = 0; at + kExceptionBytes <= bytes_.size(); at += kExceptionBytes) {
            std::uint32_t index = 0;
            std::memcpy(&index, bytes_.data() + at, 4);
            out[index] = bytes_[at + 4];
        }
        return;
    }
    if (bits_) {
        unpackBits(out);
        return;
    }
    std::size_t cell = 0;
    std::size_t at = 0;
    while (at < bytes_.size()) {
        const std::uint8_t tile = bytes_[at++];
        std::size_t length = readLength(bytes_, at);
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

void PackedDepth::unpackBits(std::uint8_t* out) const {
    const std::uint64_t first = 0x0101010101010101ull * bytes_[0], second = 0x0101010101010101ull * bytes_[1];
    const std::uint8_t* bits = bytes_.data() + 2;
    std::size_t i = 0;
    for (; i + 8 <= cellCount_; i += 8) {
        // Each bit spread to a whole byte: 0xff where the cell is the second tile.
        const std::uint64_t picked = (bits[i / 8] * 0x0101010101010101ull) & 0x8040201008040201ull; // bit k alone in byte k
        const std::uint64_t spread = ((picked + 0x7f7f7f7f7f7f7f7full) >> 7) & 0x0101010101010101ull;
        const std::uint64_t mask = spread * 0xff;
        const std::uint64_t eight = (first & ~mask) | (second & mask);
        std::memcpy(out + i, &eight, 8);
    }
    for (; i < cellCount_; ++i) out[i] = (bits[i / 8] >> (i % 8)) & 1u ? bytes_[1] : bytes_[0];
    const std::size_t bitBytes = (cellCount_ + 7) / 8;
    for (std::size_t at = 2 + bitBytes; at + kExceptionBytes <= bytes_.size(); at += kExceptionBytes) {
        std::uint32_t index = 0;
        std::memcpy(&index, bytes_.data() + at, 4);
        if (index < cellCount_) out[index] = bytes_[at + 4];
    }
}

} // namespace burrow
