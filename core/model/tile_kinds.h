#pragma once
// The tile kinds a level is made of: the ten built-ins (model/tile.h) and the
// project's own (lava, chasm, secret door, ...), numbered after them. A level
// carries its kinds, so whatever reads it — the play-test, metrics, exports, the
// editor — asks the level what a tile means rather than a fixed table.
//
// Generators lay built-in kinds unless a parameter names one of the project's own
// (a bridge hallway, a lava walker), so whatever tells open ground from rock during
// generation asks the level's kinds too; tables with only built-ins take fast paths.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/property.h"
#include "model/tile.h"
#include "model/tile_masks.h"

namespace burrow {

struct TileKind {
    std::string id;    // how files name it: "lava"; letters, digits, '_' and '-'
    std::string name;  // what a designer reads: "Lava"
    char glyph = '?';  // printable ASCII, different from every other kind's: text maps read it back
    std::uint32_t colour = 0xffffff;
    std::uint32_t background = 0x000000;
    bool walkable = false;
    bool transparent = false;
    bool diggable = false;
    std::vector<std::string> tags;
    // Exports (Tiled tileset, PNG) draw it as this kind: a secret door looks like a
    // wall to the game. Empty: as itself.
    std::string exportLook;
    std::vector<Property> properties; // on its tile in Tiled exports
    friend bool operator==(const TileKind&, const TileKind&) = default;
};

// 255 tile values, one byte each; in practice the number of printable characters
// (each kind needs its own glyph) is the tighter limit.
inline constexpr int kMaxTileKinds = 255;

class TileKinds {
public:
    TileKinds(); // the ten built-ins

    // Appends a kind of the project's own; the reason it cannot be, or nothing.
    std::optional<std::string> add(TileKind kind);

    int count() const { return static_cast<int>(kinds_.size()); }
    bool builtInOnly() const { return kinds_.size() == static_cast<std::size_t>(kTileKindCount); }
    bool contains(Tile t) const { return static_cast<std::size_t>(t) < kinds_.size(); }
    // A tile value this table lacks reads as a wall.
    const TileKind& operator[](Tile t) const { return kinds_[contains(t) ? static_cast<std::size_t>(t) : 0]; }
    std::span<const TileKind> all() const { return kinds_; }
    std::span<const TileKind> custom() const { return std::span<const TileKind>(kinds_).subspan(kTileKindCount); }
    Tile tileAt(int index) const { return static_cast<Tile>(index); }

    bool walkable(Tile t) const { return (flags_[static_cast<std::uint8_t>(t)] & kWalkable) != 0; }
    bool transparent(Tile t) const { return (flags_[static_cast<std::uint8_t>(t)] & kTransparent) != 0; }
    bool diggable(Tile t) const { return (flags_[static_cast<std::uint8_t>(t)] & kDiggable) != 0; }

    // By id ("lava") or, for one character, by glyph.
    std::optional<Tile> find(std::string_view idOrGlyph) const;
    // The kind drawn for `t` in exports (its exportLook, else itself).
    Tile exportLook(Tile t) const { return exportLook_[static_cast<std::uint8_t>(t)]; }
    // "wall, floor, ..., lava": for error messages.
    std::string idList() const;

    // Bit k set when tiles[k] is walkable. Built-in tables take the branch-free
    // path of model/tile_masks.h.
    std::uint8_t walkableMask(const Tile* eight) const {
        return builtInOnly() ? burrow::walkableMask(eight) : lookedUpMask(eight, kWalkable);
    }
    std::uint8_t stairsMask(const Tile* eight) const {
        return builtInOnly() ? burrow::stairsMask(eight) : lookedUpMask(eight, kStairs);
    }
    // The walkable tiles of a row of `width` as bits, bit x % 64 of out[x / 64]:
    // (width + 63) / 64 words written, bits past the row clear.
    void walkableWords(const Tile* row, int width, std::uint64_t* out) const {
        if (builtInOnly()) {
            forEachRowWord(row, width, [&](std::size_t k, const Tile* cells) { out[k] = burrow::walkableWord(cells); });
            return;
        }
        forEachRowWord(row, width, [&](std::size_t k, const Tile* cells) {
            std::uint64_t value = 0;
            for (int b = 0; b < 8; ++b) value |= static_cast<std::uint64_t>(lookedUpMask(cells + static_cast<std::size_t>(b) * 8, kWalkable)) << (b * 8);
            out[k] = value;
        });
    }

    friend bool operator==(const TileKinds& a, const TileKinds& b) { return a.kinds_ == b.kinds_; }

private:
    static constexpr std::uint8_t kWalkable = 1, kTransparent = 2, kDiggable = 4, kStairs = 8;
    std::uint8_t lookedUpMask(const Tile* eight, std::uint8_t flag) const;
    std::vector<TileKind> kinds_;
    std::array<std::uint8_t, 256> flags_{};
    std::array<Tile, 256> exportLook_{};
};

// The built-in table, for code that labels or draws before a level exists.
const TileKinds& builtInTileKinds();

} // namespace burrow
