#include "population/prefab_placement.h"

#include <algorithm>

#include "model/directions.h"

namespace burrow {

std::vector<Prefab> prefabVariants(const Prefab& prefab, const std::vector<int>& quarterTurns, bool mirror) {
    std::vector<Prefab> variants;
    for (int turns : quarterTurns)
        for (bool flip : {false, true}) {
            if (flip && !mirror) continue;
            Prefab v = transformed(prefab, turns, flip);
            // A symmetric prefab turned may look as it did: one chance for each shape.
            if (std::find(variants.begin(), variants.end(), v) == variants.end()) variants.push_back(std::move(v));
        }
    return variants;
}

std::uint64_t PrefabSpacing::key(int bx, int by, int z) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(z)) << 42) ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(by)) << 21) ^
           static_cast<std::uint64_t>(static_cast<std::uint32_t>(bx));
}

bool PrefabSpacing::allows(const Rect& footprint, int z) const {
    if (gap_ <= 0 || buckets_.empty()) return true;
    // Another prefab within the gap overlaps the footprint grown by it; each is kept
    // in every bucket it covers, so the buckets the grown footprint covers hold it.
    const Rect grown{footprint.x - gap_, footprint.y - gap_, footprint.width + 2 * gap_, footprint.height + 2 * gap_};
    const auto bucket = [](int v) { return v >= 0 ? v / kBucket : (v - kBucket + 1) / kBucket; };
    for (int by = bucket(grown.y); by <= bucket(grown.bottom() - 1); ++by)
        for (int bx = bucket(grown.x); bx <= bucket(grown.right() - 1); ++bx) {
            const auto found = buckets_.find(key(bx, by, z));
            if (found == buckets_.end()) continue;
            for (const Rect& r : found->second)
                if (r.x < grown.right() && grown.x < r.right() && r.y < grown.bottom() && grown.y < r.bottom()) return false;
        }
    return true;
}

void PrefabSpacing::add(const Rect& footprint, int z) {
    if (gap_ <= 0) return;
    for (int by = footprint.y / kBucket; by <= (footprint.bottom() - 1) / kBucket; ++by)
        for (int bx = footprint.x / kBucket; bx <= (footprint.right() - 1) / kBucket; ++bx) buckets_[key(bx, by, z)].push_back(footprint);
}

bool inArea(const ScopeArea& area, int x, int y, int z) {
    return std::any_of(area.parts.begin(), area.parts.end(), [&](const AreaPart& p) { return p.depth == z && p.contains(x, y); });
}

RockFront::RockFront(const Level& level, const ScopeArea& area, int tunnel) {
    for (const AreaPart& part : area.parts) {
        const TileGrid& tiles = level.tiles(part.depth);
        const int x0 = std::max(0, part.bounds.x - tunnel), y0 = std::max(0, part.bounds.y - tunnel);
        const int x1 = std::min(tiles.width(), part.bounds.right() + tunnel), y1 = std::min(tiles.height(), part.bounds.bottom() + tunnel);
        const int w = x1 - x0;
        // Walking distance through rock from the area, up to the tunnel's length.
        Grid<std::uint8_t> dist(w, y1 - y0, 255);
        std::vector<Point> queue;
        for (int y = part.bounds.y; y < part.bounds.bottom(); ++y)
            for (int x = part.bounds.x; x < part.bounds.right(); ++x)
                if (part.contains(x, y)) {
                    dist(x - x0, y - y0) = 0;
                    queue.push_back({x, y});
                }
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const Point p = queue[head];
            const int d = dist(p.x - x0, p.y - y0);
            // Only cells with rock beside them: a prefab behind an opening facing
            // the middle of open floor would never be all in rock.
            bool rockBeside = false;
            for (const Point step : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}}) {
                const int x = p.x + step.x, y = p.y + step.y;
                rockBeside = rockBeside || (x >= 0 && y >= 0 && x < tiles.width() && y < tiles.height() && !level.kinds.walkable(tiles(x, y)));
            }
            if (rockBeside) cells_.push_back({p.x, p.y, part.depth});
            if (d >= tunnel) continue;
            for (const Point step : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}}) {
                const int x = p.x + step.x, y = p.y + step.y;
                if (x < x0 || y < y0 || x >= x1 || y >= y1 || dist(x - x0, y - y0) != 255 || level.kinds.walkable(tiles(x, y))) continue;
                dist(x - x0, y - y0) = static_cast<std::uint8_t>(d + 1);
                queue.push_back({x, y});
            }
        }
    }
}

std::optional<std::vector<Cell>> TunnelDigger::join(const Level& level, const Occupancy& occupancy, const ScopeArea& area, const Prefab& variant, Cell at) {
    const Rect footprint{at.x, at.y, variant.width, variant.height};
    std::vector<Cell> dig;
    bool joined = false;
    for (const Point opening : variant.openings()) {
        const Point out = outsideOf(variant, opening);
        const Cell from{at.x + out.x, at.y + out.y, at.z};
        if (!level.contains(from.x, from.y, from.z)) continue;
        if (level.kinds.walkable(level.at(from.x, from.y, from.z)) && inArea(area, from.x, from.y, from.z)) {
            joined = true;
            continue;
        }
        if (auto cells = path(level, occupancy, area, footprint, from)) {
            joined = true;
            dig.insert(dig.end(), cells->begin(), cells->end());
        }
    }
    if (!joined) return std::nullopt;
    return dig;
}

std::optional<std::vector<Cell>> TunnelDigger::path(const Level& level, const Occupancy& occupancy, const ScopeArea& area, const Rect& footprint, Cell from) {
    if (tunnel_ < 1) return std::nullopt;
    const TileGrid& tiles = level.tiles(from.z);
    // A window of the tunnel's reach around the start, inside the level's edge (the
    // edge stays as it was: a tunnel out of the map leads nowhere).
    const int x0 = std::max(1, from.x - tunnel_), y0 = std::max(1, from.y - tunnel_);
    const int x1 = std::min(tiles.width() - 1, from.x + tunnel_ + 1), y1 = std::min(tiles.height() - 1, from.y + tunnel_ + 1);
    if (from.x < x0 || from.y < y0 || from.x >= x1 || from.y >= y1 || occupancy.taken(from.x, from.y, from.z)) return std::nullopt;
    const int w = x1 - x0;
    parent_.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(y1 - y0), -1);
    auto index = [&](int x, int y) { return static_cast<std::size_t>(y - y0) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x - x0); };
    queue_.clear();
    queue_.push_back({from.x, from.y});
    parent_[index(from.x, from.y)] = static_cast<std::int32_t>(index(from.x, from.y));
    // Breadth first, a ring per step, so the first walkable area cell found is the
    // nearest; at most tunnel_ rings.
    std::size_t ringEnd = 1;
    for (int ring = 0; ring < tunnel_ && !queue_.empty(); ++ring) {
        const std::size_t ringStart = ring == 0 ? 0 : ringEnd;
        ringEnd = queue_.size();
        for (std::size_t head = ringStart; head < ringEnd; ++head) {
            const Point p = queue_[head];
            for (const Point step : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}}) {
                const int x = p.x + step.x, y = p.y + step.y;
                if (x < x0 || y < y0 || x >= x1 || y >= y1 || parent_[index(x, y)] != -1 || footprint.contains(x, y) || occupancy.taken(x, y, from.z)) continue;
                parent_[index(x, y)] = static_cast<std::int32_t>(index(p.x, p.y));
                if (level.kinds.walkable(tiles(x, y)) && inArea(area, x, y, from.z)) {
                    std::vector<Cell> cells; // back to the start: the rock on the way is dug
                    for (std::size_t i = index(p.x, p.y);; i = static_cast<std::size_t>(parent_[i])) {
                        const int cx = x0 + static_cast<int>(i % static_cast<std::size_t>(w)), cy = y0 + static_cast<int>(i / static_cast<std::size_t>(w));
                        if (!level.kinds.walkable(tiles(cx, cy))) cells.push_back({cx, cy, from.z});
                        if (static_cast<std::size_t>(parent_[i]) == i) break;
                    }
                    return cells;
                }
                queue_.push_back({x, y});
            }
        }
    }
    return std::nullopt;
}

PrefabSearch fitOnFloor(const Level& level, const ScopeArea& area, const FreeSpots& spots, const Occupancy& occupancy, Connectivity movement,
                        const Prefab& variant, const PrefabSpacing& spacing, TunnelDigger& digger, Rng& rng) {
    std::string whyNot = "no free " + std::to_string(variant.width) + "x" + std::to_string(variant.height) + " area";
    // A spot whose openings cannot be joined is tried again only by chance: a few
    // draws, each a bounded search (findSpot's own attempts).
    for (int attempt = 0; attempt < kPrefabAttempts / 8; ++attempt) {
        const SpotSearch spot = findSpot(level, area, spots, movement, rng);
        if (!spot.spot) return {std::nullopt, spot.whyNot};
        if (!spacing.allows({spot.spot->at.x, spot.spot->at.y, variant.width, variant.height}, spot.spot->at.z)) {
            whyNot = "no free " + std::to_string(variant.width) + "x" + std::to_string(variant.height) + " area far enough from the group's others";
            continue;
        }
        if (variant.openings().empty()) return {PrefabFit{&variant, spot.spot->at, {}}, {}};
        if (auto tunnel = digger.join(level, occupancy, area, variant, spot.spot->at)) return {PrefabFit{&variant, spot.spot->at, std::move(*tunnel)}, {}};
        whyNot = "no opening of a free " + std::to_string(variant.width) + "x" + std::to_string(variant.height) + " area could be joined to it";
    }
    return {std::nullopt, whyNot};
}

PrefabSearch fitInRock(const Level& level, const ScopeArea& area, const RockFront& front, const Occupancy& occupancy,
                       const std::vector<const Prefab*>& variants, const PrefabSpacing& spacing, TunnelDigger& digger, Rng& rng) {
    if (front.size() == 0) return {std::nullopt, "no rock within reach of it"};
    // Every (shape, opening) by the way the opening faces out of its prefab.
    std::vector<std::pair<const Prefab*, Point>> facing[4];
    for (const Prefab* v : variants)
        for (const Point opening : v->openings()) {
            const Point out = outsideOf(*v, opening);
            for (int s = 0; s < 4; ++s)
                if (out.x - opening.x == kSteps[s].x && out.y - opening.y == kSteps[s].y) facing[s].emplace_back(v, opening);
        }
    if (std::all_of(std::begin(facing), std::end(facing), [](const auto& f) { return f.empty(); }))
        return {std::nullopt, "'" + variants.front()->id + "' has no opening to join it by"};
    for (int attempt = 0; attempt < kPrefabAttempts; ++attempt) {
        const Cell f = front.at(rng.below(static_cast<std::uint32_t>(front.size())));
        const TileGrid& tiles = level.tiles(f.z);
        // The prefab goes on the rock side of the cell its opening faces: an opening
        // facing out the other way.
        int sides[4], count = 0;
        for (int s = 0; s < 4; ++s) {
            const int x = f.x + kSteps[s].x, y = f.y + kSteps[s].y;
            if (tiles.contains(x, y) && !level.kinds.walkable(tiles(x, y)) && !facing[(s + 2) % 4].empty()) sides[count++] = s;
        }
        if (count == 0) continue;
        const auto& choices = facing[(sides[rng.below(static_cast<std::uint32_t>(count))] + 2) % 4];
        const auto& [v, opening] = choices[rng.below(static_cast<std::uint32_t>(choices.size()))];
        const Point out = outsideOf(*v, opening);
        const Cell at{f.x - out.x, f.y - out.y, f.z};
        // All rock and nothing placed, inside the level's edge.
        if (at.x < 1 || at.y < 1 || at.x + v->width > tiles.width() - 1 || at.y + v->height > tiles.height() - 1) continue;
        if (!spacing.allows({at.x, at.y, v->width, v->height}, at.z)) continue;
        bool rock = true;
        for (int y = at.y; y < at.y + v->height && rock; ++y)
            for (int x = at.x; x < at.x + v->width && rock; ++x) rock = !level.kinds.walkable(tiles(x, y)) && !occupancy.taken(x, y, at.z);
        if (!rock) continue;
        if (auto tunnel = digger.join(level, occupancy, area, *v, at)) return {PrefabFit{v, at, std::move(*tunnel)}, {}};
    }
    return {std::nullopt, "no rock place tried (" + std::to_string(kPrefabAttempts) + ") fits it with an opening joined"};
}

} // namespace burrow
