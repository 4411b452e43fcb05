#pragma once
// Drawing on a prefab a cell at a time, as the editor's Prefabs dialog does: the
// rules of what a brush may do to a cell live here, not in the widget.
#include <optional>
#include <string>

#include "content/prefab.h"

namespace burrow {

struct PrefabBrush {
    enum class Kind { Tile, Keep, Opening, Thing };
    Kind kind = Kind::Tile;
    Tile tile = Tile::Floor; // what a Tile brush paints
    std::string thing;       // the template a Thing brush puts on (or takes off) a cell
};

// Applies `brush` at `cell` of `prefab`: a tile (an opening painted with one that is
// not walkable stops being one), the level's own cell, an opening toggled (only on
// the edge and not on a corner; one made on rock or a kept cell becomes floor), or a
// thing toggled (only on a walkable tile of the prefab's own; things stay in reading
// order). Returns why it cannot, changing nothing; nothing when done.
std::optional<std::string> paintPrefabCell(Prefab& prefab, Point cell, const PrefabBrush& brush, const TileKinds& kinds);

} // namespace burrow
