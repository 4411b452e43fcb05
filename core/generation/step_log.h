#pragma once
// What a timeline keeps of a stage run's steps while it keeps them at all: the
// cells each step changed, the marks the editor draws for it and its description.
// Flat arrays with an end index per step, so a step costs a few bytes of
// bookkeeping beyond what it records, and the whole log drops in one go when the
// timeline needs the memory (the steps are regenerated when wanted again).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "generation/cell_change.h"
#include "generation/depth_rewrite.h"
#include "model/level.h"

namespace burrow {

struct StepLog {
    // A step that rewrites much of a depth is kept as a DepthRewrite, not a list,
    // once the log knows the depth's width (0: every step stays a list).
    int depthWidth = 0;
    std::vector<CellChange> changes;           // the listed steps' changes
    std::vector<std::size_t> changeEnds;       // one per step: where its changes end
    std::vector<DepthRewrite> rewrites;
    std::vector<std::size_t> rewriteSteps;     // the step each rewrite is, ascending
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
    // Where a stage's whole-row writes go while a step is recorded (LevelCanvas),
    // once depthWidth is known; endStep() takes them with the listed changes.
    RowRecorder* rowRecorder();
    // Closes a step whose changes were appended to `changes`.
    void endStep(std::span<const Annotation> marks, std::string_view description);

    // A listed step's changes; empty for a rewrite.
    std::span<const CellChange> changesOf(std::size_t step) const;
    const DepthRewrite* rewriteOf(std::size_t step) const;
    // Applies step `step` to `level` (after its changes) or takes it back.
    void redo(std::size_t step, Level& level) const;
    void undo(std::size_t step, Level& level) const;
    // Cells changed by the steps from `first` to before `end`, a rewrite's each once.
    std::size_t changeCount(std::size_t first, std::size_t end) const;
    std::size_t changeCount() const { return changes.size() + rewrittenCells_; }
    std::span<const Annotation> annotationsOf(std::size_t step) const;
    std::string descriptionOf(std::size_t step) const;

    // Gives back what the lists reserved beyond their sizes: a finished run's log
    // must not hold a recording buffer's pages (a rewritten depth's changes pass
    // through it before they are packed).
    void shrinkToFit();
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
    std::size_t rewritesBytes_ = 0;
    std::size_t rewrittenCells_ = 0;
    std::unique_ptr<RowRecorder> rows_;
};

} // namespace burrow
