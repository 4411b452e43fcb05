#include "generators/wfc_wave.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace burrow {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr int kOpposite[4] = {2, 3, 0, 1};

} // namespace

WfcWave::WfcWave(const WfcPatterns& patterns, int positionsX, int positionsY, bool periodic)
    : patterns_(patterns), positionsX_(positionsX), positionsY_(positionsY), periodic_(periodic), words_(patterns.words()) {
    const std::size_t positions = static_cast<std::size_t>(positionsX) * static_cast<std::size_t>(positionsY);
    const int count = patterns.count();
    logWeights_.resize(static_cast<std::size_t>(count));
    for (int p = 0; p < count; ++p) {
        const double w = patterns.weight(p);
        logWeights_[static_cast<std::size_t>(p)] = w * std::log(w);
        totalWeight_ += patterns.weight(p);
        totalLogWeight_ += logWeights_[static_cast<std::size_t>(p)];
    }
    // Neighbours once, so propagation never divides.
    static constexpr int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    neighbours_.resize(positions * 4);
    for (int y = 0; y < positionsY; ++y)
        for (int x = 0; x < positionsX; ++x)
            for (int d = 0; d < 4; ++d) {
                int nx = x + dx[d], ny = y + dy[d];
                if (periodic) {
                    nx = (nx + positionsX) % positionsX;
                    ny = (ny + positionsY) % positionsY;
                }
                const bool inside = nx >= 0 && ny >= 0 && nx < positionsX && ny < positionsY;
                neighbours_[(static_cast<std::size_t>(y) * static_cast<std::size_t>(positionsX) + static_cast<std::size_t>(x)) * 4 + static_cast<std::size_t>(d)] =
                    inside ? static_cast<std::uint32_t>(ny * positionsX + nx) : kNone;
            }
    // One position's counts as the attempt starts: how many patterns have each key on each side.
    for (int d = 0; d < 4; ++d) {
        keyOffset_[d] = countStride_;
        countStride_ += patterns.keyCount(d);
    }
    initialCounts_.assign(countStride_, 0);
    for (int d = 0; d < 4; ++d)
        for (int p = 0; p < count; ++p) ++initialCounts_[keyOffset_[d] + patterns.sideKey(d, p)];
    narrow_ = std::all_of(initialCounts_.begin(), initialCounts_.end(), [](std::uint16_t n) { return n <= 255; });
    remaining_.assign(positions, 0);
    narrowed_.assign(positions, 0);
}

bool WfcWave::reset() {
    const std::size_t positions = positionCount();
    const int count = patterns_.count();
    wave_.assign(positions * static_cast<std::size_t>(words_), ~std::uint64_t{0});
    if (count % 64 != 0)
        for (std::size_t p = 0; p < positions; ++p) wave_[p * static_cast<std::size_t>(words_) + static_cast<std::size_t>(words_ - 1)] = (std::uint64_t{1} << (count % 64)) - 1;
    remaining_.assign(positions, static_cast<std::uint32_t>(count));
    weightLeft_.assign(positions, totalWeight_);
    logWeightLeft_.assign(positions, totalLogWeight_);
    if (narrow_) resetCounts(narrowCounts_);
    else resetCounts(wideCounts_);
    std::fill(narrowed_.begin(), narrowed_.end(), 0);
    narrowedList_.clear();
    newlyDecided_.clear();
    contradiction_.reset();
    // The trail keeps the bans that can still be undone (forgetBefore drops the
    // rest); its capacity stays across attempts. Reserved for every ban an attempt can
    // make (the memory estimate counts it) rather than grown: each doubling copied the
    // trail and touched fresh pages (a fifth of a 256 x 256 level's time). Pages the
    // trail never reaches are never touched; past 128 MiB it grows as needed, so a
    // machine that refuses a large reservation up front still runs a large level.
    trail_.clear();
    constexpr std::size_t kMostReserved = std::size_t{16} << 20; // bans, 8 bytes each
    trail_.reserve(std::min(positions * static_cast<std::size_t>(count), kMostReserved));
    propagated_ = 0;
    if (count > 1) banUnsupported();
    return propagate();
}

// A pattern whose side has a key no pattern has on the side facing it can have no
// neighbour that way: it is banned wherever there is one, before the first
// observation, or it would be chosen and doom the attempt later.
void WfcWave::banUnsupported() {
    for (int d = 0; d < 4; ++d)
        for (std::uint32_t key = 0; key < patterns_.keyCount(d); ++key) {
            if (initialCounts_[keyOffset_[d] + key] == 0 || initialCounts_[keyOffset_[kOpposite[d]] + key] != 0) continue;
            for (std::size_t position = 0; position < positionCount(); ++position)
                if (neighbours_[position * 4 + static_cast<std::size_t>(d)] != kNone) banHaving(position, kOpposite[d], key);
        }
}

double WfcWave::entropy(std::size_t position) const {
    const double sum = static_cast<double>(weightLeft_[position]);
    return std::log(sum) - logWeightLeft_[position] / sum;
}

int WfcWave::patternAtWeight(std::size_t position, std::uint64_t pick) const {
    const std::uint64_t* bits = bitsOf(position);
    for (int w = 0; w < words_; ++w)
        for (std::uint64_t word = bits[w]; word != 0; word &= word - 1) {
            const int p = w * 64 + std::countr_zero(word);
            if (pick < patterns_.weight(p)) return p;
            pick -= patterns_.weight(p);
        }
    return firstPattern(position);
}

int WfcWave::firstPattern(std::size_t position) const {
    const std::uint64_t* bits = bitsOf(position);
    for (int w = 0; w < words_; ++w)
        if (bits[w] != 0) return w * 64 + std::countr_zero(bits[w]);
    return -1;
}

void WfcWave::ban(std::size_t position, int pattern) {
    bitsOf(position)[pattern / 64] &= ~(std::uint64_t{1} << (pattern % 64));
    weightLeft_[position] -= patterns_.weight(pattern);
    logWeightLeft_[position] -= logWeights_[static_cast<std::size_t>(pattern)];
    const std::uint32_t left = --remaining_[position];
    if (left == 0 && !contradiction_) contradiction_ = cellOf(position);
    if (left == 1) newlyDecided_.push_back(position);
    if (!narrowed_[position]) {
        narrowed_[position] = 1;
        narrowedList_.push_back(position);
    }
    trail_.push_back({static_cast<std::uint32_t>(position), static_cast<std::uint32_t>(pattern)});
}

void WfcWave::banAllBut(std::size_t position, int pattern) {
    const std::uint64_t* bits = bitsOf(position);
    for (int w = 0; w < words_; ++w) {
        std::uint64_t others = bits[w];
        if (w == pattern / 64) others &= ~(std::uint64_t{1} << (pattern % 64));
        for (; others != 0; others &= others - 1) ban(position, w * 64 + std::countr_zero(others));
    }
}

void WfcWave::banHaving(std::size_t position, int d, std::uint32_t key) {
    const std::uint64_t* bits = bitsOf(position);
    const std::uint64_t* having = patterns_.neighboursOfKey(d, key);
    for (int w = 0; w < words_; ++w)
        for (std::uint64_t lost = bits[w] & having[w]; lost != 0; lost &= lost - 1) ban(position, w * 64 + std::countr_zero(lost));
}

// Each ban takes its pattern from the counts of its four sides' keys. A count that
// reaches zero means no pattern left here has that key on that side: the neighbour
// that way loses every pattern that needed it, unless it has none left already.
bool WfcWave::propagate() { return narrow_ ? propagateWith(narrowCounts_.data()) : propagateWith(wideCounts_.data()); }

template <typename Count>
bool WfcWave::propagateWith(Count* counts) {
    for (; propagated_ < trail_.size() && !contradiction_; ++propagated_) {
        const std::size_t position = trail_[propagated_].position;
        const int pattern = static_cast<int>(trail_[propagated_].pattern);
        const std::uint32_t* around = &neighbours_[position * 4];
        for (int d = 0; d < 4; ++d) {
            const std::uint32_t key = patterns_.sideKey(d, pattern);
            if (--counts[countAt(position, d, key)] != 0 || around[d] == kNone) continue;
            if (counts[countAt(around[d], kOpposite[d], key)] != 0) banHaving(around[d], d, key);
        }
    }
    return !contradiction_;
}

template <typename Count>
void WfcWave::resetCounts(std::vector<Count>& counts) {
    counts.resize(positionCount() * countStride_);
    for (std::size_t p = 0; p < positionCount(); ++p)
        std::transform(initialCounts_.begin(), initialCounts_.end(), counts.begin() + static_cast<std::ptrdiff_t>(p * countStride_),
                       [](std::uint16_t n) { return static_cast<Count>(n); });
}

std::size_t WfcWave::undoTo(std::size_t mark, std::vector<std::size_t>& reopened) {
    for (std::size_t i = trail_.size(); i-- > mark;) {
        const std::size_t position = trail_[i].position;
        const int pattern = static_cast<int>(trail_[i].pattern);
        bitsOf(position)[pattern / 64] |= std::uint64_t{1} << (pattern % 64);
        weightLeft_[position] += patterns_.weight(pattern);
        logWeightLeft_[position] += logWeights_[static_cast<std::size_t>(pattern)];
        if (++remaining_[position] == 2) reopened.push_back(position);
        if (i < propagated_)
            for (int d = 0; d < 4; ++d) {
                const std::size_t at = countAt(position, d, patterns_.sideKey(d, pattern));
                if (narrow_) ++narrowCounts_[at];
                else ++wideCounts_[at];
            }
        if (!narrowed_[position]) {
            narrowed_[position] = 1;
            narrowedList_.push_back(position);
        }
    }
    const std::size_t undone = trail_.size() - mark;
    trail_.resize(mark);
    propagated_ = std::min(propagated_, mark);
    contradiction_.reset();
    newlyDecided_.clear();
    return undone;
}

void WfcWave::forgetBefore(std::size_t mark) {
    trail_.erase(trail_.begin(), trail_.begin() + static_cast<std::ptrdiff_t>(mark));
    propagated_ -= std::min(propagated_, mark);
}

void WfcWave::clearNarrowed() {
    for (std::size_t p : narrowedList_) narrowed_[p] = 0;
    narrowedList_.clear();
}

} // namespace burrow
