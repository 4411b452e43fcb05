#pragma once
// A prefab: a small hand-drawn piece of level — a shrine, a vault, a guard post —
// that population rules stamp into generated levels (population/prefab_placement.h).
// Its cells are tiles of the project's kinds or "keep" (the level's cell stays as it
// was, for pieces that are not rectangles); its openings are the edge cells that
// must join the level's walkable area; it may carry things (an altar, a guardian).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/grid.h"
#include "model/level.h"
#include "model/property.h"
#include "model/tile.h"
#include "model/tile_kinds.h"

namespace burrow {

// Prefabs are small by design: their search costs grow with their area.
inline constexpr int kMaxPrefabSide = 64;
inline constexpr int kMaxPrefabs = 1024;

struct PrefabCell {
    Tile tile = Tile::Floor;
    bool keep = false;    // the level's own cell stays
    bool opening = false; // must join the level's walkable area (an edge cell, walkable)
    friend bool operator==(const PrefabCell&, const PrefabCell&) = default;
};

struct PrefabThing {
    Point at;
    std::string templateName;
    std::vector<Property> properties;
    friend bool operator==(const PrefabThing&, const PrefabThing&) = default;
};

struct Prefab {
    std::string id;   // how rules name it: "shrine"
    std::string name; // what a designer reads: "Shrine of the deep"
    int width = 0;
    int height = 0;
    std::vector<PrefabCell> cells; // row-major, width x height
    std::vector<PrefabThing> things;

    const PrefabCell& at(int x, int y) const { return cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)]; }
    PrefabCell& at(int x, int y) { return cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)]; }
    std::vector<Point> openings() const;
    friend bool operator==(const Prefab&, const Prefab&) = default;
};

// Puts the things in reading order (row by row; things on one cell as they were):
// the order they are placed in, so a prefab read from any form, or saved and read
// again, places its things in one order and makes one level.
void orderThings(Prefab& prefab);

// The prefab mirrored left to right (when `mirror`), then turned clockwise by
// `quarterTurns` x 90 degrees: cells, openings and things move together.
Prefab transformed(const Prefab& prefab, int quarterTurns, bool mirror);

// The cell just outside an opening (one step off the prefab's edge, away from it).
// Openings are on an edge and not on a corner, so there is exactly one.
Point outsideOf(const Prefab& prefab, Point opening);

// Whether the cell at `p` may be an opening: on the prefab's edge and not on a
// corner (a prefab one cell wide or high has no corners).
bool canOpenAt(const Prefab& prefab, Point p);

// Whether `id` can name a prefab: 1 to 64 letters, digits, '_' or '-'.
bool isPrefabId(const std::string& id);

// A prefab to draw on: floor walled round, `width` x `height` (clamped to 1 to
// kMaxPrefabSide), with no openings or things yet.
Prefab blankPrefab(std::string id, int width, int height);

// The prefab cut or grown to `width` x `height` (clamped as above) from its top-left
// corner: new cells keep the level's own, things outside go, and openings that are
// no longer on an edge, or are now on a corner, stop being openings.
Prefab resizedPrefab(const Prefab& prefab, int width, int height);

// The cells of `area` on depth `z` of a level as a prefab (the editor's Make
// prefab): its tiles, the things standing there, and as openings the edge cells
// (not corners) where the walkable ground goes on out of the rectangle.
Prefab prefabFromLevel(const Level& level, int z, const Rect& area, std::string id);

// What is wrong with a prefab, as (what, message) pairs: "cells/3/4" or "things/0".
// Empty when it can be placed: a size in range, openings on an edge (not a corner)
// and walkable, things on walkable cells that are not kept.
std::vector<std::pair<std::string, std::string>> prefabProblems(const Prefab& prefab, const TileKinds& kinds);

} // namespace burrow
