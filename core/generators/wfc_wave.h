#pragma once
// The wave of wave function collapse: which patterns each window position may still
// be, and every ban that narrowed it, in order, so a contradiction can be undone.
//
// Propagation is by side keys (WfcPatterns): two neighbours fit when the side of one
// facing the other has the key of the other's facing side. So a position keeps, for
// each side, how many of its patterns have each key; a ban takes one from four of
// those counts, and only a count reaching zero (the last pattern with that key on
// that side is gone) bans anything in the neighbour. Each pattern of each position is
// banned at most once an attempt, so an attempt costs the area times the patterns,
// never the area squared.
//
// Bans are propagated a position at a time, not a ban at a time: a narrowed position
// waits in a queue while its neighbours take more from it, then all its new bans are
// counted together, the keys they used up gathered without a branch on each count,
// and each neighbour loses what those keys held up in one masked step. Most positions
// are decided by propagation, a key lost beside them taking one or two patterns at a
// time; taken one by one, every ban paid for several mispredicted branches, which were
// most of the time. A ban's weight and its place in the trail are settled then too, so
// each ban is looked at once. With thousands of patterns (WfcPatterns::kMostMaskWords)
// a neighbour loses each used-up key's list of patterns instead of the union of their
// masks: those are hundreds of words each, and with each key a pattern of its own,
// their unions grew with the square of the patterns.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "generators/wfc_patterns.h"
#include "model/grid.h"

namespace burrow {

class WfcWave {
public:
    // The most bans the trail keeps (8 bytes each: 128 MiB). A propagation that would
    // pass it drops the trail, and no earlier observation can be undone: so the memory
    // estimate holds whatever the sample. An observation bans a few hundred patterns;
    // only a sample that fixes the whole level from one window (a periodic sample of
    // noise, say) bans this many at once.
    static constexpr std::size_t kMostBansKept = std::size_t{16} << 20;

    // The window positions of a level: positionsX x positionsY, their neighbours
    // wrapping around the edges when `periodic`. `patterns` outlives the wave.
    WfcWave(const WfcPatterns& patterns, int positionsX, int positionsY, bool periodic, std::size_t mostBansKept = kMostBansKept);

    std::size_t positionCount() const { return remaining_.size(); }
    Point cellOf(std::size_t position) const {
        return {static_cast<int>(position % static_cast<std::size_t>(positionsX_)), static_cast<int>(position / static_cast<std::size_t>(positionsX_))};
    }
    bool periodic() const { return periodic_; }
    int positionsX() const { return positionsX_; }
    int positionsY() const { return positionsY_; }

    // Every position may be every pattern, but those needing a neighbour no pattern
    // can be; propagated. False when even that contradicts.
    bool reset();

    std::uint32_t remaining(std::size_t position) const { return remaining_[position]; }
    // Shannon's entropy of the position's remaining patterns, weighted.
    double entropy(std::size_t position) const;
    // One of the remaining patterns drawn by weight, from `pick` in [0, weightLeft).
    int patternAtWeight(std::size_t position, std::uint64_t pick) const;
    std::uint64_t weightLeft(std::size_t position) const { return weightLeft_[position]; }
    // The lowest-numbered remaining pattern (the only one, once decided); -1 if none.
    int firstPattern(std::size_t position) const;

    // Takes `pattern` from the position's options; propagate() narrows the rest.
    void ban(std::size_t position, int pattern);
    // Bans every pattern but `pattern` at the position.
    void banAllBut(std::size_t position, int pattern);
    // Works through the bans not yet propagated. False on a contradiction.
    bool propagate();
    // Called every kBansBetweenPolls bans counted (a few milliseconds) while set: a
    // run's chance to stop (by throwing) inside one long propagation. A sample of
    // noise can settle a whole level from one observation, seconds of work in one step.
    static constexpr std::size_t kBansBetweenPolls = std::size_t{1} << 18;
    void setPoll(std::function<void()> poll) { poll_ = std::move(poll); }
    // The first position left with no pattern, since the last undo.
    const std::optional<Point>& contradiction() const { return contradiction_; }

    // Where the trail of bans is now: undoTo(mark()) returns here. Taken with no ban
    // waiting (after propagate()): undoTo gives back every ban still waiting, as
    // made after any mark, since the trail holds a ban only once it is counted.
    std::size_t mark() const { return trail_.size(); }
    // Takes back every ban after `mark`; a position decided before and open again is
    // added to `reopened`. Returns how many bans were undone.
    std::size_t undoTo(std::size_t mark, std::vector<std::size_t>& reopened);
    // Drops the bans before `mark`, which can then never be undone; every mark taken
    // since is `mark` less. Keeps the trail as long as the undoable bans, not the attempt.
    void forgetBefore(std::size_t mark);
    // Whether the trail was dropped (kMostBansKept) since this was last asked: every
    // mark taken before is void.
    bool trailDropped() { return std::exchange(trailDropped_, false); }

    // Positions narrowed since clearNarrowed() (each once), and those that came down
    // to one pattern since clearNewlyDecided(): for the caller's heap and canvas.
    const std::vector<std::size_t>& narrowed() const { return narrowedList_; }
    void clearNarrowed();
    const std::vector<std::size_t>& newlyDecided() const { return newlyDecided_; }
    void clearNewlyDecided() { newlyDecided_.clear(); }

private:
    std::size_t countAt(std::size_t position, int d, std::uint32_t key) const { return position * countStride_ + keyOffset_[d] + key; }
    template <typename Count>
    bool propagateWith(Count* counts);
    // Counts the position's waiting bans and bans, in each neighbour, what the keys
    // they used up held up there.
    template <typename Count>
    void propagateFrom(Count* counts, std::size_t position);
    template <typename Count>
    void resetCounts(std::vector<Count>& counts);
    std::uint64_t* bitsOf(std::size_t position) { return wave_.data() + position * static_cast<std::size_t>(words_); }
    const std::uint64_t* bitsOf(std::size_t position) const { return wave_.data() + position * static_cast<std::size_t>(words_); }
    std::uint64_t* waitingOf(std::size_t position) { return waiting_.data() + position * static_cast<std::size_t>(words_); }
    // Bans the patterns of `lost` (words_ words) still open at the position.
    void banSet(std::size_t position, const std::uint64_t* lost);
    void banList(std::size_t position, std::span<const std::uint32_t> lost);
    // In each neighbour, the lists of patterns the used-up counts held up there.
    void banListsHeldUp(std::size_t position, const std::uint32_t* used, std::size_t count);
    void noteBanned(std::size_t position, std::uint32_t banned);
    void banUnsupported();
    void markNarrowed(std::size_t position);

    const WfcPatterns& patterns_;
    int positionsX_, positionsY_;
    bool periodic_;
    int words_;
    std::vector<double> logWeights_; // w log w of each pattern
    std::uint64_t totalWeight_ = 0;
    double totalLogWeight_ = 0;

    std::vector<std::uint32_t> neighbours_; // 4 a position (right, down, left, up); kNone off an edge
    std::vector<std::uint64_t> wave_;       // words_ a position
    std::vector<std::uint32_t> remaining_;
    std::vector<std::uint64_t> weightLeft_;
    std::vector<double> logWeightLeft_;
    // For each position and side, how many remaining patterns have each key there,
    // the position's waiting bans not counted yet: a byte a count when no key is
    // shared by more than 255 patterns (the usual case: half the memory every ban
    // reads and writes), else two.
    std::vector<std::uint8_t> narrowCounts_;
    std::vector<std::uint16_t> wideCounts_, initialCounts_;
    bool narrow_ = true;
    std::size_t countStride_ = 0;
    std::size_t keyOffset_[4] = {0, 0, 0, 0};

    struct Ban {
        // Left unset when the trail grows (propagateFrom writes each before it is read):
        // zeroing it cost a pass over every ban.
        Ban() {}
        Ban(std::uint32_t at, std::uint32_t banned) : position(at), pattern(banned) {}
        std::uint32_t position, pattern;
    };
    std::vector<Ban> trail_;             // every undoable ban of the attempt, in order
    std::size_t mostBansKept_;
    bool trailDropped_ = false;
    std::vector<std::uint64_t> waiting_; // words_ a position: banned, not yet counted
    std::vector<std::uint32_t> queue_;   // the positions with waiting bans, first come first counted
    std::size_t queueHead_ = 0;
    std::vector<std::uint8_t> queued_;
    std::vector<std::array<std::uint32_t, 4>> countsOf_; // each pattern's four counts in a position's (countAt)
    std::vector<std::uint8_t> sideOfCount_;              // the side each count is of
    std::vector<std::uint32_t> usedUp_;                  // scratch: the counts a position's bans used up
    std::vector<std::uint64_t> lostHere_;                // scratch: 4 x words_, what each neighbour loses
    std::vector<std::uint8_t> narrowed_;
    std::vector<std::size_t> narrowedList_, newlyDecided_;
    std::optional<Point> contradiction_;
    std::function<void()> poll_;
    std::size_t bansSincePoll_ = 0;
};

} // namespace burrow
