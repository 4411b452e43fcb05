#pragma once
// Breakpoints on a generation: stop when a stage starts or ends, a drone dies, the
// number of regions changes, two cells (by default the start and the exit) stop
// being connected, a chosen cell changes, or a metric crosses a value. A watch is a
// GenerationObserver: a generation nobody watches pays nothing, and a watch asks for
// each step's cells (and marks) only when one of its breakpoints needs them.
//
// Cost: a step that changes tiles without changing what can be walked costs a pass
// over its changes. A step that only opens cells (drones, rooms, hallways) updates
// the depth's GrowingRegions in time linear in the cells it opened (the first such
// step on a depth reads the depth once); a step that closes cells recounts that
// depth (countRegions, linear in its area). Two cells already connected stay so
// while steps only open cells, so "disconnect" then costs nothing.
//
// Region and connection watches do without the cells of steps that rewrite a
// depth: a run's first step, and every step of a run once one of its steps changed
// more than a 32nd of the depth (cave noise and generations), are told without
// their cells and recount the depth. Listing those cells cost as much as counting.
// With a regions breakpoint a run's second step is told without its cells too: the
// count says how many cells it flipped, which decides the rest of the run.
// Counting a 1000 x 1000 cave takes 0.7 ms (2.4 ms for its noise; RegionCounter).
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "generation/generation.h"
#include "generation/generation_observer.h"
#include "pipeline/level_build.h"
#include "model/connectivity.h"
#include "regions/growing_regions.h"
#include "regions/region_counter.h"

namespace burrow {

struct Breakpoint {
    enum class Kind { StageStarts, StageEnds, DroneDies, RegionsChange, Disconnects, CellChanges, MetricCrosses };
    Kind kind = Kind::StageEnds;
    std::string stage;                // StageStarts / StageEnds: a stage name; empty: any stage
    std::optional<Cell> from, to;     // Disconnects: the two cells; none: the start and exit markers
    Cell cell;                        // CellChanges
    std::size_t metric = 0;           // MetricCrosses: an index in metricCatalog()
    double value = 0;                 // crossed upwards (above) or downwards
    bool above = true;
};

// "stage-start[:NAME]", "stage-end[:NAME]", "drone-dies", "regions-change",
// "disconnect" (the start and exit) or "disconnect:X,Y,Z:X,Y,Z", "cell:X,Y,Z",
// "metric:ID>VALUE" or "metric:ID<VALUE" (cheap metrics only). Nothing, with `why`, when the text is none.
std::optional<Breakpoint> parseBreakpoint(std::string_view text, std::string& why);
std::string describeBreakpoint(const Breakpoint& b);

struct BreakpointHit {
    std::size_t breakpoint = 0; // which one (index in the list)
    std::size_t step = 0;       // steps done when it hit (the step that made it hit included)
    std::string stage;          // the stage run: "caves (depth 2)"
    std::string what;           // "regions 14 → 13 on depth 2"
};

class BreakpointWatch : public GenerationObserver {
public:
    BreakpointWatch(const Generation& generation, std::vector<Breakpoint> breakpoints, Connectivity movement);
    const std::optional<BreakpointHit>& hit() const { return hit_; }
    void clear() { hit_.reset(); }

    void stageStarted(const StageRun& run, std::size_t runIndex) override;
    void stepDone(const StageRun& run, std::size_t runIndex, std::span<const CellChange> changes) override;
    void stepMarked(const StageRun& run, std::size_t runIndex, std::span<const Annotation> marks) override;
    void stageFinished(const StageRun& run, std::size_t runIndex) override;
    bool wantsCells() const override { return wantsCells_; }
    bool wantsCellsOfStep(const StageRun& run, std::size_t runIndex) const override;
    bool wantsMarks() const override { return wantsMarks_; }

private:
    void report(std::size_t index, const StageRun& run, std::string what);
    std::optional<bool> connected();
    std::size_t regionsOf(int depth);

    const Generation& generation_;
    std::vector<Breakpoint> breakpoints_;
    Connectivity movement_;
    bool wantsCells_ = false, wantsMarks_ = false;
    std::optional<BreakpointHit> hit_;
    std::vector<std::size_t> regions_;          // per depth, once known
    RegionCounter counter_;                     // counts a rewritten depth, its memory kept
    bool grows_ = false;                        // a breakpoint uses growing_
    GrowingRegions growing_;                    // of depth growingDepth_, up to date
    int growingDepth_ = -1;
    std::optional<bool> connected_;             // last known, for Disconnects
    std::vector<double> metricValues_;          // per breakpoint, for MetricCrosses
    std::vector<std::uint32_t> drones_, dronesNow_; // ids of the last step's drones, sorted
    std::size_t dronesRun_ = SIZE_MAX;
    // Which steps are told without their cells (wantsCellsOfStep): the phase of run
    // phaseRun_; a run not yet seen is at its first step.
    enum class Phase { FirstStep, Probing, Sparse, Dense };
    bool needsEveryCell_ = false;               // a cell breakpoint reads every change
    bool counts_ = false;                       // a regions breakpoint counts withheld steps
    std::size_t phaseRun_ = SIZE_MAX;
    Phase phase_ = Phase::FirstStep;
    bool withholds(const StageRun& run, std::size_t runIndex) const;
};

// Steps `build` until a breakpoint hits (the hit) or the level is finished (nothing),
// or until `stop` (when given) turns true — checked between steps — (nothing).
// Regions and connections are judged with the project's movement.
std::optional<BreakpointHit> runUntil(LevelBuild& build, const std::vector<Breakpoint>& breakpoints, const std::atomic<bool>* stop = nullptr);

// Why `breakpoint` can never hit in `recipe` on a level of `size` (a stage the recipe
// does not have, listing those it has; a cell outside the level), or nothing.
std::optional<std::string> breakpointProblem(const Breakpoint& breakpoint, const Recipe& recipe, const LevelSize& size);

} // namespace burrow
