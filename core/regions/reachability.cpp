#include "regions/reachability.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "model/bit_count.h"
#include "model/byte_order.h"
#include "regions/region_map.h"

namespace burrow {

DistanceMap::DistanceMap(LevelSize size) {
    for (int z = 0; z < size.depth; ++z) depths_.emplace_back(size.width, size.height, -1);
}

namespace {

// Bits of one depth, one per cell, with a border: cell (x, y) is bit x + 8 of
// padded row y + 1. The border (and spare bytes at each row's end) lets a search
// read a cell's three neighbours in a row with one unaligned 64-bit load and no
// bounds test; cells 8k .. 8k+7 are exactly byte k + 1 of their row.
class CellBits {
public:
    CellBits(int width, int height, std::uint8_t border)
        : stride_(static_cast<std::size_t>((width + 7) / 8 + 3)), bytes_(stride_ * static_cast<std::size_t>(height + 2), border) {}
    std::uint8_t* row(int y) { return bytes_.data() + stride_ * static_cast<std::size_t>(y + 1) + 1; }
    // Bits 0, 1, 2: cells x-1, x, x+1 of row y (x and y may be one past an edge).
    // Two-byte accesses: the three bits never span more, and a wider access that
    // overlaps the previous cell's write at another offset would stall the load
    // until that store retires (no store-to-load forwarding).
    std::uint32_t three(int x, int y) const {
        std::uint16_t v;
        std::memcpy(&v, byteOf(x, y), 2);
        return (static_cast<std::uint32_t>(v) >> ((x + 7) & 7)) & 7u;
    }
    void set(int x, int y, std::uint32_t mask) {
        std::uint8_t* at = const_cast<std::uint8_t*>(byteOf(x, y));
        std::uint16_t v;
        std::memcpy(&v, at, 2);
        v = static_cast<std::uint16_t>(v | (mask << ((x + 7) & 7)));
        std::memcpy(at, &v, 2);
    }
    bool test(int x, int y) const { return three(x, y) & 2u; }
    void set(int x, int y) { set(x, y, 2u); }

private:
    // Cell x - 1 is bit x + 7 of the padded row.
    const std::uint8_t* byteOf(int x, int y) const {
        return bytes_.data() + stride_ * static_cast<std::size_t>(y + 1) + (static_cast<std::size_t>(x + 7) >> 3);
    }

    std::size_t stride_;
    std::vector<std::uint8_t> bytes_;
};

// Closed cells (not walkable, or already queued) and stairs of one depth.
struct DepthBits {
    CellBits closed, stairs;
    std::size_t walkable = 0;

    DepthBits(const TileGrid& tiles, const TileKinds& kinds) : closed(tiles.width(), tiles.height(), 0xff), stairs(tiles.width(), tiles.height(), 0) {
        const int w = tiles.width();
        std::vector<Tile> padded(static_cast<std::size_t>(w + 8), Tile::Wall);
        for (int y = 0; y < tiles.height(); ++y) {
            std::memcpy(padded.data(), tiles.row(y), static_cast<std::size_t>(w));
            std::uint8_t* shut = closed.row(y);
            std::uint8_t* steps = stairs.row(y);
            for (int x = 0; x < w; x += 8) {
                const std::uint8_t open = kinds.walkableMask(padded.data() + x);
                shut[x >> 3] = static_cast<std::uint8_t>(~open);
                walkable += static_cast<std::size_t>(bitCount(open));
                steps[x >> 3] = kinds.stairsMask(padded.data() + x);
            }
        }
    }
};

} // namespace

DistanceMap distanceMap(const Level& level, std::span<const Cell> sources, Connectivity moves, const std::atomic<bool>* cancel) {
    const int w = level.width(), depths = level.depthCount();
    DistanceMap distances(level.size());
    std::vector<DepthBits> bits;
    std::size_t walkable = 0;
    for (int z = 0; z < depths; ++z) {
        bits.emplace_back(level.tiles(z), level.kinds);
        walkable += bits.back().walkable;
    }

    // Cells as (x, y, z), each queued at most once: no division to unpack them.
    struct At {
        std::uint16_t x, y, z;
    };
    std::vector<At> queue(walkable + 1);
    std::size_t tail = 0;
    for (const Cell& s : sources) {
        if (!level.contains(s.x, s.y, s.z) || bits[static_cast<std::size_t>(s.z)].closed.test(s.x, s.y)) continue;
        bits[static_cast<std::size_t>(s.z)].closed.set(s.x, s.y);
        queue[tail++] = {static_cast<std::uint16_t>(s.x), static_cast<std::uint16_t>(s.y), static_cast<std::uint16_t>(s.z)};
    }
    // Which of the three cells of the rows above, beside and below are neighbours.
    const std::uint32_t aboveBelow = moves == Connectivity::Eight ? 7u : 2u;
    constexpr std::uint32_t beside = 5u;

    // Breadth-first in layers: every cell of layer k is k steps from a source, so
    // the distance is the layer number and the queue need not carry it.
    std::int32_t layer = 0;
    std::size_t layerEnd = tail;
    for (std::size_t head = 0; head < tail; ++head) {
        if (head == layerEnd) {
            if (cancel && cancel->load(std::memory_order_relaxed)) break;
            ++layer;
            layerEnd = tail;
        }
        const At c = queue[head];
        CellBits& shut = bits[c.z].closed;
        distances.depth(c.z).data()[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(w) + c.x] = layer;
        for (int dy = -1; dy <= 1; ++dy) {
            const int y = c.y + dy;
            std::uint32_t open = ~shut.three(c.x, y) & (dy == 0 ? beside : aboveBelow);
            if (!open) continue;
            shut.set(c.x, y, open);
            for (; open; open &= open - 1)
                queue[tail++] = {static_cast<std::uint16_t>(c.x - 1 + std::countr_zero(open)), static_cast<std::uint16_t>(y), c.z};
        }
        if (!bits[c.z].stairs.test(c.x, c.y)) continue;
        const int other = level.at(c.x, c.y, c.z) == Tile::StairsDown ? c.z + 1 : c.z - 1;
        if (other >= 0 && other < depths && !bits[static_cast<std::size_t>(other)].closed.test(c.x, c.y)) {
            bits[static_cast<std::size_t>(other)].closed.set(c.x, c.y);
            queue[tail++] = {c.x, c.y, static_cast<std::uint16_t>(other)};
        }
    }
    return distances;
}

std::optional<Cell> nearestWalkable(const Level& level, Cell near) {
    if (near.z < 0 || near.z >= level.depthCount()) return std::nullopt;
    const TileGrid& tiles = level.tiles(near.z);
    const int most = std::max({near.x, near.y, level.width() - 1 - near.x, level.height() - 1 - near.y, 0});
    for (int r = 0; r <= most; ++r)
        for (int y = near.y - r; y <= near.y + r; ++y) {
            // Only the ring's edge: its top and bottom rows whole, else its two ends.
            const bool edgeRow = y == near.y - r || y == near.y + r;
            for (int x = near.x - r; x <= near.x + r; x += edgeRow || r == 0 ? 1 : 2 * r)
                if (tiles.contains(x, y) && level.kinds.walkable(tiles(x, y))) return Cell{x, y, near.z};
        }
    return std::nullopt;
}

std::optional<Cell> defaultStart(const Level& level) {
    for (const Marker& m : level.markers)
        if (m.name == "start" && level.contains(m.at.x, m.at.y, m.at.z) && level.kinds.walkable(level.at(m.at.x, m.at.y, m.at.z))) return m.at;
    for (int z = 0; z < level.depthCount(); ++z) {
        const TileGrid& tiles = level.tiles(z);
        for (int y = 0; y < tiles.height(); ++y)
            for (int x = 0; x < tiles.width(); ++x)
                if (level.kinds.walkable(tiles(x, y))) return Cell{x, y, z};
    }
    return std::nullopt;
}

ReachabilityReport reachability(const Level& level, Connectivity moves, std::optional<Cell> start) {
    ReachabilityReport report;
    report.start = start ? start : defaultStart(level);
    const int depths = level.depthCount();
    std::vector<RegionRuns> regions;
    std::vector<std::size_t> firstId; // region (z, label) is node firstId[z] + label - 1
    std::size_t nodes = 0;
    for (int z = 0; z < depths; ++z) {
        regions.push_back(labelRuns(level.tiles(z), moves, level.kinds));
        firstId.push_back(nodes);
        nodes += regions.back().regions.size();
    }
    // Edges: each stairs tile leads from its region to the region under or over it.
    std::vector<std::vector<std::size_t>> leadsTo(nodes);
    for (int z = 0; z < depths; ++z) {
        const TileGrid& tiles = level.tiles(z);
        for (int y = 0; y < tiles.height(); ++y) {
            const Tile* row = tiles.row(y);
            for (int x = 0; x < tiles.width(); ++x) {
                if (row[x] != Tile::StairsDown && row[x] != Tile::StairsUp) continue;
                const int other = row[x] == Tile::StairsDown ? z + 1 : z - 1;
                if (other < 0 || other >= depths) continue;
                const int from = regions[static_cast<std::size_t>(z)].labelAt(x, y);
                const int to = regions[static_cast<std::size_t>(other)].labelAt(x, y);
                if (from && to)
                    leadsTo[firstId[static_cast<std::size_t>(z)] + static_cast<std::size_t>(from - 1)].push_back(
                        firstId[static_cast<std::size_t>(other)] + static_cast<std::size_t>(to - 1));
            }
        }
    }
    std::vector<std::uint8_t> reached(nodes, 0);
    if (report.start && level.contains(report.start->x, report.start->y, report.start->z)) {
        const int label = regions[static_cast<std::size_t>(report.start->z)].labelAt(report.start->x, report.start->y);
        if (label) {
            std::vector<std::size_t> stack{firstId[static_cast<std::size_t>(report.start->z)] + static_cast<std::size_t>(label - 1)};
            reached[stack.back()] = 1;
            while (!stack.empty()) {
                const std::size_t node = stack.back();
                stack.pop_back();
                for (std::size_t next : leadsTo[node])
                    if (!reached[next]) {
                        reached[next] = 1;
                        stack.push_back(next);
                    }
            }
        }
    }
    for (int z = 0; z < depths; ++z) {
        int walkable = 0, reachable = 0;
        for (const RegionInfo& r : regions[static_cast<std::size_t>(z)].regions) {
            walkable += r.size;
            if (reached[firstId[static_cast<std::size_t>(z)] + static_cast<std::size_t>(r.label - 1)]) reachable += r.size;
            else report.unreachable.push_back({z, r.label, r.size, r.representative});
        }
        report.walkable.push_back(walkable);
        report.reachable.push_back(reachable);
    }
    return report;
}

} // namespace burrow
