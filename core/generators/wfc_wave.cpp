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
    queued_.assign(positions, 0);
    for (auto& keys : usedUp_) keys.resize(static_cast<std::size_t>(count));
    lostHere_.resize(static_cast<std::size_t>(words_));
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
                if (neighbours_[position * 4 + static_cast<std::size_t>(d)] != kNone) banSet(position, patterns_.neighboursOfKey(kOpposite[d], key));
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
// other neighbours may have taken more, and they are all counted at once.
void WfcWave::banSet(std::size_t position, const std::uint64_t* lost) {
    std::uint64_t* bits = bitsOf(position);
    std::uint64_t* waiting = waitingOf(position);
    std::uint64_t weight = 0;
    // w log w taken pattern by pattern, as one ban at a time did: the entropies of
    // positions with the same patterns left then differ by their rounding, and which
    // of them is observed first follows from how they were narrowed. Summed a batch
    // first (rounded otherwise), twice as many attempts at 256 x 256 met contradictions.
    double logWeight = logWeightLeft_[position];
    std::uint32_t banned = 0;
    // A call bans at most 64 patterns a word: checked once a call, not once a ban.
    if (trail_.size() + static_cast<std::size_t>(words_) * 64 > mostBansKept_) {
        trail_.clear();
        trailDropped_ = true;
    }
    for (int w = 0; w < words_; ++w) {
        const std::uint64_t now = bits[w] & lost[w];
        if (now == 0) continue;
        bits[w] &= ~now;
        waiting[w] |= now;
        for (std::uint64_t left = now; left != 0; left &= left - 1) {
            const int p = w * 64 + std::countr_zero(left);
            ++banned;
            weight += patterns_.weight(p);
            logWeight -= logWeights_[static_cast<std::size_t>(p)];
            trail_.push_back({static_cast<std::uint32_t>(position), static_cast<std::uint32_t>(p)});
        }
    }
    if (banned == 0) return;
    weightLeft_[position] -= weight;
    logWeightLeft_[position] = logWeight;
    const std::uint32_t left = remaining_[position] - banned;
    remaining_[position] = left;
    if (left == 0 && !contradiction_) contradiction_ = cellOf(position);
    if (left == 1) newlyDecided_.push_back(position);
    if (!narrowed_[position]) {
        narrowed_[position] = 1;
        narrowedList_.push_back(position);
    }
    if (!queued_[position]) {
        queued_[position] = 1;
        queue_.push_back(static_cast<std::uint32_t>(position));
    }
}

bool WfcWave::propagate() { return narrow_ ? propagateWith(narrowCounts_.data()) : propagateWith(wideCounts_.data()); }

template <typename Count>
bool WfcWave::propagateWith(Count* counts) {
    while (queueHead_ < queue_.size() && !contradiction_) {
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

// Into `into` (words words), the union of the patterns each key in `keys` holds up
// (`masks`: words words a key). With the words known when compiled (a sample of up
// to 256 patterns, the usual) the union stays in registers.
template <int Words>
void unionOfKeys(const std::uint64_t* masks, const std::uint32_t* keys, std::size_t count, std::uint64_t* into) {
    std::uint64_t sum[Words] = {};
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t* held = masks + static_cast<std::size_t>(keys[i]) * Words;
        for (int w = 0; w < Words; ++w) sum[w] |= held[w];
    }
    std::copy(sum, sum + Words, into);
}

void unionOfKeys(const std::uint64_t* masks, int words, const std::uint32_t* keys, std::size_t count, std::uint64_t* into) {
    switch (words) {
    case 1: return unionOfKeys<1>(masks, keys, count, into);
    case 2: return unionOfKeys<2>(masks, keys, count, into);
    case 3: return unionOfKeys<3>(masks, keys, count, into);
    case 4: return unionOfKeys<4>(masks, keys, count, into);
    default: break;
    }
    std::fill(into, into + words, 0);
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t* held = masks + static_cast<std::size_t>(keys[i]) * static_cast<std::size_t>(words);
        for (int w = 0; w < words; ++w) into[w] |= held[w];
    }
}

} // namespace

// Each waiting ban takes its pattern from the counts of its four sides' keys. A count
// that reaches zero means no pattern left here has that key on that side: the
// neighbour that way loses every pattern that needed it. The keys used up are
// gathered without a branch on each count (whether one reaches zero is a coin toss).
template <typename Count>
void WfcWave::propagateFrom(Count* counts, std::size_t position) {
    std::uint64_t* waiting = waitingOf(position);
    // Locals, not members: every count written is a byte, which may alias anything.
    Count* sides[4];
    const std::uint32_t* keysOf[4];
    std::uint32_t* usedUp[4];
    std::size_t usedUpCount[4] = {0, 0, 0, 0};
    for (int d = 0; d < 4; ++d) {
        sides[d] = counts + countAt(position, d, 0);
        keysOf[d] = patterns_.sideKeys(d);
        usedUp[d] = usedUp_[d].data();
    }
    for (int w = 0; w < words_; ++w) {
        for (std::uint64_t left = waiting[w]; left != 0; left &= left - 1) {
            const int p = w * 64 + std::countr_zero(left);
            for (int d = 0; d < 4; ++d) {
                const std::uint32_t key = keysOf[d][p];
                usedUp[d][usedUpCount[d]] = key;
                usedUpCount[d] += --sides[d][key] == 0 ? 1 : 0;
            }
        }
        waiting[w] = 0;
    }
    const std::uint32_t* around = &neighbours_[position * 4];
    for (int d = 0; d < 4; ++d) {
        if (usedUpCount[d] == 0 || around[d] == kNone) continue;
        unionOfKeys(patterns_.neighboursOfKey(d, 0), words_, usedUp[d], usedUpCount[d], lostHere_.data());
        banSet(around[d], lostHere_.data());
    }
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
        const std::uint64_t bit = std::uint64_t{1} << (pattern % 64);
        bitsOf(position)[pattern / 64] |= bit;
        weightLeft_[position] += patterns_.weight(pattern);
        logWeightLeft_[position] += logWeights_[static_cast<std::size_t>(pattern)];
        if (++remaining_[position] == 2) reopened.push_back(position);
        std::uint64_t& waiting = waitingOf(position)[pattern / 64];
        if (waiting & bit) waiting &= ~bit; // never counted
        else
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
    // Positions whose waiting bans were all undone leave the queue.
    std::size_t kept = 0;
    for (std::size_t i = queueHead_; i < queue_.size(); ++i) {
        const std::uint32_t position = queue_[i];
        const std::uint64_t* waiting = waitingOf(position);
        if (std::any_of(waiting, waiting + words_, [](std::uint64_t w) { return w != 0; })) queue_[kept++] = position;
        else queued_[position] = 0;
    }
    queue_.resize(kept);
    queueHead_ = 0;
    contradiction_.reset();
    newlyDecided_.clear();
    return undone;
}

void WfcWave::forgetBefore(std::size_t mark) {
    trail_.erase(trail_.begin(), trail_.begin() + static_cast<std::ptrdiff_t>(mark));
}

void WfcWave::clearNarrowed() {
    for (std::size_t p : narrowedList_) narrowed_[p] = 0;
    narrowedList_.clear();
}

} // namespace burrow
