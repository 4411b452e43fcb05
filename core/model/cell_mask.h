#pragma once
// A set of cells of a rectangle, one bit a cell: what a population scope's area
// holds of a depth. A cave spanning a 4096 x 4096 depth takes 2 MiB, not 16.
#include <cstdint>
#include <vector>

namespace burrow {

class CellMask {
public:
    CellMask() = default;
    CellMask(int width, int height)
        : width_(width), words_((width + 63) / 64), bits_(static_cast<std::size_t>(words_) * static_cast<std::size_t>(height > 0 ? height : 0), 0) {}

    int width() const { return width_; }
    int height() const { return words_ > 0 ? static_cast<int>(bits_.size() / static_cast<std::size_t>(words_)) : 0; }
    bool operator()(int x, int y) const { return (bits_[word(x, y)] >> (x & 63)) & 1u; }
    void set(int x, int y) { bits_[word(x, y)] |= std::uint64_t{1} << (x & 63); }
    // Cells x0 <= x < x1 of row y.
    void setRun(int y, int x0, int x1) {
        for (int x = x0; x < x1;) {
            const int end = x1 < ((x | 63) + 1) ? x1 : ((x | 63) + 1); // to the end of this word at most
            const int n = end - x;
            const std::uint64_t ones = n == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1);
            bits_[word(x, y)] |= ones << (x & 63);
            x = end;
        }
    }

    // Row y's bits, 64 cells a word (bit i of word k is cell 64k + i).
    const std::uint64_t* row(int y) const { return bits_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(words_); }
    int wordsPerRow() const { return words_; }

private:
    std::size_t word(int x, int y) const { return static_cast<std::size_t>(y) * static_cast<std::size_t>(words_) + static_cast<std::size_t>(x >> 6); }
    int width_ = 0;
    int words_ = 0;
    std::vector<std::uint64_t> bits_;
};

} // namespace burrow
