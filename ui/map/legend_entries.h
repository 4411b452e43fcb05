#pragma once
// What the legend lists: exactly what the map shows now — the tiles on this depth,
// things by template, marks, outlines, region colours, the other depth's overlay,
// the generation marks — each with a small picture drawn as the map draws it.
#include <QIcon>
#include <QString>
#include <vector>

#include "map/map_overlays.h"

namespace burrow::ui {

struct LegendEntry {
    QString section; // "Tiles", "Things", "Marks", ...
    QIcon icon;
    QString text;
    QString toolTip;
};

struct LegendView {
    const Level* level = nullptr;
    int depth = 0;
    OverlayOptions overlays;
    const std::vector<AgedAnnotation>* marks = nullptr; // generation marks on screen
    int hiddenMarks = 0;                                // left out where they crowd
    int heatMaximum = 0;                                // the heatmap's largest value (overlays.heatmap)
    bool heatWorking = false;                           // it is still being worked out
    bool heatTooLarge = false;                          // it was refused: the level is too large
    const RegionRuns* regions = nullptr;                // the depth's regions, once labelled (overlays.regions)
};

std::vector<LegendEntry> legendEntries(const LegendView& view, int iconSize);

} // namespace burrow::ui
