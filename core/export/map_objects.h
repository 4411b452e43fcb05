#pragma once
// What a map shows on top of its tiles: every placed thing (with its template's
// numbers and the designer's properties), the start and the exit where no thing
// stands for them, and both ends of every stairs with where they lead. Tiled maps
// write them as objects and LDtk projects as entity instances: the same list, so a
// game finds the same things in either.
#include <string>
#include <vector>

#include "model/level.h"
#include "model/property.h"

namespace burrow {

struct MapObject {
    std::string name; // the template, the marker, "stairs down" / "stairs up"
    std::string type; // player, creature, item, exit, start, stairs_down, stairs_up, locked_door
    Cell at;
    std::vector<Property> properties;
};

// Depth `depth`'s objects: things in the order placed, then markers, then stairs,
// then locked doors (each with its "lock": the id its key's "opens" names).
std::vector<MapObject> objectsOf(const Level& level, int depth);

} // namespace burrow
