#pragma once
// The C structs a level hands out (its kinds, placed things with their properties,
// stairs, warnings), built once when it is made: pointers into them stay valid for
// the level's life, and no reader has to synchronise with another.
struct burrow_level;

namespace burrow::runtime {

void buildLevelViews(burrow_level& level);

} // namespace burrow::runtime
