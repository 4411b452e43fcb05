#pragma once
// The recorded steps of a generation, replayable forwards and backwards so the
// editor can scrub. It stores only what each step changed (eight bytes a cell),
// never copies of the level, so memory follows the work done, not steps x size.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "generation/cell_change.h"
#include "model/level.h"

namespace burrow {

class Timeline {
public:
    struct Step {
        std::uint32_t run = 0;         // which stage run made it (Generation::runs())
        std::size_t changeEnd = 0;     // changes_[previous changeEnd, changeEnd)
        std::size_t annotationEnd = 0;
        FeatureCounts features;        // the level's feature counts after the step
        std::string description;
    };

    // Recording a step: the canvas appends its changes straight to this buffer (no
    // copy per step), then commitStep() closes the step. The timeline must be at its end.
    std::vector<CellChange>& recordingBuffer();
    // Reserves room for this many changes (capped): address space only, so the
    // memory actually used still follows the changes recorded, but the buffer never
    // has to be copied as it grows.
    void reserveChanges(std::size_t count);
    void commitStep(std::uint32_t run, std::string description, std::span<const Annotation> annotations, const Level& levelAfter);

    std::size_t stepCount() const { return steps_.size(); }
    // How many steps are applied to the level right now.
    std::size_t position() const { return position_; }
    bool atEnd() const { return position_ == steps_.size(); }

    // Reverts or re-applies steps until `position` steps are applied to `level`.
    void moveTo(Level& level, std::size_t position);

    const Step& step(std::size_t index) const { return steps_.at(index); }
    std::span<const CellChange> changes(std::size_t index) const;
    std::span<const Annotation> annotations(std::size_t index) const;

    // Forgets every step after the current position (a regenerate from here on).
    void truncate();
    void clear();
    std::size_t memoryBytes() const;

private:
    std::vector<Step> steps_;
    std::vector<CellChange> changes_;
    std::vector<Annotation> annotations_;
    // Features in the order generation appended them; a step's counts say how many
    // of each the level holds after it.
    std::vector<Area> areas_;
    std::vector<Door> doors_;
    std::vector<StairsPair> stairs_;
    std::vector<Marker> markers_;
    std::vector<Entity> entities_;
    std::size_t position_ = 0;
};

} // namespace burrow
