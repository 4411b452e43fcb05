#include "generation/step_log.h"

#include <algorithm>

namespace burrow {
namespace {
std::size_t beginOf(const std::vector<std::size_t>& ends, std::size_t step) { return step == 0 ? 0 : ends[step - 1]; }

// In a template: kNumber stands for the step's next number; kLiteral makes the
// character after it plain text (a description's own control characters).
constexpr char kNumber = '\x01', kLiteral = '\x02';

bool isDigit(char c) { return c >= '0' && c <= '9'; }
} // namespace

void StepLog::endStep(std::span<const Annotation> marks, std::string_view description) {
    const std::size_t begin = beginOf(changeEnds, stepCount());
    std::optional<DepthRewrite> rewrite;
    // Rows written after listed changes follow them in the list (the order made).
    if (rows_ && !rows_->empty()) {
        if (changes.size() == begin) rewrite = rows_->take(changes);
        else rows_->flushInto(changes);
    }
    if (!rewrite && depthWidth > 0) rewrite = DepthRewrite::from(std::span<const CellChange>(changes).subspan(begin), depthWidth);
    if (rewrite) {
        changes.resize(begin);
        rewritesBytes_ += rewrite->bytes() + sizeof(std::size_t);
        rewrittenCells_ += rewrite->cellCount();
        rewrites.push_back(std::move(*rewrite));
        rewriteSteps.push_back(stepCount());
    }
    changeEnds.push_back(changes.size());
    annotations.insert(annotations.end(), marks.begin(), marks.end());
    annotationEnds.push_back(annotations.size());
    // Numbers become marks, read as variable-length integers: a run of digits
    // without a leading zero (which the number would lose) and short enough for
    // 64 bits; any other text stays in the template.
    template_.clear();
    for (std::size_t i = 0; i < description.size();) {
        const char c = description[i];
        std::size_t end = i;
        while (end < description.size() && isDigit(description[end])) ++end;
        if (end > i && end - i <= 18 && (c != '0' || end - i == 1)) {
            std::uint64_t value = 0;
            for (std::size_t k = i; k < end; ++k) value = value * 10 + static_cast<std::uint64_t>(description[k] - '0');
            for (; value >= 0x80; value >>= 7) numbers.push_back(static_cast<std::uint8_t>(value | 0x80));
            numbers.push_back(static_cast<std::uint8_t>(value));
            template_ += kNumber;
            i = end;
            continue;
        }
        if (end > i) { // digits kept as text
            template_.append(description.substr(i, end - i));
            i = end;
            continue;
        }
        if (c == kNumber || c == kLiteral) template_ += kLiteral;
        template_ += c;
        ++i;
    }
    // Steps of a run mostly share the template of the step before, or one of a few
    // recent ones; only those are searched, so a run whose every step words itself
    // anew costs its texts (as before) and no search through them.
    std::uint32_t index = templateOf.empty() ? 0 : templateOf.back();
    if (templates.empty() || templates[index] != template_) {
        constexpr std::size_t kRecent = 16;
        const auto from = templates.end() - static_cast<std::ptrdiff_t>(std::min(templates.size(), kRecent));
        index = static_cast<std::uint32_t>(std::find(from, templates.end(), template_) - templates.begin());
        if (index == templates.size()) {
            templates.push_back(template_);
            templateBytes_ += sizeof(std::string) + template_.size();
        }
    }
    templateOf.push_back(index);
    numberEnds.push_back(numbers.size());
}

std::span<const CellChange> StepLog::changesOf(std::size_t step) const {
    const std::size_t begin = beginOf(changeEnds, step);
    return std::span<const CellChange>(changes).subspan(begin, changeEnds.at(step) - begin);
}

const DepthRewrite* StepLog::rewriteOf(std::size_t step) const {
    const auto it = std::lower_bound(rewriteSteps.begin(), rewriteSteps.end(), step);
    return it != rewriteSteps.end() && *it == step ? &rewrites[static_cast<std::size_t>(it - rewriteSteps.begin())] : nullptr;
}

void StepLog::redo(std::size_t step, Level& level) const {
    if (const DepthRewrite* rewrite = rewriteOf(step)) return rewrite->redo(level);
    for (const CellChange& c : changesOf(step)) level.tiles(c.z)(c.x, c.y) = c.after;
}

void StepLog::undo(std::size_t step, Level& level) const {
    if (const DepthRewrite* rewrite = rewriteOf(step)) return rewrite->undo(level);
    // In reverse: a cell changed twice in one step ends at its first `before`.
    const auto stepChanges = changesOf(step);
    for (auto it = stepChanges.rbegin(); it != stepChanges.rend(); ++it) level.tiles(it->z)(it->x, it->y) = it->before;
}

std::size_t StepLog::changeCount(std::size_t first, std::size_t end) const {
    if (first >= end) return 0;
    std::size_t count = changeEnds[end - 1] - beginOf(changeEnds, first);
    const auto from = std::lower_bound(rewriteSteps.begin(), rewriteSteps.end(), first);
    const auto to = std::lower_bound(rewriteSteps.begin(), rewriteSteps.end(), end);
    for (auto it = from; it != to; ++it) count += rewrites[static_cast<std::size_t>(it - rewriteSteps.begin())].cellCount();
    return count;
}

std::span<const Annotation> StepLog::annotationsOf(std::size_t step) const {
    const std::size_t begin = beginOf(annotationEnds, step);
    return std::span<const Annotation>(annotations).subspan(begin, annotationEnds.at(step) - begin);
}

std::string StepLog::descriptionOf(std::size_t step) const {
    const std::string& text = templates[templateOf.at(step)];
    std::size_t at = beginOf(numberEnds, step);
    std::string out;
    out.reserve(text.size() + 16);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == kLiteral) {
            out += text[++i];
        } else if (text[i] == kNumber) {
            std::uint64_t value = 0;
            for (int shift = 0;; shift += 7) {
                const std::uint8_t byte = numbers[at++];
                value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
                if (!(byte & 0x80)) break;
            }
            out += std::to_string(value);
        } else {
            out += text[i];
        }
    }
    return out;
}

RowRecorder* StepLog::rowRecorder() {
    if (depthWidth <= 0) return nullptr;
    if (!rows_) rows_ = std::make_unique<RowRecorder>(depthWidth);
    return rows_.get();
}

void StepLog::shrinkToFit() {
    rows_.reset();
    changes.shrink_to_fit();
    changeEnds.shrink_to_fit();
    rewrites.shrink_to_fit();
    rewriteSteps.shrink_to_fit();
    annotations.shrink_to_fit();
    annotationEnds.shrink_to_fit();
    templateOf.shrink_to_fit();
    numbers.shrink_to_fit();
    numberEnds.shrink_to_fit();
}

void StepLog::truncate(std::size_t steps) {
    if (steps >= stepCount()) return;
    changes.resize(beginOf(changeEnds, steps));
    const auto kept = std::lower_bound(rewriteSteps.begin(), rewriteSteps.end(), steps) - rewriteSteps.begin();
    for (auto it = rewrites.begin() + kept; it != rewrites.end(); ++it) {
        rewritesBytes_ -= it->bytes() + sizeof(std::size_t);
        rewrittenCells_ -= it->cellCount();
    }
    rewrites.erase(rewrites.begin() + kept, rewrites.end());
    rewriteSteps.resize(static_cast<std::size_t>(kept));
    annotations.resize(beginOf(annotationEnds, steps));
    numbers.resize(beginOf(numberEnds, steps));
    changeEnds.resize(steps);
    annotationEnds.resize(steps);
    templateOf.resize(steps);
    numberEnds.resize(steps);
}

std::size_t StepLog::bytes() const {
    return changes.size() * sizeof(CellChange) + annotations.size() * sizeof(Annotation) + templateBytes_ + numbers.size() +
           templateOf.size() * sizeof(std::uint32_t) + (changeEnds.size() + annotationEnds.size() + numberEnds.size()) * sizeof(std::size_t) +
           rewritesBytes_;
}

std::uint64_t StepLog::shapeDigest() const {
    // FNV-1a over every step's ends and template.
    std::uint64_t digest = 0xcbf29ce484222325ull;
    auto mix = [&](std::size_t value) {
        for (int i = 0; i < 8; ++i) {
            digest ^= (value >> (8 * i)) & 0xff;
            digest *= 0x100000001b3ull;
        }
    };
    // A template's text, not its index, which is the same in two logs that word the
    // steps differently.
    std::vector<std::uint64_t> templateDigests;
    for (const std::string& text : templates) {
        std::uint64_t h = 0xcbf29ce484222325ull;
        for (const char c : text) h = (h ^ static_cast<std::uint8_t>(c)) * 0x100000001b3ull;
        templateDigests.push_back(h);
    }
    for (std::size_t i = 0; i < stepCount(); ++i) {
        const DepthRewrite* rewrite = rewriteOf(i);
        mix(rewrite ? rewrite->cellCount() : 0);
        mix(changeEnds[i]);
        mix(annotationEnds[i]);
        mix(numberEnds[i]);
        mix(templateDigests[templateOf[i]]);
    }
    return digest;
}

} // namespace burrow
