#pragma once
// The recorded steps of a generation, replayable forwards and backwards so the
// editor can scrub — within a memory budget, whatever the level's size.
//
// Steps are grouped in segments, one per stage run. A segment keeps a keyframe of
// the level where it began (each depth run-length packed, shared with the segment
// before while that one left the depth alone) and, while the budget allows, its
// steps' log: every change (eight bytes a cell), mark and description. Past the
// budget, logs are dropped — those cheap to regenerate for their size and long
// unused first (enforceBudget) — so what a dropped step costs is nothing. Moving into such a segment puts its
// keyframe back and regenerates its steps — exact, since generation is
// deterministic — and keeps them again, so stepping around where the designer is
// looking stays instant. Only what was dropped costs a regeneration, and only one
// stage run's worth.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "generation/cell_change.h"
#include "generation/feature_log.h"
#include "generation/packed_depth.h"
#include "generation/step_log.h"
#include "model/level.h"

namespace burrow {

// What the editor's timeline may hold unless the designer says otherwise.
// 512 MiB: with a 4096 x 4096 x 16 level (256 MiB) the whole editor stays within
// 1 GiB (measured 0.84 GiB peak), and 4096 x 4096 x 64 fits with every keyframe and
// the stairs run kept; a designer with memory to spare raises it.
inline constexpr std::size_t kDefaultTimelineBudget = std::size_t{512} << 20;

class Timeline {
public:
    // Regenerates the first `steps` steps of stage run `run` on `level`, which is as
    // it was when the run began, logging each step in `log`.
    using Regenerate = std::function<void(std::uint32_t run, std::size_t steps, Level& level, StepLog& log)>;

    explicit Timeline(std::size_t budgetBytes = kDefaultTimelineBudget) : budget_(budgetBytes) {}

    // The most the timeline may take, all counted (memoryBytes()). The segment
    // being recorded and the ones either side of the position are kept whatever
    // their size: they are what Back and Step go through. Keyframes are kept too:
    // without them a scrub would regenerate from the start. Only on a level whose
    // keyframes alone come near the budget can those pass it (4096 x 4096 x 64
    // cellular-depths: 197 MB of keyframes, 511 MB in all at the end).
    void setBudget(std::size_t bytes);
    std::size_t budget() const { return budget_; }

    // Recording a step of stage run `run`: the canvas appends its changes straight
    // to the returned buffer, then commitStep() closes the step. `levelBefore` is the
    // level before the step (the keyframe, when the step begins a run). The timeline
    // must be at its end.
    std::vector<CellChange>& recordingBuffer(std::uint32_t run, const Level& levelBefore);
    void commitStep(std::string_view description, std::span<const Annotation> annotations, const Level& levelAfter);
    // Where the step being recorded may send whole rows instead of the buffer
    // (after recordingBuffer(); LevelCanvas).
    RowRecorder* rowRecorder() { return segments_.back().log.rowRecorder(); }

    std::size_t stepCount() const { return stepCount_; }
    // How many steps are applied to the level right now.
    std::size_t position() const { return position_; }
    bool atEnd() const { return position_ == stepCount_; }

    // Reverts or re-applies steps until `position` steps are applied to `level`,
    // regenerating a segment whose steps were dropped (throws std::logic_error
    // when one must be and `regenerate` is empty, or when it does not repeat them).
    void moveTo(Level& level, std::size_t position, const Regenerate& regenerate = {});

    // Which stage run (Generation::runs()) made step `index`.
    std::uint32_t runOf(std::size_t index) const;
    // What step `index` changed, marked and said; empty when its segment was dropped
    // (changesKept() tells that apart from a step that changed nothing). The steps
    // either side of the position are always kept. A step that rewrote much of a
    // depth is kept packed (StepLog::rewrites), and lists no changes here.
    std::span<const CellChange> changes(std::size_t index) const;
    // Whether step `index` is kept as a rewrite of a depth (so changes() lists none),
    // and how many cells it changed (listed or not; 0 when dropped).
    bool rewritesDepth(std::size_t index) const;
    std::size_t changeCount(std::size_t index) const;
    std::span<const Annotation> annotations(std::size_t index) const;
    std::string description(std::size_t index) const;
    bool changesKept(std::size_t index) const;

    // Forgets every step after the current position (a regenerate from here on).
    void truncate();
    void clear();
    std::size_t memoryBytes() const;
    std::size_t segmentCount() const { return segments_.size(); }
    std::size_t keptSegmentCount() const;

private:
    struct Segment {
        std::uint32_t run = 0;
        std::size_t firstStep = 0;
        std::size_t stepEnd = 0;     // one past its last step
        std::size_t changeCount = 0; // what its steps changed, kept or not
        bool kept = true;
        StepLog log;                 // empty while dropped
        std::size_t counted = 0;     // the log's bytes as keptLogBytes_ counts them
        std::uint64_t shape = 0;     // the log's shapeDigest() when it was dropped
        std::vector<std::shared_ptr<const PackedDepth>> start; // the level's depths where it began
        std::vector<bool> touched;   // the depths its steps changed
        double usedAt = 0;           // the score floor when it was last used (enforceBudget)
    };
    static std::vector<std::vector<std::uint32_t>> changedCells(const Segment& segment, const Level& level);
    std::size_t segmentOfStep(std::size_t step) const;
    std::size_t segmentAt(std::size_t position) const;
    std::size_t directCost(std::size_t target) const;
    std::size_t jumpCost(std::size_t target, std::size_t area) const;
    void restoreStart(Level& level, std::size_t segment);
    void regenerate(Level& level, std::size_t segment, const Regenerate& regenerate);
    void applySteps(Level& level, std::size_t target);
    void restoreFeatures(Level& level) const;
    double worthPerByte(const Segment& segment) const;
    void enforceBudget();
    void recount(Segment& segment);
    void recountKeyframes();

    std::size_t budget_;
    std::size_t stepCount_ = 0;
    std::vector<Segment> segments_;
    // Features in the order generation appended them, each with the step from
    // which the level holds it.
    FeatureLog<Area> areas_;
    FeatureLog<Door> doors_;
    FeatureLog<StairsPair> stairs_;
    FeatureLog<Marker> markers_;
    FeatureLog<Entity> entities_;
    std::size_t position_ = 0;
    // The keyframe each of the level's depths equals right now (null: none does),
    // so a jump unpacks only the depths that differ.
    std::vector<std::shared_ptr<const PackedDepth>> levelDepths_;
    std::size_t keptLogBytes_ = 0;
    std::size_t keyframeBytes_ = 0;
    double inflation_ = 0;          // the score of the log dropped last
    std::size_t levelArea_ = 0;
    int levelWidth_ = 0;
};

} // namespace burrow
