#include "population/placement.h"

#include <algorithm>
#include <bit>
#include <iterator>

namespace burrow {
namespace {

bool isPassage(Tile t) { return t == Tile::Door || t == Tile::StairsDown || t == Tile::StairsUp || t == Tile::Exit; }

// Every cell of the footprint is in the part, walkable, free and no passage; a
// blocking footprint also keeps its edges clear of passages.
bool fits(const Level& level, const Occupancy& occupancy, const AreaPart& part, int x0, int y0, int w, int h, bool blocking) {
    const TileGrid& tiles = level.tiles(part.depth);
    for (int y = y0; y < y0 + h; ++y)
        for (int x = x0; x < x0 + w; ++x) {
            if (!part.contains(x, y) || occupancy.taken(x, y, part.depth) || isPassage(tiles(x, y))) return false;
            if (!blocking) continue;
            for (const Point d : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}})
                if (tiles.contains(x + d.x, y + d.y) && isPassage(tiles(x + d.x, y + d.y))) return false;
        }
    return true;
}

// Walkable cells reachable from `from` inside `box`, cells of `hole` counted as blocked.
Grid<std::uint8_t> reach(const TileGrid& tiles, const Rect& box, Point from, const Rect& hole, Connectivity movement) {
    Grid<std::uint8_t> seen(box.width, box.height, 0);
    std::vector<Point> queue{from};
    seen(from.x - box.x, from.y - box.y) = 1;
    const int directions = movement == Connectivity::Eight ? 8 : 4;
    static constexpr int kDx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    static constexpr int kDy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const Point p = queue[head];
        for (int d = 0; d < directions; ++d) {
            const int x = p.x + kDx[d], y = p.y + kDy[d];
            if (!box.contains(x, y) || seen(x - box.x, y - box.y) || hole.contains(x, y) || !isWalkable(tiles(x, y))) continue;
            seen(x - box.x, y - box.y) = 1;
            queue.push_back({x, y});
        }
    }
    return seen;
}

// Whether blocking the footprint leaves the walkable cells around it (within the
// part's bounds and one cell beyond, so a room's doors count) as connected as before.
bool keepsConnected(const Level& level, const AreaPart& part, int x0, int y0, int w, int h, Connectivity movement) {
    const TileGrid& tiles = level.tiles(part.depth);
    const Rect footprint{x0, y0, w, h};
    const int bx0 = std::max(0, part.bounds.x - 1), by0 = std::max(0, part.bounds.y - 1);
    const Rect box{bx0, by0, std::min(tiles.width(), part.bounds.right() + 1) - bx0, std::min(tiles.height(), part.bounds.bottom() + 1) - by0};
    std::vector<Point> ring;
    for (int y = y0 - 1; y <= y0 + h; ++y)
        for (int x = x0 - 1; x <= x0 + w; ++x)
            if (!footprint.contains(x, y) && box.contains(x, y) && isWalkable(tiles(x, y))) ring.push_back({x, y});
    if (ring.size() < 2) return true;
    // Group the ring by what reaches what now; each group must still hold together
    // with the footprint blocked.
    std::vector<std::uint8_t> grouped(ring.size(), 0);
    for (std::size_t i = 0; i < ring.size(); ++i) {
        if (grouped[i]) continue;
        const Grid<std::uint8_t> before = reach(tiles, box, ring[i], Rect{}, movement);
        const Grid<std::uint8_t> after = reach(tiles, box, ring[i], footprint, movement);
        for (std::size_t j = i; j < ring.size(); ++j) {
            if (!before(ring[j].x - box.x, ring[j].y - box.y)) continue;
            grouped[j] = 1;
            if (!after(ring[j].x - box.x, ring[j].y - box.y)) return false;
        }
    }
    return true;
}

} // namespace

Occupancy::Occupancy(const LevelSize& size) {
    for (int z = 0; z < size.depth; ++z) grids_.emplace_back(size.width, size.height, 0);
}

FreeSpots::FreeSpots(const Level& level, const Occupancy& occupancy, const ScopeArea& area) {
    std::size_t cells = 0;
    for (const AreaPart& part : area.parts) {
        parts_.push_back({cells, part.bounds, part.depth});
        cells += static_cast<std::size_t>(part.bounds.width) * static_cast<std::size_t>(part.bounds.height);
    }
    bits_.assign((cells + 63) / 64, 0);
    for (std::size_t p = 0; p < area.parts.size(); ++p) {
        const AreaPart& part = area.parts[p];
        std::size_t bit = parts_[p].first;
        for (int y = part.bounds.y; y < part.bounds.bottom(); ++y)
            for (int x = part.bounds.x; x < part.bounds.right(); ++x, ++bit)
                if (fits(level, occupancy, part, x, y, 1, 1, false)) {
                    bits_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
                    ++free_;
                }
    }
    // Fenwick tree built in linear time: each node passes its sum to its parent.
    tree_.assign(bits_.size() + 1, 0);
    for (std::size_t i = 1; i <= bits_.size(); ++i) {
        tree_[i] += std::popcount(bits_[i - 1]);
        if (const std::size_t parent = i + (i & (~i + 1)); parent <= bits_.size()) tree_[parent] += tree_[i];
    }
}

void FreeSpots::add(std::size_t word, int delta) {
    for (std::size_t i = word + 1; i < tree_.size(); i += i & (~i + 1)) tree_[i] += delta;
}

Cell FreeSpots::at(std::size_t k) const {
    // The word holding the k-th spot: the largest prefix of words with at most k spots.
    std::size_t pos = 0;
    std::size_t step = std::bit_floor(tree_.size() - 1);
    auto left = static_cast<std::int64_t>(k);
    for (; step > 0; step >>= 1)
        if (pos + step < tree_.size() && tree_[pos + step] <= left) {
            pos += step;
            left -= tree_[pos];
        }
    std::uint64_t word = bits_[pos];
    for (; left > 0; --left) word &= word - 1; // drop the spots before it in this word
    const std::size_t bit = pos * 64 + static_cast<std::size_t>(std::countr_zero(word));
    const auto part = std::prev(std::upper_bound(parts_.begin(), parts_.end(), bit, [](std::size_t b, const Part& p) { return b < p.first; }));
    const std::size_t offset = bit - part->first;
    const auto w = static_cast<std::size_t>(part->bounds.width);
    return {part->bounds.x + static_cast<int>(offset % w), part->bounds.y + static_cast<int>(offset / w), part->depth};
}

void FreeSpots::take(const Cell& c) {
    for (const Part& part : parts_) {
        if (part.depth != c.z || !part.bounds.contains(c.x, c.y)) continue;
        const std::size_t bit = part.first + static_cast<std::size_t>(c.y - part.bounds.y) * static_cast<std::size_t>(part.bounds.width) +
                                static_cast<std::size_t>(c.x - part.bounds.x);
        const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
        if (!(bits_[bit >> 6] & mask)) continue;
        bits_[bit >> 6] &= ~mask;
        add(bit >> 6, -1);
        --free_;
        return;
    }
}

SpotSearch findSpot(const Level& level, const Occupancy& occupancy, const ScopeArea& area, int w, int h, bool blocking,
                    Connectivity movement, Rng& rng) {
    // Every spot that fits, once: counting them and drawing by index is uniform and
    // bounded, where seed 002 drew random spots until one happened to be free.
    std::vector<Spot> fitting;
    for (const AreaPart& part : area.parts)
        for (int y = part.bounds.y; y + h <= part.bounds.bottom(); ++y)
            for (int x = part.bounds.x; x + w <= part.bounds.right(); ++x)
                if (fits(level, occupancy, part, x, y, w, h, blocking)) fitting.push_back({{x, y, part.depth}});
    const std::string size = std::to_string(w) + "x" + std::to_string(h);
    if (fitting.empty()) return {std::nullopt, "no free " + size + " area"};
    if (!blocking) return {fitting[rng.below(static_cast<std::uint32_t>(fitting.size()))], {}};
    for (int attempt = 0; attempt < kSpotAttempts && !fitting.empty(); ++attempt) {
        const std::size_t pick = rng.below(static_cast<std::uint32_t>(fitting.size()));
        const Spot spot = fitting[pick];
        const auto part = std::find_if(area.parts.begin(), area.parts.end(), [&](const AreaPart& p) { return p.depth == spot.at.z && p.contains(spot.at.x, spot.at.y); });
        if (keepsConnected(level, *part, spot.at.x, spot.at.y, w, h, movement)) return {spot, {}};
        fitting[pick] = fitting.back(); // never try the same spot twice
        fitting.pop_back();
    }
    return {std::nullopt, "every free " + size + " area tried would cut the way between its doors"};
}

} // namespace burrow
