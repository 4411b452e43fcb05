#include "content/prefab_brush.h"

#include <algorithm>

namespace burrow {

std::optional<std::string> paintPrefabCell(Prefab& prefab, Point at, const PrefabBrush& brush, const TileKinds& kinds) {
    if (at.x < 0 || at.y < 0 || at.x >= prefab.width || at.y >= prefab.height) return "outside the prefab";
    PrefabCell& cell = prefab.at(at.x, at.y);
    switch (brush.kind) {
    case PrefabBrush::Kind::Tile:
        cell.tile = brush.tile;
        cell.keep = false;
        cell.opening = cell.opening && kinds.walkable(cell.tile); // an opening is walkable ground
        break;
    case PrefabBrush::Kind::Keep:
        cell.keep = true;
        cell.opening = false;
        break;
    case PrefabBrush::Kind::Opening:
        if (!cell.opening && !canOpenAt(prefab, at)) return "An opening goes on the prefab's edge, not on a corner: it leads out one way";
        cell.opening = !cell.opening;
        if (cell.opening && (cell.keep || !kinds.walkable(cell.tile))) {
            cell.keep = false;
            cell.tile = Tile::Floor;
        }
        break;
    case PrefabBrush::Kind::Thing: {
        const auto there = std::find_if(prefab.things.begin(), prefab.things.end(),
                                        [&](const PrefabThing& t) { return t.at == at && t.templateName == brush.thing; });
        if (there != prefab.things.end()) {
            prefab.things.erase(there);
            break;
        }
        if (brush.thing.empty()) return "Choose the thing to place";
        if (cell.keep || !kinds.walkable(cell.tile)) return "A thing stands on a walkable tile of the prefab's own";
        prefab.things.push_back({at, brush.thing, {}});
        orderThings(prefab); // placed in reading order, as when read from a file
        break;
    }
    }
    return std::nullopt;
}

} // namespace burrow
