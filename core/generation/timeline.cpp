#include "generation/timeline.h"

#include <stdexcept>

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
} // namespace

std::vector<CellChange>& Timeline::recordingBuffer() {
    if (!atEnd()) throw std::logic_error("Timeline: recording while scrubbed back; truncate() or move to the end first");
    return changes_;
}

void Timeline::reserveChanges(std::size_t count) {
    constexpr std::size_t kMostReserved = std::size_t{64} << 20; // 512 MiB of address space
    changes_.reserve(std::min(count, kMostReserved));
}

void Timeline::commitStep(std::uint32_t run, std::string description, std::span<const Annotation> annotations,
                          const Level& levelAfter) {
    if (!atEnd()) throw std::logic_error("Timeline: recording while scrubbed back; truncate() or move to the end first");
    annotations_.insert(annotations_.end(), annotations.begin(), annotations.end());
    // Features are append-only during generation, but a hand edit may have dropped
    // some: keep the log in step with what the level holds.
    const FeatureCounts counts = levelAfter.featureCounts();
    areas_.resize(std::min(areas_.size(), counts.areas));
    doors_.resize(std::min(doors_.size(), counts.doors));
    stairs_.resize(std::min(stairs_.size(), counts.stairs));
    markers_.resize(std::min(markers_.size(), counts.markers));
    entities_.resize(std::min(entities_.size(), counts.entities));
    appendNew(areas_, levelAfter.areas);
    appendNew(doors_, levelAfter.doors);
    appendNew(stairs_, levelAfter.stairs);
    appendNew(markers_, levelAfter.markers);
    appendNew(entities_, levelAfter.entities);
    steps_.push_back({run, changes_.size(), annotations_.size(), counts, std::move(description)});
    position_ = steps_.size();
}

std::span<const CellChange> Timeline::changes(std::size_t index) const {
    const std::size_t begin = index == 0 ? 0 : steps_.at(index - 1).changeEnd;
    return std::span<const CellChange>(changes_).subspan(begin, steps_.at(index).changeEnd - begin);
}

std::span<const Annotation> Timeline::annotations(std::size_t index) const {
    const std::size_t begin = index == 0 ? 0 : steps_.at(index - 1).annotationEnd;
    return std::span<const Annotation>(annotations_).subspan(begin, steps_.at(index).annotationEnd - begin);
}

void Timeline::moveTo(Level& level, std::size_t position) {
    if (position > steps_.size()) position = steps_.size();
    while (position_ > position) {
        --position_;
        const auto stepChanges = changes(position_);
        // Undo in reverse order: a cell changed twice in one step ends at its first `before`.
        for (auto it = stepChanges.rbegin(); it != stepChanges.rend(); ++it) level.tiles(it->z)(it->x, it->y) = it->before;
    }
    while (position_ < position) {
        for (const CellChange& c : changes(position_)) level.tiles(c.z)(c.x, c.y) = c.after;
        ++position_;
    }
    const FeatureCounts counts = position_ == 0 ? FeatureCounts{} : steps_[position_ - 1].features;
    restorePrefix(level.areas, areas_, counts.areas);
    restorePrefix(level.doors, doors_, counts.doors);
    restorePrefix(level.stairs, stairs_, counts.stairs);
    restorePrefix(level.markers, markers_, counts.markers);
    restorePrefix(level.entities, entities_, counts.entities);
}

void Timeline::truncate() {
    if (atEnd()) return;
    const FeatureCounts counts = position_ == 0 ? FeatureCounts{} : steps_[position_ - 1].features;
    changes_.resize(position_ == 0 ? 0 : steps_[position_ - 1].changeEnd);
    annotations_.resize(position_ == 0 ? 0 : steps_[position_ - 1].annotationEnd);
    steps_.resize(position_);
    areas_.resize(std::min(areas_.size(), counts.areas));
    doors_.resize(std::min(doors_.size(), counts.doors));
    stairs_.resize(std::min(stairs_.size(), counts.stairs));
    markers_.resize(std::min(markers_.size(), counts.markers));
    entities_.resize(std::min(entities_.size(), counts.entities));
}

void Timeline::clear() { *this = Timeline{}; }

std::size_t Timeline::memoryBytes() const {
    // Changes count by size, not capacity: the reserved but untouched part of the
    // buffer is address space the system never backs with memory.
    return changes_.size() * sizeof(CellChange) + annotations_.capacity() * sizeof(Annotation) +
           steps_.capacity() * sizeof(Step) + areas_.capacity() * sizeof(Area) + doors_.capacity() * sizeof(Door) +
           stairs_.capacity() * sizeof(StairsPair) + markers_.capacity() * sizeof(Marker);
}

} // namespace burrow
