#pragma once
// A heatmap of the level as core works it out (heatmapValues): its kind, a value a
// cell (-1 where there is none) and the largest, which the colour scale spans.
#include "analysis/heatmaps.h"

namespace burrow::ui {

struct HeatValues {
    Heatmap kind = Heatmap::None;
    DistanceMap values;
    int maximum = 0;
};

} // namespace burrow::ui
