#include "generation/step_log.h"

namespace burrow {
namespace {
std::size_t beginOf(const std::vector<std::size_t>& ends, std::size_t step) { return step == 0 ? 0 : ends[step - 1]; }
} // namespace

void StepLog::endStep(std::span<const Annotation> marks, std::string_view description) {
    changeEnds.push_back(changes.size());
    annotations.insert(annotations.end(), marks.begin(), marks.end());
    annotationEnds.push_back(annotations.size());
    descriptions.append(description);
    descriptionEnds.push_back(descriptions.size());
}

std::span<const CellChange> StepLog::changesOf(std::size_t step) const {
    const std::size_t begin = beginOf(changeEnds, step);
    return std::span<const CellChange>(changes).subspan(begin, changeEnds.at(step) - begin);
}

std::span<const Annotation> StepLog::annotationsOf(std::size_t step) const {
    const std::size_t begin = beginOf(annotationEnds, step);
    return std::span<const Annotation>(annotations).subspan(begin, annotationEnds.at(step) - begin);
}

std::string_view StepLog::descriptionOf(std::size_t step) const {
    const std::size_t begin = beginOf(descriptionEnds, step);
    return std::string_view(descriptions).substr(begin, descriptionEnds.at(step) - begin);
}

void StepLog::truncate(std::size_t steps) {
    if (steps >= stepCount()) return;
    changes.resize(beginOf(changeEnds, steps));
    annotations.resize(beginOf(annotationEnds, steps));
    descriptions.resize(beginOf(descriptionEnds, steps));
    changeEnds.resize(steps);
    annotationEnds.resize(steps);
    descriptionEnds.resize(steps);
}

std::size_t StepLog::bytes() const {
    return changes.size() * sizeof(CellChange) + annotations.size() * sizeof(Annotation) + descriptions.size() +
           (changeEnds.size() + annotationEnds.size() + descriptionEnds.size()) * sizeof(std::size_t);
}

std::uint64_t StepLog::shapeDigest() const {
    // FNV-1a over the three ends of every step.
    std::uint64_t digest = 0xcbf29ce484222325ull;
    auto mix = [&](std::size_t value) {
        for (int i = 0; i < 8; ++i) {
            digest ^= (value >> (8 * i)) & 0xff;
            digest *= 0x100000001b3ull;
        }
    };
    for (std::size_t i = 0; i < stepCount(); ++i) {
        mix(changeEnds[i]);
        mix(annotationEnds[i]);
        mix(descriptionEnds[i]);
    }
    return digest;
}

} // namespace burrow
