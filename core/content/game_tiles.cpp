#include "content/game_tiles.h"

#include <algorithm>
#include <cstring>

namespace burrow {
namespace {

// Blob bits, clockwise from north.
constexpr int kN = 1, kNE = 2, kE = 4, kSE = 8, kS = 16, kSW = 32, kW = 64, kNW = 128;

} // namespace

const char* autotileId(Autotile mode) {
    switch (mode) {
    case Autotile::None: return "none";
    case Autotile::Edge: return "edge";
    case Autotile::Blob: return "blob";
    }
    return "none";
}

int reducedBlobMask(int mask) {
    // A corner only shows when both sides beside it join; otherwise the tile is the same.
    if ((mask & (kN | kE)) != (kN | kE)) mask &= ~kNE;
    if ((mask & (kS | kE)) != (kS | kE)) mask &= ~kSE;
    if ((mask & (kS | kW)) != (kS | kW)) mask &= ~kSW;
    if ((mask & (kN | kW)) != (kN | kW)) mask &= ~kNW;
    return mask;
}

const std::vector<int>& blobMasks() {
    static const std::vector<int> masks = [] {
        std::vector<int> list;
        for (int m = 0; m < 256; ++m)
            if (reducedBlobMask(m) == m) list.push_back(m);
        return list;
    }();
    return masks;
}

GameTileGids::GameTileGids(const GameTiles& tiles, const TileKinds& kinds) : art_(256) {
    int next = 1;
    for (const GameTileset& set : tiles.tilesets) {
        firstGids_.push_back(next);
        next += set.tileCount;
    }
    burrowFirstGid_ = next;
    for (int i = 0; i < kinds.count(); ++i) {
        const Tile t = kinds.tileAt(i);
        Art& art = art_[static_cast<std::size_t>(i)];
        const auto found = tiles.kinds.find(kinds[t].id);
        if (found == tiles.kinds.end()) {
            art.plainGid = t == Tile::Void ? 0 : burrowFirstGid_ + i;
            usesBurrowTiles_ = usesBurrowTiles_ || t != Tile::Void;
            continue;
        }
        const KindTiles& k = found->second;
        const int first = firstGid(k.tileset);
        art.autotile = k.autotile;
        art.plainGid = first + k.tile.value_or(0);
        if (k.autotile == Autotile::None) continue;
        // Kinds drawn as this one (a secret door in a wall) join it, as do the listed ones.
        for (int j = 0; j < kinds.count(); ++j) {
            const Tile other = kinds.tileAt(j);
            art.joins[static_cast<std::size_t>(j)] =
                static_cast<std::uint8_t>(other == t || kinds.exportLook(other) == t || std::find(k.joins.begin(), k.joins.end(), kinds[other].id) != k.joins.end());
        }
        art.joins[static_cast<std::uint8_t>(kOffMap)] = 1; // walls run off the edge
        std::array<int, 256> byMask{};
        for (int m = 0; m < 256; ++m) {
            const auto entry = k.byMask.find(k.autotile == Autotile::Blob ? reducedBlobMask(m) : (m & 15));
            byMask[static_cast<std::size_t>(m)] = entry != k.byMask.end() ? first + entry->second : art.plainGid;
        }
        std::array<int, 512> table{};
        for (int n = 0; n < 512; ++n) {
            auto bit = [&](int column, int row) { return (n >> (column * 3 + row)) & 1; }; // column 0 west, row 0 above
            const int mask = k.autotile == Autotile::Edge
                                 ? bit(1, 0) | bit(2, 1) << 1 | bit(1, 2) << 2 | bit(0, 1) << 3
                                 : bit(1, 0) | bit(2, 0) << 1 | bit(2, 1) << 2 | bit(2, 2) << 3 | bit(1, 2) << 4 | bit(0, 2) << 5 | bit(0, 1) << 6 | bit(0, 0) << 7;
            table[static_cast<std::size_t>(n)] = byMask[static_cast<std::size_t>(mask)];
        }
        art.table = static_cast<int>(tables_.size());
        tables_.push_back(table);
    }
    // A tile a level cannot hold draws as a wall, as in the plain export.
    for (int i = kinds.count(); i < 256; ++i) art_[static_cast<std::size_t>(i)] = art_[static_cast<std::size_t>(Tile::Wall)];
}

void GameTileGids::row(const TileGrid& tiles, int y, int* out) const {
    const int w = tiles.width();
    // The rows above, at and below `y`, a cell of padding each side, off the map read
    // as kOffMap (which joins everything): no bounds checks in the loop.
    const std::size_t padded = static_cast<std::size_t>(w) + 2;
    std::vector<Tile> rows(3 * padded, kOffMap);
    for (int slot = 0; slot < 3; ++slot)
        if (const int from = y - 1 + slot; from >= 0 && from < tiles.height())
            std::memcpy(rows.data() + static_cast<std::size_t>(slot) * padded + 1, tiles.row(from), static_cast<std::size_t>(w));
    const Tile* up = rows.data() + 1;
    const Tile* cur = up + padded;
    const Tile* down = cur + padded;
    // Along a run of one kind the neighbourhood slides a column at a time: only the
    // new east column is read.
    const Art* last = nullptr;
    const int* table = nullptr;
    int neighbourhood = 0;
    for (int x = 0; x < w; ++x) {
        const Art& art = art_[static_cast<std::uint8_t>(cur[x])];
        if (art.autotile == Autotile::None) {
            out[x] = art.plainGid;
            last = nullptr;
            continue;
        }
        const auto column = [&](int c) {
            return art.joins[static_cast<std::uint8_t>(up[c])] | art.joins[static_cast<std::uint8_t>(cur[c])] << 1 | art.joins[static_cast<std::uint8_t>(down[c])] << 2;
        };
        if (&art == last) neighbourhood = neighbourhood >> 3 | column(x + 1) << 6;
        else {
            neighbourhood = column(x - 1) | column(x) << 3 | column(x + 1) << 6;
            table = tables_[static_cast<std::size_t>(art.table)].data();
            last = &art;
        }
        out[x] = table[neighbourhood];
    }
}

std::pair<int, int> GameTileGids::tileOf(int gid) const {
    for (std::size_t i = firstGids_.size(); i-- > 0;)
        if (gid >= firstGids_[i] && gid < burrowFirstGid_ && (i + 1 == firstGids_.size() || gid < firstGids_[i + 1])) return {static_cast<int>(i), gid - firstGids_[i]};
    return {-1, gid - burrowFirstGid_};
}

} // namespace burrow
