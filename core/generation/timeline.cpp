#include "generation/timeline.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <unordered_set>

namespace burrow {
namespace {
// Reserving address space for a run's changes spares copying them as they grow;
// the system backs only what is written. Capped so many runs stay cheap to map.
constexpr std::size_t kMostReserved = std::size_t{64} << 20; // changes, 512 MiB

// A jump unpacks whole depths, which is memset-like work; applying a change is a
// scattered write. This is roughly how many unpacked cells cost one change.
constexpr std::size_t kCellsPerChange = 8;
} // namespace

void Timeline::setBudget(std::size_t bytes) {
    budget_ = bytes;
    enforceBudget();
}

std::vector<CellChange>& Timeline::recordingBuffer(std::uint32_t run, const Level& levelBefore) {
    if (!atEnd()) throw std::logic_error("Timeline: recording while scrubbed back; truncate() or move to the end first");
    if (!segments_.empty() && segments_.back().run == run && segments_.back().stepEnd == stepCount_) {
        if (!segments_.back().kept) throw std::logic_error("Timeline: recording into a dropped segment");
        return segments_.back().log.changes;
    }
    if (!segments_.empty()) segments_.back().log.shrinkToFit(); // closed: it grows no more
    Segment segment;
    segment.run = run;
    segment.firstStep = stepCount_;
    segment.stepEnd = stepCount_;
    const auto depths = static_cast<std::size_t>(levelBefore.depthCount());
    segment.touched.assign(depths, false);
    levelArea_ = static_cast<std::size_t>(levelBefore.width()) * static_cast<std::size_t>(levelBefore.height());
    levelWidth_ = levelBefore.width();
    segment.log.depthWidth = levelWidth_;
    segment.start.resize(depths);
    const Segment* previous = segments_.empty() ? nullptr : &segments_.back();
    const auto changed = previous ? changedCells(*previous, levelBefore) : std::vector<std::vector<std::uint32_t>>(depths);
    for (std::size_t z = 0; z < depths; ++z) {
        if (previous && !previous->touched[z]) {
            segment.start[z] = previous->start[z];
            continue;
        }
        const TileGrid& tiles = levelBefore.tiles(static_cast<int>(z));
        auto packed = changed[z].empty() ? std::make_shared<const PackedDepth>(tiles) : PackedDepth::after(previous->start[z], tiles, changed[z]);
        keyframeBytes_ += packed->memoryBytes();
        segment.start[z] = std::move(packed);
    }
    segment.log.changes.reserve(std::min(kMostReserved, previous ? std::max(previous->changeCount, levelArea_) : levelArea_));
    segment.usedAt = inflation_;
    levelDepths_ = segment.start;
    segments_.push_back(std::move(segment));
    enforceBudget(); // the segment before is closed: it may now be dropped
    return segments_.back().log.changes;
}

void Timeline::commitStep(std::string_view description, std::span<const Annotation> annotations, const Level& levelAfter) {
    if (!atEnd() || segments_.empty() || segments_.back().stepEnd != stepCount_)
        throw std::logic_error("Timeline: commitStep without recordingBuffer()");
    Segment& segment = segments_.back();
    StepLog& log = segment.log;
    const std::size_t begin = log.changeEnds.empty() ? 0 : log.changeEnds.back();
    for (std::size_t i = begin, lastDepth = segment.touched.size(); i < log.changes.size(); ++i)
        if (log.changes[i].z != lastDepth) segment.touched[lastDepth = log.changes[i].z] = true;
    if (const RowRecorder* rows = log.rowRecorder(); rows && !rows->empty()) segment.touched[static_cast<std::size_t>(rows->depth())] = true;
    for (std::size_t z = 0; z < segment.touched.size(); ++z)
        if (segment.touched[z]) levelDepths_[z] = nullptr;
    log.endStep(annotations, description);
    recount(segment);
    segment.changeCount = log.changeCount();
    ++segment.stepEnd;
    ++stepCount_;
    position_ = stepCount_;
    // Features are append-only during generation, but a hand edit may have dropped
    // some: keep the log in step with what the level holds.
    areas_.record(levelAfter.areas, stepCount_);
    doors_.record(levelAfter.doors, stepCount_);
    stairs_.record(levelAfter.stairs, stepCount_);
    markers_.record(levelAfter.markers, stepCount_);
    entities_.record(levelAfter.entities, stepCount_);
    if (memoryBytes() > budget_) enforceBudget();
}

// The cells (indices, sorted, each once) of each depth that `segment` changed, for
// keyframes that patch the one before; none for a depth it rewrote or when its log
// is gone (the depth is then packed whole).
std::vector<std::vector<std::uint32_t>> Timeline::changedCells(const Segment& segment, const Level& level) {
    const auto depths = static_cast<std::size_t>(level.depthCount());
    std::vector<std::vector<std::uint32_t>> cells(depths);
    const std::size_t area = static_cast<std::size_t>(level.width()) * static_cast<std::size_t>(level.height());
    if (!segment.kept || area > 0xffffffffu) return cells;
    // A patch is five bytes a cell, a whole cave depth about a bit: a depth with more
    // than a 32nd of its cells changed is packed whole, and need not be listed.
    std::vector<std::size_t> count(depths, 0);
    for (const CellChange& c : segment.log.changes) ++count[c.z];
    for (const DepthRewrite& r : segment.log.rewrites) count[static_cast<std::size_t>(r.depth())] += r.cellCount();
    for (std::size_t z = 0; z < depths; ++z)
        if (count[z] <= area / 32) cells[z].reserve(count[z]);
    for (const CellChange& c : segment.log.changes)
        if (count[c.z] <= area / 32) cells[c.z].push_back(static_cast<std::uint32_t>(c.y) * static_cast<std::uint32_t>(level.width()) + c.x);
    for (const DepthRewrite& r : segment.log.rewrites) {
        auto& list = cells[static_cast<std::size_t>(r.depth())];
        if (count[static_cast<std::size_t>(r.depth())] > area / 32) continue;
        const auto rewritten = r.cells();
        list.insert(list.end(), rewritten.begin(), rewritten.end());
    }
    for (auto& list : cells) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    return cells;
}

std::size_t Timeline::segmentOfStep(std::size_t step) const {
    const auto it = std::upper_bound(segments_.begin(), segments_.end(), step,
                                     [](std::size_t s, const Segment& segment) { return s < segment.firstStep; });
    return static_cast<std::size_t>(it - segments_.begin()) - 1;
}

// The segment whose keyframe a jump to `position` starts from.
std::size_t Timeline::segmentAt(std::size_t position) const {
    return position >= stepCount_ ? segments_.size() - 1 : segmentOfStep(position);
}

std::uint32_t Timeline::runOf(std::size_t index) const {
    if (index >= stepCount_) throw std::out_of_range("Timeline: no step " + std::to_string(index));
    return segments_[segmentOfStep(index)].run;
}

std::span<const CellChange> Timeline::changes(std::size_t index) const {
    if (index >= stepCount_) throw std::out_of_range("Timeline: no step " + std::to_string(index));
    const Segment& segment = segments_[segmentOfStep(index)];
    return segment.kept ? segment.log.changesOf(index - segment.firstStep) : std::span<const CellChange>();
}

bool Timeline::rewritesDepth(std::size_t index) const {
    if (index >= stepCount_) throw std::out_of_range("Timeline: no step " + std::to_string(index));
    const Segment& segment = segments_[segmentOfStep(index)];
    return segment.kept && segment.log.rewriteOf(index - segment.firstStep) != nullptr;
}

std::size_t Timeline::changeCount(std::size_t index) const {
    if (index >= stepCount_) throw std::out_of_range("Timeline: no step " + std::to_string(index));
    const Segment& segment = segments_[segmentOfStep(index)];
    return segment.kept ? segment.log.changeCount(index - segment.firstStep, index - segment.firstStep + 1) : 0;
}

std::span<const Annotation> Timeline::annotations(std::size_t index) const {
    if (index >= stepCount_) throw std::out_of_range("Timeline: no step " + std::to_string(index));
    const Segment& segment = segments_[segmentOfStep(index)];
    return segment.kept ? segment.log.annotationsOf(index - segment.firstStep) : std::span<const Annotation>();
}

std::string Timeline::description(std::size_t index) const {
    if (index >= stepCount_) throw std::out_of_range("Timeline: no step " + std::to_string(index));
    const Segment& segment = segments_[segmentOfStep(index)];
    return segment.kept ? std::string(segment.log.descriptionOf(index - segment.firstStep)) : std::string();
}

bool Timeline::changesKept(std::size_t index) const {
    if (index >= stepCount_) throw std::out_of_range("Timeline: no step " + std::to_string(index));
    return segments_[segmentOfStep(index)].kept;
}

std::size_t Timeline::keptSegmentCount() const {
    return static_cast<std::size_t>(std::count_if(segments_.begin(), segments_.end(), [](const Segment& s) { return s.kept; }));
}

// Changes to apply walking from here to `target`, or "never" across a dropped segment.
std::size_t Timeline::directCost(std::size_t target) const {
    const std::size_t from = std::min(position_, target);
    const std::size_t to = std::max(position_, target);
    std::size_t cost = 0;
    for (std::size_t s = segmentOfStep(from); s < segments_.size() && segments_[s].firstStep < to; ++s) {
        const Segment& segment = segments_[s];
        if (!segment.kept) return std::numeric_limits<std::size_t>::max();
        const std::size_t first = std::max(from, segment.firstStep);
        const std::size_t last = std::min(to, segment.stepEnd);
        cost += segment.log.changeCount(first - segment.firstStep, last - segment.firstStep);
    }
    return cost;
}

// Unpacking the depths that differ from the keyframe, then walking (or
// regenerating, about as dear as applying its changes four times) from there.
std::size_t Timeline::jumpCost(std::size_t target, std::size_t area) const {
    const Segment& segment = segments_[segmentAt(target)];
    std::size_t cost = 0;
    for (std::size_t z = 0; z < segment.start.size(); ++z)
        if (levelDepths_[z] != segment.start[z]) cost += area / kCellsPerChange;
    if (target == segment.firstStep) return cost;
    if (!segment.kept) return cost + segment.changeCount * 5;
    return cost + segment.log.changeCount(0, target - segment.firstStep);
}

void Timeline::moveTo(Level& level, std::size_t target, const Regenerate& regen) {
    target = std::min(target, stepCount_);
    if (target != position_) {
        const std::size_t area = static_cast<std::size_t>(level.width()) * static_cast<std::size_t>(level.height());
        if (directCost(target) > jumpCost(target, area)) {
            const std::size_t s = segmentAt(target);
            restoreStart(level, s);
            if (!segments_[s].kept && target > segments_[s].firstStep) regenerate(level, s, regen);
        }
        applySteps(level, target);
        segments_[segmentAt(target)].usedAt = inflation_;
        // The segments spared for being beside the position may have changed.
        if (memoryBytes() > budget_) enforceBudget();
    }
    restoreFeatures(level);
}

void Timeline::restoreStart(Level& level, std::size_t s) {
    const Segment& segment = segments_[s];
    for (std::size_t z = 0; z < segment.start.size(); ++z) {
        if (levelDepths_[z] == segment.start[z]) continue;
        segment.start[z]->unpackInto(level.tiles(static_cast<int>(z)), levelDepths_[z].get());
        levelDepths_[z] = segment.start[z];
    }
    position_ = segment.firstStep;
}

void Timeline::regenerate(Level& level, std::size_t s, const Regenerate& regen) {
    Segment& segment = segments_[s];
    if (!regen) throw std::logic_error("Timeline: moving into dropped steps needs a way to regenerate them");
    restoreFeatures(level);
    StepLog log;
    log.depthWidth = levelWidth_;
    log.changes.reserve(segment.changeCount);
    const std::size_t steps = segment.stepEnd - segment.firstStep;
    regen(segment.run, steps, level, log);
    if (log.stepCount() != steps || log.changeCount() != segment.changeCount || log.shapeDigest() != segment.shape)
        throw std::logic_error("Timeline: regenerating stage run " + std::to_string(segment.run) +
                               " did not repeat the steps recorded (generation must be deterministic)");
    log.shrinkToFit();
    segment.log = std::move(log);
    segment.kept = true;
    recount(segment);
    position_ = segment.stepEnd;
    for (std::size_t z = 0; z < segment.touched.size(); ++z)
        if (segment.touched[z]) levelDepths_[z] = nullptr;
    segment.usedAt = inflation_;
    enforceBudget();
}

// Walks from the current position to `target` through kept segments.
void Timeline::applySteps(Level& level, std::size_t target) {
    if (position_ == target) return;
    const std::size_t from = std::min(position_, target);
    const std::size_t to = std::max(position_, target);
    for (std::size_t s = segmentOfStep(from); s < segments_.size() && segments_[s].firstStep < to; ++s) {
        if (!segments_[s].kept) throw std::logic_error("Timeline: walking through dropped steps");
        for (std::size_t z = 0; z < segments_[s].touched.size(); ++z)
            if (segments_[s].touched[z]) levelDepths_[z] = nullptr;
    }
    while (position_ > target) {
        --position_;
        const Segment& segment = segments_[segmentOfStep(position_)];
        segment.log.undo(position_ - segment.firstStep, level);
    }
    while (position_ < target) {
        const Segment& segment = segments_[segmentOfStep(position_)];
        segment.log.redo(position_ - segment.firstStep, level);
        ++position_;
    }
    // At a segment's first step the level is exactly its keyframe again.
    if (position_ < stepCount_ && segments_[segmentAt(position_)].firstStep == position_)
        levelDepths_ = segments_[segmentAt(position_)].start;
}

void Timeline::restoreFeatures(Level& level) const {
    areas_.restore(level.areas, position_);
    doors_.restore(level.doors, position_);
    stairs_.restore(level.stairs, position_);
    markers_.restore(level.markers, position_);
    entities_.restore(level.entities, position_);
}

// What keeping a segment's log is worth, per byte, in the units of applying a
// change: regenerating it reads about every cell of each depth it touched
// (labelling, planning, rules: measured, a change's cost a cell or so) and makes its
// changes again. At 4096 x 4096 x 64 a stairs run takes 5 s to regenerate for
// 70 bytes a step (worth 10 a byte); a cave run's log is 8 bytes a rewritten cell
// and regenerates in 0.45 s (worth under 1).
double Timeline::worthPerByte(const Segment& segment) const {
    const auto touched = static_cast<std::size_t>(std::count(segment.touched.begin(), segment.touched.end(), true));
    const double cost = static_cast<double>(levelArea_) * static_cast<double>(std::max<std::size_t>(1, touched)) +
                        static_cast<double>(segment.changeCount) * 5.0 + static_cast<double>(segment.stepEnd - segment.firstStep) * 8.0;
    return cost / static_cast<double>(std::max<std::size_t>(1, segment.log.bytes()));
}

// Drops logs until the rest fit, sparing the segment being recorded and the ones
// either side of the position. Which go first is GreedyDual-Size (Cao and Irani,
// 1997): each log's score is its worth per byte on top of where the scores stood
// when it was last used, the lowest goes, and the scores of those left rise by as
// much; so a log cheap to regenerate for its size goes before a dear one, and one
// long unused goes in the end however dear.
void Timeline::enforceBudget() {
    while (memoryBytes() > budget_) {
        std::size_t victim = segments_.size();
        double lowest = 0;
        for (std::size_t s = 0; s < segments_.size(); ++s) {
            const Segment& segment = segments_[s];
            const bool spared = s + 1 == segments_.size() || (segment.firstStep <= position_ && position_ <= segment.stepEnd);
            if (!segment.kept || spared || segment.log.bytes() == 0) continue;
            const double score = segment.usedAt + worthPerByte(segment);
            if (victim == segments_.size() || score < lowest) {
                victim = s;
                lowest = score;
            }
        }
        if (victim == segments_.size()) return;
        inflation_ = lowest;
        Segment& segment = segments_[victim];
        segment.shape = segment.log.shapeDigest();
        segment.log = StepLog();
        segment.kept = false;
        recount(segment);
    }
}

void Timeline::truncate() {
    if (atEnd()) return;
    stepCount_ = position_;
    while (!segments_.empty() && segments_.back().firstStep >= position_) {
        keptLogBytes_ -= segments_.back().counted;
        segments_.pop_back();
    }
    if (!segments_.empty()) {
        Segment& last = segments_.back();
        // Only a kept segment can be cut: the position is never inside a dropped one.
        if (!last.kept && position_ != last.stepEnd) throw std::logic_error("Timeline: cutting a dropped segment");
        last.log.truncate(position_ - last.firstStep);
        recount(last);
        last.stepEnd = position_;
        if (last.kept) last.changeCount = last.log.changeCount();
    }
    areas_.truncate(position_);
    doors_.truncate(position_);
    stairs_.truncate(position_);
    markers_.truncate(position_);
    entities_.truncate(position_);
    recountKeyframes();
}

void Timeline::recount(Segment& segment) {
    keptLogBytes_ = keptLogBytes_ - segment.counted + segment.log.bytes();
    segment.counted = segment.log.bytes();
}

void Timeline::recountKeyframes() {
    std::unordered_set<const PackedDepth*> seen;
    keyframeBytes_ = 0;
    for (const Segment& segment : segments_)
        for (const auto& depth : segment.start)
            if (seen.insert(depth.get()).second) keyframeBytes_ += depth->memoryBytes();
}

void Timeline::clear() { *this = Timeline(budget_); }

std::size_t Timeline::memoryBytes() const {
    return keptLogBytes_ + keyframeBytes_ + segments_.capacity() * sizeof(Segment) + areas_.bytes() + doors_.bytes() +
           stairs_.bytes() + markers_.bytes() + entities_.bytes();
}

} // namespace burrow
