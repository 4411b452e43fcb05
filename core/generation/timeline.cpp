#include "generation/timeline.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <unordered_set>

namespace burrow {
namespace {
template <typename T>
void appendNew(std::vector<T>& log, const std::vector<T>& current) {
    for (std::size_t i = log.size(); i < current.size(); ++i) log.push_back(current[i]);
}
template <typename T>
void restorePrefix(std::vector<T>& current, const std::vector<T>& log, std::size_t count) {
    current.assign(log.begin(), log.begin() + static_cast<std::ptrdiff_t>(std::min(count, log.size())));
}
template <typename T>
void keepPrefix(std::vector<T>& log, std::size_t count) {
    log.resize(std::min(log.size(), count));
}

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
    if (!segments_.empty() && segments_.back().run == run && segments_.back().stepEnd == steps_.size()) {
        if (!segments_.back().kept) throw std::logic_error("Timeline: recording into a dropped segment");
        return segments_.back().changes;
    }
    Segment segment;
    segment.run = run;
    segment.firstStep = steps_.size();
    segment.stepEnd = steps_.size();
    const auto depths = static_cast<std::size_t>(levelBefore.depthCount());
    segment.touched.assign(depths, false);
    segment.start.resize(depths);
    const Segment* previous = segments_.empty() ? nullptr : &segments_.back();
    for (std::size_t z = 0; z < depths; ++z) {
        if (previous && !previous->touched[z]) {
            segment.start[z] = previous->start[z];
            continue;
        }
        auto packed = std::make_shared<const PackedDepth>(levelBefore.tiles(static_cast<int>(z)));
        keyframeBytes_ += packed->memoryBytes();
        segment.start[z] = std::move(packed);
    }
    const std::size_t area = static_cast<std::size_t>(levelBefore.width()) * static_cast<std::size_t>(levelBefore.height());
    segment.changes.reserve(std::min(kMostReserved, previous ? std::max(previous->changeCount, area) : area));
    segment.lastUse = ++useClock_;
    levelDepths_ = segment.start;
    segments_.push_back(std::move(segment));
    enforceBudget(); // the segment before is closed: it may now be dropped
    return segments_.back().changes;
}

void Timeline::commitStep(std::string description, std::span<const Annotation> annotations, const Level& levelAfter) {
    if (!atEnd() || segments_.empty() || segments_.back().stepEnd != steps_.size())
        throw std::logic_error("Timeline: commitStep without recordingBuffer()");
    Segment& segment = segments_.back();
    const std::size_t begin = segment.firstStep == steps_.size() ? 0 : steps_.back().changeEnd;
    for (std::size_t i = begin, lastDepth = segment.touched.size(); i < segment.changes.size(); ++i)
        if (segment.changes[i].z != lastDepth) segment.touched[lastDepth = segment.changes[i].z] = true;
    for (std::size_t z = 0; z < segment.touched.size(); ++z)
        if (segment.touched[z]) levelDepths_[z] = nullptr;
    keptChangeBytes_ += (segment.changes.size() - begin) * sizeof(CellChange);
    segment.changeCount = segment.changes.size();
    ++segment.stepEnd;
    annotations_.insert(annotations_.end(), annotations.begin(), annotations.end());
    // Features are append-only during generation, but a hand edit may have dropped
    // some: keep the log in step with what the level holds.
    const FeatureCounts counts = levelAfter.featureCounts();
    keepPrefix(areas_, counts.areas);
    keepPrefix(doors_, counts.doors);
    keepPrefix(stairs_, counts.stairs);
    keepPrefix(markers_, counts.markers);
    keepPrefix(entities_, counts.entities);
    appendNew(areas_, levelAfter.areas);
    appendNew(doors_, levelAfter.doors);
    appendNew(stairs_, levelAfter.stairs);
    appendNew(markers_, levelAfter.markers);
    appendNew(entities_, levelAfter.entities);
    descriptionBytes_ += description.capacity();
    steps_.push_back({segment.run, segment.changes.size(), annotations_.size(), counts, std::move(description)});
    position_ = steps_.size();
    if (memoryBytes() > budget_) enforceBudget();
}

std::size_t Timeline::segmentOfStep(std::size_t step) const {
    const auto it = std::upper_bound(segments_.begin(), segments_.end(), step,
                                     [](std::size_t s, const Segment& segment) { return s < segment.firstStep; });
    return static_cast<std::size_t>(it - segments_.begin()) - 1;
}

// The segment whose keyframe a jump to `position` starts from.
std::size_t Timeline::segmentAt(std::size_t position) const {
    return position >= steps_.size() ? segments_.size() - 1 : segmentOfStep(position);
}

std::size_t Timeline::changeBegin(std::size_t step) const {
    const Segment& segment = segments_[segmentOfStep(step)];
    return step == segment.firstStep ? 0 : steps_[step - 1].changeEnd;
}

std::span<const CellChange> Timeline::changes(std::size_t index) const {
    const Step& step = steps_.at(index);
    const Segment& segment = segments_[segmentOfStep(index)];
    if (!segment.kept) return {};
    const std::size_t begin = changeBegin(index);
    return std::span<const CellChange>(segment.changes).subspan(begin, step.changeEnd - begin);
}

bool Timeline::changesKept(std::size_t index) const {
    (void)steps_.at(index);
    return segments_[segmentOfStep(index)].kept;
}

std::span<const Annotation> Timeline::annotations(std::size_t index) const {
    const std::size_t begin = index == 0 ? 0 : steps_.at(index - 1).annotationEnd;
    return std::span<const Annotation>(annotations_).subspan(begin, steps_.at(index).annotationEnd - begin);
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
        cost += steps_[last - 1].changeEnd - changeBegin(first);
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
    if (!segment.kept) return cost + segment.changeCount * 4 + (segment.changeCount - steps_[target - 1].changeEnd);
    return cost + steps_[target - 1].changeEnd;
}

void Timeline::moveTo(Level& level, std::size_t target, const Regenerate& regen) {
    target = std::min(target, steps_.size());
    if (target != position_) {
        const std::size_t area = static_cast<std::size_t>(level.width()) * static_cast<std::size_t>(level.height());
        if (directCost(target) > jumpCost(target, area)) {
            const std::size_t s = segmentAt(target);
            restoreStart(level, s);
            if (!segments_[s].kept) regenerate(level, s, regen);
        }
        applySteps(level, target);
        segments_[segmentAt(target)].lastUse = ++useClock_;
    }
    restoreFeatures(level);
}

void Timeline::restoreStart(Level& level, std::size_t s) {
    const Segment& segment = segments_[s];
    for (std::size_t z = 0; z < segment.start.size(); ++z) {
        if (levelDepths_[z] == segment.start[z]) continue;
        segment.start[z]->unpackInto(level.tiles(static_cast<int>(z)));
        levelDepths_[z] = segment.start[z];
    }
    position_ = segment.firstStep;
}

void Timeline::regenerate(Level& level, std::size_t s, const Regenerate& regen) {
    Segment& segment = segments_[s];
    if (!regen) throw std::logic_error("Timeline: moving into dropped steps needs a way to regenerate them");
    restoreFeatures(level);
    std::vector<CellChange> changes;
    changes.reserve(segment.changeCount);
    std::vector<std::size_t> stepEnds;
    const std::size_t steps = segment.stepEnd - segment.firstStep;
    stepEnds.reserve(steps);
    regen(segment.run, steps, level, changes, stepEnds);
    bool same = stepEnds.size() == steps && changes.size() == segment.changeCount;
    for (std::size_t i = 0; same && i < steps; ++i) same = stepEnds[i] == steps_[segment.firstStep + i].changeEnd;
    if (!same)
        throw std::logic_error("Timeline: regenerating stage run " + std::to_string(segment.run) +
                               " did not repeat the steps recorded (generation must be deterministic)");
    segment.changes = std::move(changes);
    segment.kept = true;
    keptChangeBytes_ += segment.changeCount * sizeof(CellChange);
    position_ = segment.stepEnd;
    for (std::size_t z = 0; z < segment.touched.size(); ++z)
        if (segment.touched[z]) levelDepths_[z] = nullptr;
    segment.lastUse = ++useClock_;
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
        const auto stepChanges = changes(position_);
        // Undo in reverse order: a cell changed twice in one step ends at its first `before`.
        for (auto it = stepChanges.rbegin(); it != stepChanges.rend(); ++it) level.tiles(it->z)(it->x, it->y) = it->before;
    }
    while (position_ < target) {
        for (const CellChange& c : changes(position_)) level.tiles(c.z)(c.x, c.y) = c.after;
        ++position_;
    }
    // At a segment's first step the level is exactly its keyframe again.
    if (position_ < steps_.size() && segments_[segmentAt(position_)].firstStep == position_)
        levelDepths_ = segments_[segmentAt(position_)].start;
}

void Timeline::restoreFeatures(Level& level) const {
    const FeatureCounts counts = position_ == 0 ? FeatureCounts{} : steps_[position_ - 1].features;
    restorePrefix(level.areas, areas_, counts.areas);
    restorePrefix(level.doors, doors_, counts.doors);
    restorePrefix(level.stairs, stairs_, counts.stairs);
    restorePrefix(level.markers, markers_, counts.markers);
    restorePrefix(level.entities, entities_, counts.entities);
}

// Drops the changes of the segments used least recently until the rest fit,
// sparing the segment being recorded and the ones either side of the position.
void Timeline::enforceBudget() {
    while (memoryBytes() > budget_) {
        std::size_t victim = segments_.size();
        for (std::size_t s = 0; s < segments_.size(); ++s) {
            const Segment& segment = segments_[s];
            const bool spared = s + 1 == segments_.size() || (segment.firstStep <= position_ && position_ <= segment.stepEnd);
            if (!segment.kept || spared || segment.changeCount == 0) continue;
            if (victim == segments_.size() || segment.lastUse < segments_[victim].lastUse) victim = s;
        }
        if (victim == segments_.size()) return;
        Segment& segment = segments_[victim];
        keptChangeBytes_ -= segment.changeCount * sizeof(CellChange);
        segment.changes = std::vector<CellChange>();
        segment.kept = false;
    }
}

void Timeline::truncate() {
    if (atEnd()) return;
    steps_.resize(position_);
    while (!segments_.empty() && segments_.back().firstStep >= position_) {
        if (segments_.back().kept) keptChangeBytes_ -= segments_.back().changeCount * sizeof(CellChange);
        segments_.pop_back();
    }
    if (!segments_.empty()) {
        Segment& last = segments_.back();
        last.stepEnd = position_;
        const std::size_t count = steps_.back().changeEnd;
        if (last.kept) {
            keptChangeBytes_ -= (last.changeCount - count) * sizeof(CellChange);
            last.changes.resize(count);
        }
        last.changeCount = count;
    }
    const FeatureCounts counts = position_ == 0 ? FeatureCounts{} : steps_.back().features;
    annotations_.resize(position_ == 0 ? 0 : steps_.back().annotationEnd);
    keepPrefix(areas_, counts.areas);
    keepPrefix(doors_, counts.doors);
    keepPrefix(stairs_, counts.stairs);
    keepPrefix(markers_, counts.markers);
    keepPrefix(entities_, counts.entities);
    descriptionBytes_ = 0;
    for (const Step& step : steps_) descriptionBytes_ += step.description.capacity();
    recountKeyframes();
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
    // Changes count by size, not capacity: the reserved but untouched part of a
    // buffer is address space the system never backs with memory.
    return keptChangeBytes_ + keyframeBytes_ + descriptionBytes_ + annotations_.capacity() * sizeof(Annotation) +
           steps_.capacity() * sizeof(Step) + segments_.capacity() * sizeof(Segment) + areas_.capacity() * sizeof(Area) +
           doors_.capacity() * sizeof(Door) + stairs_.capacity() * sizeof(StairsPair) + markers_.capacity() * sizeof(Marker) +
           entities_.capacity() * sizeof(Entity);
}

} // namespace burrow
