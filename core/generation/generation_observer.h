#pragma once
// Watching a generation as it runs: the hook for breakpoints, live metrics and
// progress. The driver checks one pointer per step, so a generation nobody watches
// pays nothing.
#include <span>

#include "generation/cell_change.h"
#include "generation/stage_warning.h"

namespace burrow {

struct StageRun;

class GenerationObserver {
public:
    virtual ~GenerationObserver() = default;
    // How many stage runs the generation plans, told when the observer is set (a
    // progress bar's length: the runs' count depends on the recipe and the depths).
    virtual void runsPlanned(std::size_t /*count*/) {}
    virtual void stageStarted(const StageRun& /*run*/, std::size_t /*runIndex*/) {}
    // One step of `run`: the cells it changed (empty unless wantsCells() or the
    // generation records a timeline). Running at full speed without wantsCells(),
    // a stage runs in one go: one call per stage run, with no cells.
    virtual void stepDone(const StageRun& /*run*/, std::size_t /*runIndex*/, std::span<const CellChange> /*changes*/) {}
    virtual void stageFinished(const StageRun& /*run*/, std::size_t /*runIndex*/) {}
    // Now and then while `run` runs at full speed (every few dozen steps, or so much
    // work in a stage's fast path): may throw to stop the generation inside a long run.
    virtual void whileRunning(const StageRun& /*run*/, std::size_t /*runIndex*/) {}
    virtual void warned(const StageWarning& /*warning*/) {}
    // True to be told every step and the cells it changed, even at full speed (the
    // generation then steps instead of running each stage's fast path). An observer
    // may throw to stop the generation (the CLI does on Ctrl+C).
    virtual bool wantsCells() const { return false; }
    // Asked before each step when wantsCells(): false to hear of this step without
    // its cells (stepDone gets none). Listing the cells of a step that rewrites a
    // whole depth costs more than a watch that will read the depth anyway needs.
    // A recorded timeline lists them regardless.
    virtual bool wantsCellsOfStep(const StageRun& /*run*/, std::size_t /*runIndex*/) const { return true; }
    // True to be told each step's marks (drones, walkers, the area being made), as
    // the editor's timeline records them: stepMarked() follows each stepDone().
    virtual bool wantsMarks() const { return false; }
    virtual void stepMarked(const StageRun& /*run*/, std::size_t /*runIndex*/, std::span<const Annotation> /*marks*/) {}
};

} // namespace burrow
