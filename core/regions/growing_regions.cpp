#include "regions/growing_regions.h"

#include <utility>

#include "model/tile.h"

namespace burrow {

std::uint32_t GrowingRegions::find(std::uint32_t cell) {
    // Path halving keeps the trees shallow without recursion.
    while (parent_[cell] != cell) {
        parent_[cell] = parent_[parent_[cell]];
        cell = parent_[cell];
    }
    return cell;
}

std::uint32_t GrowingRegions::link(std::uint32_t a, std::uint32_t b) {
    // Roots a != b. Union by rank keeps every tree O(log n) deep whatever order the
    // cells open in; ties go to the smaller index, so the structure is deterministic.
    if (rank_[a] < rank_[b] || (rank_[a] == rank_[b] && b < a)) std::swap(a, b);
    parent_[b] = a;
    if (rank_[a] == rank_[b]) ++rank_[a];
    --count_;
    return a;
}

void GrowingRegions::unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) link(a, b);
}

void GrowingRegions::reset(const TileGrid& tiles, const TileKinds& kinds) {
    kinds_ = &kinds;
    width_ = tiles.width();
    height_ = tiles.height();
    parent_.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), kRock);
    rank_.assign(parent_.size(), 0);
    count_ = 0;
    // Row-major: each walkable cell joins the neighbours already seen (left, and the
    // row above), which is every neighbour pair once.
    for (int y = 0; y < height_; ++y) {
        const Tile* row = tiles.row(y);
        for (int x = 0; x < width_; ++x) {
            if (!kinds.walkable(row[x])) continue;
            const std::uint32_t here = index(x, y);
            parent_[here] = here;
            ++count_;
            if (x > 0 && parent_[here - 1] != kRock) unite(here, here - 1);
            if (y == 0) continue;
            const std::uint32_t up = here - static_cast<std::uint32_t>(width_);
            if (parent_[up] != kRock) unite(here, up);
            if (movement_ == Connectivity::Eight) {
                if (x > 0 && parent_[up - 1] != kRock) unite(here, up - 1);
                if (x + 1 < width_ && parent_[up + 1] != kRock) unite(here, up + 1);
            }
        }
    }
}

void GrowingRegions::open(const TileGrid& tiles, int x, int y) {
    const std::uint32_t here = index(x, y);
    if (parent_[here] != kRock || !kinds_->walkable(tiles.at(x, y))) return;
    parent_[here] = here;
    ++count_;
    // The new cell's root is carried along rather than found again per neighbour.
    std::uint32_t root = here;
    const auto join = [&](int nx, int ny) {
        const std::uint32_t next = index(nx, ny);
        if (parent_[next] == kRock) return;
        const std::uint32_t other = find(next);
        if (other != root) root = link(root, other);
    };
    const bool left = x > 0, right = x + 1 < width_, up = y > 0, down = y + 1 < height_;
    if (left) join(x - 1, y);
    if (right) join(x + 1, y);
    if (up) join(x, y - 1);
    if (down) join(x, y + 1);
    if (movement_ == Connectivity::Eight) {
        if (up && left) join(x - 1, y - 1);
        if (up && right) join(x + 1, y - 1);
        if (down && left) join(x - 1, y + 1);
        if (down && right) join(x + 1, y + 1);
    }
}

bool GrowingRegions::connected(int ax, int ay, int bx, int by) {
    const std::uint32_t a = index(ax, ay), b = index(bx, by);
    return parent_[a] != kRock && parent_[b] != kRock && find(a) == find(b);
}

} // namespace burrow
