#pragma once
#include "map/map_overlays.h"

namespace burrow {
struct PopulationRules;
}

namespace burrow::ui {

// The look and tooltip of every template the rules know (theirs, then the defaults).
EntityLooks entityLooks(const PopulationRules* rules);

} // namespace burrow::ui
