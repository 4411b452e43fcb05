#pragma once
// The sample the wave function collapse tests grow levels from: the ruins of
// examples/wfc-ruins and of the bench, walls, doors, floor and water on 16 x 16.
#include <string>
#include <string_view>
#include <vector>

#include "content/prefab.h"
#include "model/tile.h"

namespace burrow::testing {

inline const std::vector<std::string> kRuinsRows = {
    "################", "#....#.....#...#", "#....+.....#...#", "#....#.....+...#", "##+###.~~..#...#", "#.....~~~~.##+##",
    "#......~~.......", "#..#............", "####+####..##+##", "#.......#..#...#", "#.......+..#...#", "#..~~...#..#...#",
    "#.~~~~..####...#", "#..~~..........#", "#..............#", "################",
};

// The sample as a prefab, id "ruins", each glyph its tile.
inline Prefab ruinsPrefab() {
    Prefab p;
    p.id = "ruins";
    p.width = static_cast<int>(kRuinsRows.front().size());
    p.height = static_cast<int>(kRuinsRows.size());
    for (const std::string& row : kRuinsRows)
        for (const char glyph : row) p.cells.push_back({*tileFromId(std::string_view(&glyph, 1))});
    return p;
}

} // namespace burrow::testing
