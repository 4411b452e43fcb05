#pragma once
// What a valid project may still get wrong: things defined and never used, rules that
// can never be met. `burrow validate` prints them as warnings and `validate --strict`
// counts them as errors, so a designer's CI can refuse a project that carries dead
// weight. Each names its JSON path, as errors do.
#include <vector>

#include "io/diagnostic.h"
#include "project/project.h"

namespace burrow {

// - a kind of the project's own that no stage, rules group, prefab or hand edit lays;
// - a template of a stage's rules that no group and no prefab places;
// - a rules group that places nothing (its number is at most 0);
// - an acceptance rule on a share (0 to 1) whose bounds no level can meet.
std::vector<Diagnostic> projectWarnings(const Project& project, const StageCatalog& catalog);

} // namespace burrow
