#include "generators/wfc_wave.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "model/bit_count.h"

namespace burrow {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr int kOpposite[4] = {2, 3, 0, 1};

// Moves the patterns of `lost` still open at a position (its `bits`) to its waiting
// bans; how many it moved.
std::uint32_t takeAway(std::uint64_t* bits, std::uint64_t* waiting, std::span<const std::uint32_t> lost) {
    std::uint32_t taken = 0;
    for (const std::uint32_t p : lost) {
        const std::uint64_t now = bits[p / 64] & std::uint64_t{1} << (p % 64);
        bits[p / 64] &= ~now;
        waiting[p / 64] |= now;
        taken += now != 0 ? 1 : 0;
    }
    return taken;
}

} // namespace

WfcWave::WfcWave(const WfcPatterns& patterns, int positionsX, int positionsY, bool periodic, std::size_t mostBansKept)
    : patterns_(patterns), positionsX_(positionsX), positionsY_(positionsY), periodic_(periodic), words_(patterns.words()), mostBansKept_(mostBansKept) {
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
    countStride_ = patterns.sideCount();
    for (int d = 0; d < 4; ++d) keyOffset_[d] = patterns.sideIndex(d, 0);
    initialCounts_.assign(countStride_, 0);
    for (int d = 0; d < 4; ++d)
        for (int p = 0; p < count; ++p) ++initialCounts_[keyOffset_[d] + patterns.sideKey(d, p)];
    narrow_ = std::all_of(initialCounts_.begin(), initialCounts_.end(), [](std::uint16_t n) { return n <= 255; });
    remaining_.assign(positions, 0);
    narrowed_.assign(positions, 0);
    queued_.assign(positions, 0);
    // Each pattern's four places in a position's counts, and the side of each count: a
    // ban reads one table, not four.
    countsOf_.resize(static_cast<std::size_t>(count));
    for (int p = 0; p < count; ++p)
        for (int d = 0; d < 4; ++d) countsOf_[static_cast<std::size_t>(p)][static_cast<std::size_t>(d)] = static_cast<std::uint32_t>(keyOffset_[d] + patterns.sideKey(d, p));
    sideOfCount_.resize(countStride_);
    for (int d = 0; d < 4; ++d) std::fill_n(sideOfCount_.begin() + static_cast<std::ptrdiff_t>(keyOffset_[d]), patterns.keyCount(d), static_cast<std::uint8_t>(d));
    usedUp_.resize(4 * static_cast<std::size_t>(count));
    lostHere_.resize(4 * static_cast<std::size_t>(words_));
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
    waiting_.assign(positions * static_cast<std::size_t>(words_), 0);
    std::fill(queued_.begin(), queued_.end(), 0);
    queue_.clear();
    queueHead_ = 0;
    newlyDecided_.clear();
    contradiction_.reset();
    // The trail keeps the bans that can still be undone (forgetBefore drops the
    // rest); its capacity stays across attempts. Reserved for every ban it can hold
    // (the memory estimate counts it) rather than grown: each doubling copied the
    // trail and touched fresh pages (a fifth of a 256 x 256 level's time). Pages the
    // trail never reaches are never touched.
    trail_.clear();
    trailDropped_ = false;
    trail_.reserve(std::min(positions * static_cast<std::size_t>(count), mostBansKept_));
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
                if (neighbours_[position * 4 + static_cast<std::size_t>(d)] != kNone) banList(position, patterns_.heldUp(patterns_.sideIndex(kOpposite[d], key)));
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
    std::fill(lostHere_.begin(), lostHere_.end(), 0);
    lostHere_[static_cast<std::size_t>(pattern / 64)] = std::uint64_t{1} << (pattern % 64);
    banSet(position, lostHere_.data());
}

void WfcWave::banAllBut(std::size_t position, int pattern) {
    const std::uint64_t* bits = bitsOf(position);
    std::copy(bits, bits + words_, lostHere_.begin());
    lostHere_[static_cast<std::size_t>(pattern / 64)] &= ~(std::uint64_t{1} << (pattern % 64));
    banSet(position, lostHere_.data());
}

// The bans wait, uncounted, until propagate() reaches the position: by then its
// other neighbours may have taken more, and they are all counted at once. Only what
// the observation and a contradiction need now is kept up here: which patterns are
// left and how many. Their weights and the trail are settled as they are counted, so
// each ban is looked at once, not twice.
void WfcWave::banSet(std::size_t position, const std::uint64_t* lost) {
    std::uint64_t* bits = bitsOf(position);
    std::uint64_t* waiting = waitingOf(position);
    std::uint32_t banned = 0;
    for (int w = 0; w < words_; ++w) {
        const std::uint64_t now = bits[w] & lost[w];
        bits[w] &= ~now;
        waiting[w] |= now;
        banned += bitCount(now);
    }
    noteBanned(position, banned);
}

// The same for a list of patterns: its length, not the words of a set.
void WfcWave::banList(std::size_t position, std::span<const std::uint32_t> lost) {
    noteBanned(position, takeAway(bitsOf(position), waitingOf(position), lost));
}

// What the observation and a contradiction need at once: how many patterns are left.
void WfcWave::noteBanned(std::size_t position, std::uint32_t banned) {
    if (banned == 0) return;
    const std::uint32_t left = remaining_[position] - banned;
    remaining_[position] = left;
    if (left == 0 && !contradiction_) contradiction_ = cellOf(position);
    if (left == 1) newlyDecided_.push_back(position);
    markNarrowed(position);
    if (!queued_[position]) {
        queued_[position] = 1;
        queue_.push_back(static_cast<std::uint32_t>(position));
    }
}

bool WfcWave::propagate() { return narrow_ ? propagateWith(narrowCounts_.data()) : propagateWith(wideCounts_.data()); }

template <typename Count>
bool WfcWave::propagateWith(Count* counts) {
    while (queueHead_ < queue_.size() && !contradiction_) {
        if (poll_ && bansSincePoll_ >= kBansBetweenPolls) {
            bansSincePoll_ = 0;
            poll_();
        }
        const std::size_t position = queue_[queueHead_++];
        queued_[position] = 0;
        propagateFrom(counts, position);
    }
    if (queueHead_ == queue_.size()) {
        queue_.clear();
        queueHead_ = 0;
    }
    return !contradiction_;
}

namespace {

// Into `into` (4 x words words, by side), the union of the patterns each used-up count
// in `used` held up on its side (`heldUp`: words words a count); bit d of the result
// tells whether side d lost any. With the words known when compiled (a sample of up
// to 256 patterns, the usual) the unions stay in registers.
template <int Words>
unsigned unionBySide(const std::uint64_t* heldUp, const std::uint8_t* sideOf, const std::uint32_t* used, std::size_t count, std::uint64_t* into) {
    std::uint64_t sum[4][Words] = {};
    unsigned sides = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t at = used[i];
        const std::uint8_t side = sideOf[at];
        const std::uint64_t* held = heldUp + static_cast<std::size_t>(at) * Words;
        for (int w = 0; w < Words; ++w) sum[side][w] |= held[w];
        sides |= 1u << side;
    }
    std::copy(&sum[0][0], &sum[0][0] + 4 * Words, into);
    return sides;
}

unsigned unionBySide(const std::uint64_t* heldUp, const std::uint8_t* sideOf, int words, const std::uint32_t* used, std::size_t count, std::uint64_t* into) {
    switch (words) {
    case 1: return unionBySide<1>(heldUp, sideOf, used, count, into);
    case 2: return unionBySide<2>(heldUp, sideOf, used, count, into);
    case 3: return unionBySide<3>(heldUp, sideOf, used, count, into);
    case 4: return unionBySide<4>(heldUp, sideOf, used, count, into);
    default: break;
    }
    const auto stride = static_cast<std::size_t>(words);
    std::fill(into, into + 4 * stride, 0);
    unsigned sides = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t at = used[i];
        const std::uint8_t side = sideOf[at];
        const std::uint64_t* held = heldUp + static_cast<std::size_t>(at) * stride;
        for (std::size_t w = 0; w < stride; ++w) into[side * stride + w] |= held[w];
        sides |= 1u << side;
    }
    return sides;
}

} // namespace

// Each waiting ban takes its pattern from the counts of its four sides' keys. A count
// that reaches zero means no pattern left here has that key on that side: the
// neighbour that way loses every pattern that needed it. The keys used up are
// gathered without a branch on each count (whether one reaches zero is a coin toss).
template <typename Count>
void WfcWave::propagateFrom(Count* counts, std::size_t position) {
    std::uint64_t* waiting = waitingOf(position);
    std::size_t banned = 0;
    for (int w = 0; w < words_; ++w) banned += bitCount(waiting[w]);
    if (trail_.size() + banned > mostBansKept_) {
        trail_.clear();
        trailDropped_ = true;
    }
    const std::size_t trailSize = trail_.size();
    trail_.resize(trailSize + banned);
    bansSincePoll_ += banned + 1; // a position with nothing to count still costs a little
    // Locals, not members: every count written is a byte, which may alias anything.
    Ban* trail = trail_.data() + trailSize;
    const std::uint32_t* weights = patterns_.weights();
    const double* logWeights = logWeights_.data();
    const std::array<std::uint32_t, 4>* countsOf = countsOf_.data();
    Count* here = counts + position * countStride_;
    std::uint32_t* usedUp = usedUp_.data();
    std::size_t used = 0;
    // w log w taken pattern by pattern: the entropies of positions with the same
    // patterns left then differ by their rounding, and which of them is observed first
    // follows from how they were narrowed. Summed a batch first (rounded otherwise),
    // twice as many attempts at 256 x 256 met contradictions.
    std::uint64_t weight = 0;
    double logWeight = logWeightLeft_[position];
    const auto at = static_cast<std::uint32_t>(position);
    for (int w = 0; w < words_; ++w) {
        for (std::uint64_t left = waiting[w]; left != 0; left &= left - 1) {
            const int p = w * 64 + std::countr_zero(left);
            for (const std::uint32_t count : countsOf[p]) {
                usedUp[used] = count;
                used += --here[count] == 0 ? 1 : 0;
            }
            weight += weights[p];
            logWeight -= logWeights[p];
            *trail++ = {at, static_cast<std::uint32_t>(p)};
        }
        waiting[w] = 0;
    }
    weightLeft_[position] -= weight;
    logWeightLeft_[position] = logWeight;
    if (used == 0) return;
    const std::uint32_t* around = &neighbours_[position * 4];
    if (const std::uint64_t* masks = patterns_.heldUpMasks()) {
        const unsigned usedSides = unionBySide(masks, sideOfCount_.data(), words_, usedUp, used, lostHere_.data());
        for (int d = 0; d < 4; ++d)
            if ((usedSides >> d & 1) != 0 && around[d] != kNone) banSet(around[d], lostHere_.data() + static_cast<std::size_t>(d * words_));
        return;
    }
    banListsHeldUp(position, usedUp, used);
}

// Sets too long to join (thousands of patterns): each used-up key's own patterns
// instead, each pattern in one list a side, so a position's neighbours cost it its
// patterns in an attempt, not its keys times their words. One pass over the keys;
// the neighbours are noted in side order, as banSet() would.
void WfcWave::banListsHeldUp(std::size_t position, const std::uint32_t* used, std::size_t count) {
    const std::uint32_t* around = &neighbours_[position * 4];
    std::uint64_t* bits[4] = {};
    std::uint64_t* waiting[4] = {};
    std::uint32_t banned[4] = {0, 0, 0, 0};
    for (int d = 0; d < 4; ++d)
        if (around[d] != kNone) {
            bits[d] = bitsOf(around[d]);
            waiting[d] = waitingOf(around[d]);
        }
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint8_t d = sideOfCount_[used[i]];
        if (bits[d]) banned[d] += takeAway(bits[d], waiting[d], patterns_.heldUp(used[i]));
    }
    for (int d = 0; d < 4; ++d)
        if (bits[d]) noteBanned(around[d], banned[d]);
}

template <typename Count>
void WfcWave::resetCounts(std::vector<Count>& counts) {
    counts.resize(positionCount() * countStride_);
    for (std::size_t p = 0; p < positionCount(); ++p)
        std::transform(initialCounts_.begin(), initialCounts_.end(), counts.begin() + static_cast<std::ptrdiff_t>(p * countStride_),
                       [](std::uint16_t n) { return static_cast<Count>(n); });
}

std::size_t WfcWave::undoTo(std::size_t mark, std::vector<std::size_t>& reopened) {
    // The bans not counted yet came after the last observation (propagation runs to
    // the end but for a contradiction), so after any mark: they only give back their
    // patterns.
    std::size_t undone = 0;
    for (std::size_t i = queueHead_; i < queue_.size(); ++i) {
        const std::uint32_t position = queue_[i];
        queued_[position] = 0;
        std::uint64_t* bits = bitsOf(position);
        std::uint64_t* waiting = waitingOf(position);
        std::uint32_t back = 0;
        for (int w = 0; w < words_; ++w) {
            bits[w] |= waiting[w];
            back += bitCount(waiting[w]);
            waiting[w] = 0;
        }
        const std::uint32_t before = remaining_[position];
        remaining_[position] = before + back;
        if (before <= 1 && before + back >= 2) reopened.push_back(position);
        undone += back;
        markNarrowed(position);
    }
    queue_.clear();
    queueHead_ = 0;
    for (std::size_t i = trail_.size(); i-- > mark;) {
        const std::size_t position = trail_[i].position;
        const int pattern = static_cast<int>(trail_[i].pattern);
        bitsOf(position)[pattern / 64] |= std::uint64_t{1} << (pattern % 64);
        weightLeft_[position] += patterns_.weight(pattern);
        logWeightLeft_[position] += logWeights_[static_cast<std::size_t>(pattern)];
        if (++remaining_[position] == 2) reopened.push_back(position);
        for (int d = 0; d < 4; ++d) {
            const std::size_t at = countAt(position, d, patterns_.sideKey(d, pattern));
            if (narrow_) ++narrowCounts_[at];
            else ++wideCounts_[at];
        }
        markNarrowed(position);
    }
    undone += trail_.size() - mark;
    trail_.resize(mark);
    contradiction_.reset();
    newlyDecided_.clear();
    return undone;
}

void WfcWave::forgetBefore(std::size_t mark) {
    trail_.erase(trail_.begin(), trail_.begin() + static_cast<std::ptrdiff_t>(mark));
}

void WfcWave::markNarrowed(std::size_t position) {
    if (narrowed_[position]) return;
    narrowed_[position] = 1;
    narrowedList_.push_back(position);
}

void WfcWave::clearNarrowed() {
    for (std::size_t p : narrowedList_) narrowed_[p] = 0;
    narrowedList_.clear();
}

} // namespace burrow
