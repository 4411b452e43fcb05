#pragma once
// The recorded steps of a generation, replayable forwards and backwards so the
// editor can scrub — within a memory budget, whatever the level's size.
//
// Steps are grouped in segments, one per stage run. A segment keeps a keyframe of
// the level where it began (each depth run-length packed, shared with the segment
// before while that one left the depth alone) and, while the budget allows, every
// change its steps made (eight bytes a cell). Past the budget, the changes of the
// segments used least recently are dropped. Moving into such a segment puts its
// keyframe back and regenerates its steps — exact, since generation is
// deterministic — and keeps them again, so stepping around where the designer is
// looking stays instant. Only what was dropped costs a regeneration, and only one
// stage run's worth.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "generation/cell_change.h"
#include "generation/packed_depth.h"
#include "model/level.h"

namespace burrow {

// What the editor's timeline may hold unless the designer says otherwise.
inline constexpr std::size_t kDefaultTimelineBudget = std::size_t{1} << 30;

class Timeline {
public:
    struct Step {
        std::uint32_t run = 0;         // which stage run made it (Generation::runs())
        std::size_t changeEnd = 0;     // its changes end here in its segment's changes
        std::size_t annotationEnd = 0;
        FeatureCounts features;        // the level's feature counts after the step
        std::string description;
    };

    // Regenerates the first `steps` steps of stage run `run` on `level`, which is as
    // it was when the run began: appends each step's changes to `changes` and where
    // they end to `stepEnds`.
    using Regenerate = std::function<void(std::uint32_t run, std::size_t steps, Level& level, std::vector<CellChange>& changes,
                                          std::vector<std::size_t>& stepEnds)>;

    explicit Timeline(std::size_t budgetBytes = kDefaultTimelineBudget) : budget_(budgetBytes) {}

    // The most the timeline may take, all counted (memoryBytes()). The segment
    // being recorded and the ones either side of the position are kept whatever
    // their size: they are what Back and Step go through.
    void setBudget(std::size_t bytes);
    std::size_t budget() const { return budget_; }

    // Recording a step of stage run `run`: the canvas appends its changes straight
    // to the returned buffer, then commitStep() closes the step. `levelBefore` is the
    // level before the step (the keyframe, when the step begins a run). The timeline
    // must be at its end.
    std::vector<CellChange>& recordingBuffer(std::uint32_t run, const Level& levelBefore);
    void commitStep(std::string description, std::span<const Annotation> annotations, const Level& levelAfter);

    std::size_t stepCount() const { return steps_.size(); }
    // How many steps are applied to the level right now.
    std::size_t position() const { return position_; }
    bool atEnd() const { return position_ == steps_.size(); }

    // Reverts or re-applies steps until `position` steps are applied to `level`,
    // regenerating a segment whose changes were dropped (throws std::logic_error
    // when one must be and `regenerate` is empty, or when it does not repeat them).
    void moveTo(Level& level, std::size_t position, const Regenerate& regenerate = {});

    const Step& step(std::size_t index) const { return steps_.at(index); }
    // The cells step `index` changed; empty when its segment's changes are dropped
    // (changesKept() tells the two apart).
    std::span<const CellChange> changes(std::size_t index) const;
    bool changesKept(std::size_t index) const;
    std::span<const Annotation> annotations(std::size_t index) const;

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
        std::size_t stepEnd = 0;         // one past its last step
        std::vector<CellChange> changes; // empty while dropped
        std::size_t changeCount = 0;     // what its steps changed, kept or not
        bool kept = true;
        std::vector<std::shared_ptr<const PackedDepth>> start; // the level's depths where it began
        std::vector<bool> touched;       // the depths its steps changed
        std::uint64_t lastUse = 0;
    };

    std::size_t segmentOfStep(std::size_t step) const;
    std::size_t segmentAt(std::size_t position) const;
    std::size_t changeBegin(std::size_t step) const;
    std::size_t directCost(std::size_t target) const;
    std::size_t jumpCost(std::size_t target, std::size_t area) const;
    void restoreStart(Level& level, std::size_t segment);
    void regenerate(Level& level, std::size_t segment, const Regenerate& regenerate);
    void applySteps(Level& level, std::size_t target);
    void restoreFeatures(Level& level) const;
    void enforceBudget();
    void recountKeyframes();

    std::size_t budget_;
    std::vector<Step> steps_;
    std::vector<Segment> segments_;
    std::vector<Annotation> annotations_;
    // Features in the order generation appended them; a step's counts say how many
    // of each the level holds after it.
    std::vector<Area> areas_;
    std::vector<Door> doors_;
    std::vector<StairsPair> stairs_;
    std::vector<Marker> markers_;
    std::vector<Entity> entities_;
    std::size_t position_ = 0;
    // The keyframe each of the level's depths equals right now (null: none does),
    // so a jump unpacks only the depths that differ.
    std::vector<std::shared_ptr<const PackedDepth>> levelDepths_;
    std::size_t keptChangeBytes_ = 0;
    std::size_t keyframeBytes_ = 0;
    std::size_t descriptionBytes_ = 0;
    std::uint64_t useClock_ = 0;
};

} // namespace burrow
