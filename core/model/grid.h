#pragma once
// A rectangular grid of values stored row by row in one flat array.
//
// The one container every layer of a level, every label map and every distance
// map is made of. Row-major so that passes over a level walk memory in order.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace burrow {

struct Point {
    int x = 0;
    int y = 0;
    friend bool operator==(const Point&, const Point&) = default;
};

struct Rect {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;

    int right() const { return x + width; }   // one past the last column
    int bottom() const { return y + height; } // one past the last row
    bool contains(int px, int py) const { return px >= x && py >= y && px < right() && py < bottom(); }
    Point center() const { return {x + width / 2, y + height / 2}; }
    friend bool operator==(const Rect&, const Rect&) = default;
};

template <typename T>
class Grid {
public:
    Grid() = default;
    Grid(int width, int height, T fillValue = T{})
        : width_(width), height_(height), cells_(checkedCount(width, height), fillValue) {}

    int width() const { return width_; }
    int height() const { return height_; }
    std::size_t size() const { return cells_.size(); }
    bool empty() const { return cells_.empty(); }

    bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
    std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x); }

    // Unchecked access: for inner loops that already know they are in bounds.
    T& operator()(int x, int y) { return cells_[index(x, y)]; }
    const T& operator()(int x, int y) const { return cells_[index(x, y)]; }

    // Checked access: throws std::out_of_range naming the cell and the grid size.
    T& at(int x, int y) { return cells_[checkedIndex(x, y)]; }
    const T& at(int x, int y) const { return cells_[checkedIndex(x, y)]; }

    void fill(T value) { std::fill(cells_.begin(), cells_.end(), value); }

    T* data() { return cells_.data(); }
    const T* data() const { return cells_.data(); }
    T* row(int y) { return cells_.data() + index(0, y); }
    const T* row(int y) const { return cells_.data() + index(0, y); }

    auto begin() { return cells_.begin(); }
    auto end() { return cells_.end(); }
    auto begin() const { return cells_.begin(); }
    auto end() const { return cells_.end(); }

    friend bool operator==(const Grid&, const Grid&) = default;

private:
    static std::size_t checkedCount(int width, int height) {
        if (width < 0 || height < 0)
            throw std::invalid_argument("grid size must not be negative, got " + std::to_string(width) + " x " + std::to_string(height));
        return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    }
    std::size_t checkedIndex(int x, int y) const {
        if (!contains(x, y))
            throw std::out_of_range("cell (" + std::to_string(x) + ", " + std::to_string(y) + ") is outside the " +
                                    std::to_string(width_) + " x " + std::to_string(height_) + " grid");
        return index(x, y);
    }

    int width_ = 0;
    int height_ = 0;
    std::vector<T> cells_;
};

} // namespace burrow
