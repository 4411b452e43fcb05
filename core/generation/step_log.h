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
    // Descriptions as a template (the text with each number replaced by a mark)
    // and the numbers: a run's thousands of steps say the same thing with other
    // numbers ("stairs 12 of 300 between depths 3 and 4 ..."), so a step costs a
    // template index and a byte or two a number instead of its whole text.
    std::vector<std::string> templates;
    std::vector<std::uint32_t> templateOf;     // one per step
    std::vector<std::uint8_t> numbers;         // every step's, as variable-length integers
    std::vector<std::size_t> numberEnds;       // one per step: where its numbers end

    std::size_t stepCount() const { return changeEnds.size(); }
    // Closes a step whose changes were appended to `changes`.
    void endStep(std::span<const Annotation> marks, std::string_view description);

    std::span<const CellChange> changesOf(std::size_t step) const;
    std::span<const Annotation> annotationsOf(std::size_t step) const;
    std::string descriptionOf(std::size_t step) const;

    // Keeps the first `steps` steps.
    void truncate(std::size_t steps);
    // Memory actually written (sizes, not capacities: reserved address space the
    // system never backs is not memory).
    std::size_t bytes() const;
    // A digest of how many changes, marks and numbers each step has, and its
    // description's template: a regenerated log must match the recorded one's.
    std::uint64_t shapeDigest() const;

private:
    std::string template_;       // scratch for endStep
    std::size_t templateBytes_ = 0; // what `templates` holds, counted as they come
};

} // namespace burrow
