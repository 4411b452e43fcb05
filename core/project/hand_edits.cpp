#include "project/hand_edits.h"

namespace burrow {

std::optional<Tile> HandEdits::at(const Cell& cell) const {
    const auto it = tiles_.find(key(cell));
    if (it == tiles_.end()) return std::nullopt;
    return it->second;
}

void HandEdits::applyTo(Level& level) const {
    forEach([&](const Cell& c, Tile tile) {
        if (level.contains(c.x, c.y, c.z)) level.tiles(c.z)(c.x, c.y) = tile;
    });
}

} // namespace burrow
