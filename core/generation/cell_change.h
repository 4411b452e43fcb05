#pragma once
// What one generation step did to the level: the cells it changed and the marks
// the editor draws on top (drones, the room being dug, the region being filled).
#include <cstdint>

#include "model/tile.h"

namespace burrow {

// Eight bytes a changed cell, so a timeline costs a few bytes per change.
struct CellChange {
    std::uint16_t x = 0;
    std::uint16_t y = 0;
    std::uint8_t z = 0;
    Tile before = Tile::Wall;
    Tile after = Tile::Wall;
    std::uint8_t reserved = 0;
    friend bool operator==(const CellChange&, const CellChange&) = default;
};
static_assert(sizeof(CellChange) == 8);

struct Annotation {
    enum class Kind : std::uint8_t {
        Drone,   // a digger at (x, y); id tells drones apart so the view can draw trails
        Walker,  // a corridor or water walker
        Area,    // the room, hallway or region being made: the rectangle x, y, w, h
        Cell,    // a single cell of interest (the seed of a flood fill)
        Band,    // rows y .. y + h being rewritten
        Options, // undecided cells x .. x + w - 1 of row y; id: how open, 1 (two choices left) to kOptionShades (every one)
    };
    // How many degrees of openness an Options mark tells apart.
    static constexpr std::uint32_t kOptionShades = 8;

    Kind kind = Kind::Cell;
    std::uint8_t z = 0;
    std::uint16_t x = 0;
    std::uint16_t y = 0;
    std::uint16_t w = 1;
    std::uint16_t h = 1;
    std::uint32_t id = 0;

    // A mark on one cell (a drone, a walker, a seed cell).
    static Annotation at(Kind kind, int x, int y, std::uint32_t id = 0, int z = 0) {
        return {kind, static_cast<std::uint8_t>(z), static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(y), 1, 1, id};
    }
    // A mark on a rectangle (the room being dug, the band of rows being rewritten).
    static Annotation over(Kind kind, int x, int y, int w, int h) {
        return {kind, 0, static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(y), static_cast<std::uint16_t>(w), static_cast<std::uint16_t>(h), 0};
    }
};

} // namespace burrow
