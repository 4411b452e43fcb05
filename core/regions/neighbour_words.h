#pragma once
// A cell's eight neighbours in a grid of a byte a cell with a border (a step is an
// index offset), read as three 4-byte words, the rows above, through and below the
// cell, each from the column before it, and written back whole. A search under
// 8-direction movement then does three loads and three stores a cell instead of
// eight of each, and finds which neighbours are new with a few word operations
// instead of eight tests: on a 1001² maze the keys' flood 6.9 -> 4.9 ms, the walk's
// search in chokepoints.cpp 5.8 -> 4.9 ms, add_loops' two searches 28.4 -> 19.6 ms.
// Queueing the new neighbours from a table of offsets (QueueSteps) took the flood
// on to 3.8 ms. (Under 4-direction movement the bytes a word carries for nothing
// cost more than they save, 3.4 -> 3.9 ms for the flood: those searches stay a byte
// at a time.)
//
// A word's fourth byte (the column after the next) is written back as read. On a
// grid one cell wide the words overlap, on border bytes only, which never change.
// The grid needs three bytes after its last cell for the last word.
#include <array>
#include <cstdint>
#include <cstring>

#include "model/byte_order.h"

namespace burrow::neighbour_words {

// Of the 12 bytes of the three words, the 8 neighbours' (byte 1 of the middle word
// is the cell itself; byte 3 of each is not a neighbour).
inline constexpr std::uint32_t kAboveBelow = 0x00ffffffu, kSides = 0x00ff00ffu;

// A neighbour's position: NW N NE in the row above (0-2), W E (3-4), SW S SE below (5-7).
// kSteps' order (N E S W NE SE SW NW) by position:
inline constexpr std::array<unsigned, 8> kPositionOfStep = {1, 4, 6, 3, 2, 7, 5, 0};

inline std::uint32_t load(const std::uint8_t* at) {
    std::uint32_t word;
    std::memcpy(&word, at, sizeof word);
    return word;
}
inline void store(std::uint8_t* at, std::uint32_t word) { std::memcpy(at, &word, sizeof word); }

// The three words' bit 0 of each neighbour byte (as a test leaves it) as one bit a
// position. A multiply gathers a row's bits (bits 0, 8 and 16 times 2^14 + 2^7 + 1
// land on bits 14 to 16, the other products on bits apart from them, so nothing
// carries): fewer instructions than shifting each in, on a search's every cell.
inline unsigned positions(std::uint32_t above, std::uint32_t middle, std::uint32_t below) {
    constexpr std::uint32_t kRow = (1u << 14) + (1u << 7) + 1u, kWestEast = (1u << 15) + 1u; // bits 0 and 16 to 15 and 16
    return (((above * kRow) >> 14) & 0x07u) | (((middle * kWestEast) >> 12) & 0x18u) | (((below * kRow) >> 9) & 0xe0u);
}

// The index offsets of the positions in a grid `stride` wide.
inline std::array<std::int64_t, 8> offsets(std::int64_t stride) {
    return {-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1};
}

// The new neighbours in kSteps' order, as a search taking one neighbour at a time
// would queue them: for a set of new positions (bit k: position k), its positions
// in that order and how many there are.
struct NewInStepOrder {
    std::array<std::uint8_t, 8> position[256]{};
    std::uint8_t count[256]{};
    constexpr NewInStepOrder() {
        for (unsigned set = 0; set < 256; ++set) {
            unsigned n = 0;
            for (const unsigned k : kPositionOfStep)
                if ((set >> k) & 1u) position[set][n++] = static_cast<std::uint8_t>(k);
            count[set] = static_cast<std::uint8_t>(n);
        }
    }
};
inline constexpr NewInStepOrder kNewInStepOrder;

// For each set of new positions (bit k: position k), the index offsets of its cells
// in kSteps' order, in a grid `stride` wide: a search's own table (8 KiB), built
// once a search. Queueing a cell's new neighbours is then four offsets added to the
// cell and stored, which compilers do as one vector add and store, whatever their
// number and without a branch on it (few cells have more than four new neighbours:
// then four more). The queue needs 8 entries of room past its last cell.
class QueueSteps {
public:
    explicit QueueSteps(std::int64_t stride) {
        const std::array<std::int64_t, 8> at = offsets(stride);
        for (unsigned set = 0; set < 256; ++set)
            for (unsigned k = 0; k < 8; ++k) offsets_[set][k] = static_cast<std::uint32_t>(at[kNewInStepOrder.position[set][k]]); // added modulo 2^32
    }
    std::size_t enqueue(std::uint32_t* queue, std::size_t tail, std::uint32_t cell, unsigned fresh) const {
        // Read into locals first: the queue's stores could alias the table's entries.
        const std::array<std::uint32_t, 8>& offsets = offsets_[fresh];
        std::uint32_t first[4], second[4];
        std::memcpy(first, offsets.data(), sizeof first);
        std::uint32_t* out = queue + tail;
        for (unsigned k = 0; k < 4; ++k) out[k] = cell + first[k];
        const unsigned count = kNewInStepOrder.count[fresh];
        if (count > 4) {
            std::memcpy(second, offsets.data() + 4, sizeof second);
            for (unsigned k = 0; k < 4; ++k) out[4 + k] = cell + second[k];
        }
        return tail + count;
    }

private:
    std::array<std::uint32_t, 8> offsets_[256];
};

// A cell's three words, read: what a search looks at before it goes on from the
// cell, and then spread() to go on.
class Neighbourhood {
public:
    enum Row { kAbove, kThrough, kBelow };

    Neighbourhood(std::uint8_t* bytes, std::uint32_t cell, std::int64_t stride)
        : cell_(cell), at_{bytes + cell - stride - 1, bytes + cell - 1, bytes + cell + stride - 1}, word_{load(at_[0]), load(at_[1]), load(at_[2])} {}

    std::uint32_t word(Row row) const { return word_[row]; }
    // `test(word, mask)` over the three words, each with the mask of its neighbour
    // bytes, or'd: whether any neighbour passes a test a search makes of all eight.
    template <typename Test>
    std::uint32_t any(Test test) const {
        return test(word_[kAbove], kAboveBelow) | test(word_[kThrough], kSides) | test(word_[kBelow], kAboveBelow);
    }
    // Goes on from the cell: `newOf(word, mask)` gives bit 0 of each new byte among
    // the mask's, `marked(word, new, row)` the word to write back (the new bytes
    // marked as reached), and the new neighbours are queued in kSteps' order from
    // `tail`. Returns the queue's new tail.
    template <typename NewOf, typename Marked>
    std::size_t spread(NewOf newOf, Marked marked, std::uint32_t* queue, std::size_t tail, const QueueSteps& steps) const {
        const std::uint32_t fresh[3] = {newOf(word_[kAbove], kAboveBelow), newOf(word_[kThrough], kSides), newOf(word_[kBelow], kAboveBelow)};
        for (const Row row : {kAbove, kThrough, kBelow}) store(at_[row], marked(word_[row], fresh[row], row));
        return steps.enqueue(queue, tail, cell_, positions(fresh[kAbove], fresh[kThrough], fresh[kBelow]));
    }

private:
    std::uint32_t cell_;
    std::uint8_t* at_[3];
    std::uint32_t word_[3];
};

} // namespace burrow::neighbour_words
