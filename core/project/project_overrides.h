#pragma once
// A project changed for one run without editing its file: the command line's
// `--set STAGE.PARAM=VALUE`, `--size WxH[xD]` and `--accept-rule 'METRIC>=X'`.
// They are applied to the project document before it is read, so an overridden value
// is checked exactly as one written in the file (its range, its type), and it is
// part of projectHash like any other: a level made with overrides never passes for
// one made without.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generation/stage_catalog.h"

namespace burrow {

struct ProjectOverrides {
    std::vector<std::string> sets;        // "caves.fill=0.45": a stage's name, a parameter, a value
    std::optional<std::string> size;      // "120x60" or "120x60x4"
    std::vector<std::string> acceptRules; // "reachable_share>=0.9", "dead_ends<=12"
    bool empty() const { return sets.empty() && !size && acceptRules.empty(); }
};

// Applies `overrides` to a project document. Throws std::invalid_argument naming the
// override and what is wrong: a stage or parameter the project does not have (with
// the closest name), a value that is no number or word, a size or rule not written
// as documented. Values out of range are left for the project reader, which names
// the field.
void applyOverrides(nlohmann::json& document, const ProjectOverrides& overrides, const StageCatalog& catalog);

} // namespace burrow
