#pragma once
// One kind of feature (stairs, entities, ...) as a timeline remembers it: every one
// generation appended, in order, with the position from which the level holds it.
// A feature costs one position beyond itself, not a snapshot of every count per
// step: a stairs run places a pair a step, a million of them on a big level.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace burrow {

template <typename Feature>
class FeatureLog {
public:
    // After the step that ends at `position`: notes what `current` gained (or, after
    // a hand edit dropped some, what it still holds).
    void record(const std::vector<Feature>& current, std::size_t position) {
        const std::size_t before = countAt(position - 1);
        if (current.size() == before) return;
        const std::size_t kept = std::min(before, current.size());
        items_.resize(kept);
        since_.resize(kept);
        for (std::size_t i = kept; i < current.size(); ++i) {
            items_.push_back(current[i]);
            since_.push_back(position);
        }
    }

    // How many the level holds after `position` steps.
    std::size_t countAt(std::size_t position) const {
        return static_cast<std::size_t>(std::upper_bound(since_.begin(), since_.end(), position) - since_.begin());
    }

    // Brings `current` to what the level held after `position` steps. Features are
    // only ever appended, so `current` is a prefix of the log and only its end moves.
    void restore(std::vector<Feature>& current, std::size_t position) const {
        const std::size_t count = countAt(position);
        if (current.size() > count) current.resize(count);
        for (std::size_t i = current.size(); i < count; ++i) current.push_back(items_[i]);
    }

    // Forgets what appeared after `position` steps.
    void truncate(std::size_t position) {
        const std::size_t count = countAt(position);
        items_.resize(count);
        since_.resize(count);
    }

    std::size_t bytes() const { return items_.capacity() * sizeof(Feature) + since_.capacity() * sizeof(std::size_t); }

private:
    std::vector<Feature> items_;
    std::vector<std::size_t> since_; // non-decreasing: features are appended in step order
};

} // namespace burrow
