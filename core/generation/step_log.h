#pragma once
// What a timeline keeps of a stage run's steps while it keeps them at all: the
// cells each step changed, the marks the editor draws for it and its description.
// Flat arrays with an end index per step, so a step costs a few bytes of
// bookkeeping beyond what it records, and the whole log drops in one go when the
// timeline needs the memory (the steps are regenerated when wanted again).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "generation/cell_change.h"

namespace burrow {

struct StepLog {
    std::vector<CellChange> changes;
    std::vector<std::size_t> changeEnds;       // one per step: where its changes end
    std::vector<Annotation> annotations;
    std::vector<std::size_t> annotationEnds;
    std::string descriptions;                  // every step's, one after the other
    std::vector<std::size_t> descriptionEnds;

    std::size_t stepCount() const { return changeEnds.size(); }
    // Closes a step whose changes were appended to `changes`.
    void endStep(std::span<const Annotation> marks, std::string_view description);

    std::span<const CellChange> changesOf(std::size_t step) const;
    std::span<const Annotation> annotationsOf(std::size_t step) const;
    std::string_view descriptionOf(std::size_t step) const;

    // Keeps the first `steps` steps.
    void truncate(std::size_t steps);
    // Memory actually written (sizes, not capacities: reserved address space the
    // system never backs is not memory).
    std::size_t bytes() const;
    // A digest of how many changes, marks and description bytes each step has: a
    // regenerated log must match the recorded one's.
    std::uint64_t shapeDigest() const;
};

} // namespace burrow
