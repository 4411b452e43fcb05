#pragma once
// Something a stage could not do as asked, as a value the editor and later tools
// can act on (jump to the stage, highlight the group) without parsing text.
#include <string>
#include <vector>

namespace burrow {

struct StageWarning {
    std::string code;    // stable id: "shortfall", "no_rules", "rooms_short" ...
    std::string stage;   // the recipe entry's name ("" until the generation fills it in)
    int depth = -1;      // the depth it ran on; -1 for stages that span the level
    std::string group;   // the population group it is about, if any
    std::string message; // in the designer's words: "placed 3 of 5 'boulders' in room 2: ..."

    // "caves (depth 2): message", as printed by the command line.
    std::string text() const;
    friend bool operator==(const StageWarning&, const StageWarning&) = default;
};

// One line for a status bar: the first warning (later ones often follow from it), with
// every depth the same warning
// (stage, code and group) came from, and how many others there are: "population
// (depths 0, 2 and 3): placed 3 of 5 'boulders' ... · 1 more warning" (a stage over the
// whole level, whose messages name their depth: "· 3 more like it"). Empty for none.
std::string warningsSummary(const std::vector<StageWarning>& warnings);

} // namespace burrow
