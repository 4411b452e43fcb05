#include "population/placement.h"

#include <algorithm>
#include <bit>
#include <iterator>

#include "model/bit_count.h"
#include "model/directions.h"

namespace burrow {
namespace {

bool besidePassage(const TileGrid& tiles, int x, int y) {
    for (const Point d : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}})
        if (tiles.contains(x + d.x, y + d.y) && isPassage(tiles(x + d.x, y + d.y))) return true;
    return false;
}

// Whether blocking `footprint` keeps the walkable cells next to it joined. Paths
// through the footprint enter and leave by those cells, so if they still reach one
// another without it, nothing else is cut off. The way around is looked for in a
// window of kDetour cells around the footprint, clipped to `box` (the part and one
// cell beyond, so a room's doorways count): a room keeps its doors joined inside
// the room, and the cost stays that of the window, not of the level.
bool keepsConnected(const TileGrid& tiles, const TileKinds& kinds, const Rect& box, const Rect& footprint, Connectivity movement) {
    const int x0 = std::max(box.x, footprint.x - kDetour), y0 = std::max(box.y, footprint.y - kDetour);
    const int x1 = std::min(box.right(), footprint.right() + kDetour), y1 = std::min(box.bottom(), footprint.bottom() + kDetour);
    const Rect window{x0, y0, x1 - x0, y1 - y0};
    const bool eight = movement == Connectivity::Eight;
    std::vector<Point> sides; // walkable cells a step away from the footprint
    for (int y = footprint.y - 1; y <= footprint.bottom(); ++y)
        for (int x = footprint.x - 1; x <= footprint.right(); ++x) {
            const bool corner = (x < footprint.x || x >= footprint.right()) && (y < footprint.y || y >= footprint.bottom());
            if (footprint.contains(x, y) || (corner && !eight) || !window.contains(x, y) || !kinds.walkable(tiles(x, y))) continue;
            sides.push_back({x, y});
        }
    if (sides.size() < 2) return true;
    Grid<std::uint8_t> seen(window.width, window.height, 0);
    std::vector<Point> queue{sides.front()};
    seen(sides.front().x - x0, sides.front().y - y0) = 1;
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const Point p = queue[head];
        for (int d = 0; d < (eight ? 8 : 4); ++d) {
            const int x = p.x + kSteps[d].x, y = p.y + kSteps[d].y;
            if (!window.contains(x, y) || seen(x - x0, y - y0) || footprint.contains(x, y) || !kinds.walkable(tiles(x, y))) continue;
            seen(x - x0, y - y0) = 1;
            queue.push_back({x, y});
        }
    }
    return std::all_of(sides.begin(), sides.end(), [&](Point p) { return seen(p.x - x0, p.y - y0) != 0; });
}

} // namespace

Occupancy::Occupancy(const LevelSize& size) {
    grids_.reserve(static_cast<std::size_t>(size.depth));
    for (int z = 0; z < size.depth; ++z) grids_.emplace_back(size.width, size.height);
}

FreeSpots::FreeSpots(const Level& level, const Occupancy& occupancy, const ScopeArea& area, int w, int h, bool blocking)
    : w_(w), h_(h), blocking_(blocking) {
    std::size_t cells = 0;
    for (const AreaPart& part : area.parts) {
        parts_.push_back({cells, part.bounds, part.depth});
        cells += static_cast<std::size_t>(part.bounds.width) * static_cast<std::size_t>(part.bounds.height);
    }
    bits_.assign((cells + 63) / 64, 0);
    for (std::size_t p = 0; p < area.parts.size(); ++p) {
        const AreaPart& part = area.parts[p];
        const TileGrid& tiles = level.tiles(part.depth);
        const Rect& b = part.bounds;
        auto setSpot = [&](int x, int y) { // (x, y): the spot's top-left cell
            const std::size_t bit = parts_[p].first + static_cast<std::size_t>(y - b.y) * static_cast<std::size_t>(b.width) + static_cast<std::size_t>(x - b.x);
            bits_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
            ++free_;
        };
        if (w == 1 && h == 1) {
            // A single cell (most things): only the area's own cells can be spots, so
            // visit its set bits rather than every cell of its bounds.
            for (int y = b.y; y < b.bottom(); ++y) {
                const std::uint64_t* words = part.inside.row(y - b.y);
                for (int k = 0; k < part.inside.wordsPerRow(); ++k)
                    for (std::uint64_t m = words[k]; m != 0; m &= m - 1) {
                        const int x = b.x + k * 64 + std::countr_zero(m);
                        if (!occupancy.taken(x, y, part.depth) && !isPassage(tiles(x, y)) && !(blocking && besidePassage(tiles, x, y))) setSpot(x, y);
                    }
            }
            continue;
        }
        // run[x]: free cells from x rightwards on this row; rows[x]: rows in a row,
        // ending at this one, where a run of at least w starts at x.
        std::vector<int> run(static_cast<std::size_t>(b.width) + 1, 0), rows(static_cast<std::size_t>(b.width), 0);
        for (int y = b.y; y < b.bottom(); ++y) {
            for (int x = b.right() - 1; x >= b.x; --x) {
                const bool free = part.contains(x, y) && !occupancy.taken(x, y, part.depth) && !isPassage(tiles(x, y)) &&
                                  !(blocking && besidePassage(tiles, x, y));
                const auto i = static_cast<std::size_t>(x - b.x);
                run[i] = free ? run[i + 1] + 1 : 0;
            }
            for (std::size_t i = 0; i < rows.size(); ++i) {
                rows[i] = run[i] >= w ? rows[i] + 1 : 0;
                if (rows[i] >= h) setSpot(b.x + static_cast<int>(i), y - h + 1);
            }
        }
    }
    // Fenwick tree built in linear time: each node passes its sum to its parent.
    tree_.assign(bits_.size() + 1, 0);
    for (std::size_t i = 1; i <= bits_.size(); ++i) {
        tree_[i] += bitCount(bits_[i - 1]);
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

void FreeSpots::clear(const Part& part, int x0, int y0, int x1, int y1) {
    const Rect& b = part.bounds;
    x0 = std::max(x0, b.x), y0 = std::max(y0, b.y), x1 = std::min(x1, b.right() - 1), y1 = std::min(y1, b.bottom() - 1);
    if (x0 > x1) return;
    for (int y = y0; y <= y1; ++y) {
        const std::size_t row = part.first + static_cast<std::size_t>(y - b.y) * static_cast<std::size_t>(b.width);
        const std::size_t first = row + static_cast<std::size_t>(x0 - b.x), last = row + static_cast<std::size_t>(x1 - b.x);
        for (std::size_t word = first >> 6; word <= last >> 6; ++word) {
            const std::size_t lo = word == first >> 6 ? first & 63 : 0, hi = word == last >> 6 ? last & 63 : 63;
            const std::uint64_t mask = (hi == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (hi + 1)) - 1) & ~((std::uint64_t{1} << lo) - 1);
            const int cleared = bitCount(bits_[word] & mask);
            if (cleared == 0) continue;
            bits_[word] &= ~mask;
            add(word, -cleared);
            free_ -= static_cast<std::size_t>(cleared);
        }
    }
}

void FreeSpots::placed(const Rect& r, int z, bool passage) {
    for (const Part& part : parts_) {
        if (part.depth != z) continue;
        // Spots whose footprint overlaps r; for a blocking footprint beside a
        // passage, those whose footprint reaches one cell further across or down.
        const int beside = passage && blocking_ ? 1 : 0;
        clear(part, r.x - w_ + 1 - beside, r.y - h_ + 1, r.right() - 1 + beside, r.bottom() - 1);
        if (beside) clear(part, r.x - w_ + 1, r.y - h_, r.right() - 1, r.bottom());
    }
}

SpotSearch findSpot(const Level& level, const ScopeArea& area, const FreeSpots& spots, Connectivity movement, Rng& rng) {
    const std::string size = std::to_string(spots.width()) + "x" + std::to_string(spots.height());
    if (spots.size() == 0) return {std::nullopt, "no free " + size + " area"};
    if (!spots.blocking()) return {Spot{spots.at(rng.below(static_cast<std::uint32_t>(spots.size())))}, {}};
    // A spot that fails the check is set aside by moving the last spot into its
    // place, so no spot is tried twice and each draw stays uniform over the rest.
    std::vector<std::pair<std::size_t, Cell>> moved;
    const auto spotAt = [&](std::size_t k) {
        for (const auto& [index, cell] : moved)
            if (index == k) return cell;
        return spots.at(k);
    };
    std::size_t left = spots.size();
    for (int attempt = 0; attempt < kSpotAttempts && left > 0; ++attempt) {
        const std::size_t pick = rng.below(static_cast<std::uint32_t>(left));
        const Cell at = spotAt(pick);
        const auto part = std::find_if(area.parts.begin(), area.parts.end(), [&](const AreaPart& p) { return p.depth == at.z && p.contains(at.x, at.y); });
        const TileGrid& tiles = level.tiles(at.z);
        const int bx = std::max(0, part->bounds.x - 1), by = std::max(0, part->bounds.y - 1);
        const Rect box{bx, by, std::min(tiles.width(), part->bounds.right() + 1) - bx, std::min(tiles.height(), part->bounds.bottom() + 1) - by};
        if (keepsConnected(tiles, level.kinds, box, {at.x, at.y, spots.width(), spots.height()}, movement)) return {Spot{at}, {}};
        const Cell last = spotAt(--left);
        std::erase_if(moved, [&](const auto& m) { return m.first == pick; });
        moved.emplace_back(pick, last);
    }
    return {std::nullopt, "every free " + size + " area tried would cut the way around it"};
}

} // namespace burrow
