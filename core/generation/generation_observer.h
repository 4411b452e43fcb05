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
    virtual void stageStarted(const StageRun& /*run*/, std::size_t /*runIndex*/) {}
    // One step of `run`: the cells it changed (empty unless wantsCells() or the
    // generation records a timeline).
    virtual void stepDone(const StageRun& /*run*/, std::size_t /*runIndex*/, std::span<const CellChange> /*changes*/) {}
    virtual void stageFinished(const StageRun& /*run*/, std::size_t /*runIndex*/) {}
    virtual void warned(const StageWarning& /*warning*/) {}
    // True to be told every cell each step changes, even at full speed (the
    // generation then steps instead of running each stage's fast path).
    virtual bool wantsCells() const { return false; }
};

} // namespace burrow
