#pragma once
// Small helpers several test files share: a metric of a measurement by id, an
// example project by file name, a cell's region by labelling the whole grid. In one
// header, since test files are compiled in unity batches where two copies clash.
#include <string>

#include "analysis/measure.h"
#include "pipeline/builtin_stages.h"
#include "project/project.h"
#include "regions/region_map.h"

namespace burrow::testing {

inline double metric(const Measurement& m, const char* id) { return m.level[*metricIndex(id)]; }
inline double metric(const Measurement& m, int depth, const char* id) { return m.depths[static_cast<std::size_t>(depth)][*metricIndex(id)]; }

inline Project exampleProject(const char* name) { return loadProject(std::string(BURROW_EXAMPLES) + "/" + name, builtinStages()); }

// The region of `at` by a labelling of the whole grid (0 when not walkable).
inline int floodLabelsAt(const TileGrid& tiles, Connectivity movement, Point at) { return labelRuns(tiles, movement).labelAt(at.x, at.y); }

} // namespace burrow::testing
