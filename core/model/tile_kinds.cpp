#include "model/tile_kinds.h"

#include <algorithm>


namespace burrow {
namespace {

bool idCharacter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'; }

} // namespace

TileKinds::TileKinds() {
    for (Tile t : allTiles()) {
        const TileInfo& info = tileInfo(t);
        TileKind kind{std::string(info.id), std::string(info.label), info.glyph, info.colour, info.background, info.walkable, info.transparent, info.diggable, {}, {}, {}};
        const auto i = static_cast<std::size_t>(t);
        flags_[i] = static_cast<std::uint8_t>((kind.walkable ? kWalkable : 0) | (kind.transparent ? kTransparent : 0) | (kind.diggable ? kDiggable : 0) |
                                              (t == Tile::StairsDown || t == Tile::StairsUp ? kStairs : 0));
        kinds_.push_back(std::move(kind));
    }
    // Values past the table read as wall (see operator[]).
    for (std::size_t i = 0; i < exportLook_.size(); ++i) exportLook_[i] = i < kinds_.size() ? static_cast<Tile>(i) : Tile::Wall;
}

std::optional<std::string> TileKinds::add(TileKind kind) {
    if (count() >= kMaxTileKinds) return "a project can have at most " + std::to_string(kMaxTileKinds) + " tile kinds";
    if (kind.id.empty() || kind.id.size() > 64 || !std::all_of(kind.id.begin(), kind.id.end(), idCharacter))
        return "the id must be 1 to 64 letters, digits, '_' or '-'";
    for (std::size_t i = 0; i < kinds_.size(); ++i)
        if (kinds_[i].id == kind.id) return "\"" + kind.id + "\" is already a tile kind" + (i < static_cast<std::size_t>(kTileKindCount) ? " (a built-in one)" : "");
    if (kind.glyph < 0x21 || kind.glyph > 0x7e) return "the glyph must be one printable ASCII character, not a space";
    for (const TileKind& k : kinds_)
        if (k.glyph == kind.glyph) return std::string("the glyph '") + kind.glyph + "' is already " + k.id + "'s: text maps need each kind's own";
    Tile look = static_cast<Tile>(kinds_.size());
    if (!kind.exportLook.empty()) {
        const auto found = std::find_if(kinds_.begin(), kinds_.end(), [&](const TileKind& k) { return k.id == kind.exportLook; });
        if (found == kinds_.end()) return "export_look \"" + kind.exportLook + "\" is not a kind defined before it";
        look = exportLook(static_cast<Tile>(found - kinds_.begin()));
    }
    const std::size_t i = kinds_.size();
    flags_[i] = static_cast<std::uint8_t>((kind.walkable ? kWalkable : 0) | (kind.transparent ? kTransparent : 0) | (kind.diggable ? kDiggable : 0));
    exportLook_[i] = look;
    kinds_.push_back(std::move(kind));
    return std::nullopt;
}

std::optional<Tile> TileKinds::find(std::string_view idOrGlyph) const {
    for (std::size_t i = 0; i < kinds_.size(); ++i)
        if (kinds_[i].id == idOrGlyph || (idOrGlyph.size() == 1 && kinds_[i].glyph == idOrGlyph[0])) return static_cast<Tile>(i);
    return std::nullopt;
}

std::string TileKinds::idList() const {
    std::string list;
    for (const TileKind& k : kinds_) list += (list.empty() ? "" : ", ") + k.id;
    return list;
}

std::uint8_t TileKinds::lookedUpMask(const Tile* eight, std::uint8_t flag) const {
    std::uint8_t mask = 0;
    for (int k = 0; k < 8; ++k) mask |= static_cast<std::uint8_t>(((flags_[static_cast<std::uint8_t>(eight[k])] & flag) != 0) << k);
    return mask;
}

const TileKinds& builtInTileKinds() {
    static const TileKinds kinds; // a constant: every caller sees the same ten kinds
    return kinds;
}

} // namespace burrow
