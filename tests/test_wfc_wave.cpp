// The engine of wave function collapse, unit by unit: the heap of undecided
// positions, and the wave's undo trail (taking observations back, and dropping the
// trail when a propagation would overrun it). The stage's finished levels are
// test_palette's.
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "generators/wfc_candidates.h"
#include "generators/wfc_patterns.h"
#include "generators/wfc_wave.h"
#include "random/rng.h"
#include "test_main.h"
#include "wfc_samples.h"

using namespace burrow;

// A namespace of its own, not an anonymous one: test files are compiled in unity
// batches, where anonymous namespaces are one.
namespace wfc_wave_test {

// Noise of three tiles, `side` cells square: nearly every window a pattern of its own
// (16 x 16: well over a thousand, held up by lists rather than sets).
Prefab noiseSample(int side) {
    Prefab noise;
    noise.id = "noise";
    noise.width = noise.height = side;
    Rng draw(3);
    constexpr Tile kTiles[] = {Tile::Wall, Tile::Floor, Tile::Water};
    for (int i = 0; i < noise.width * noise.height; ++i) noise.cells.push_back({kTiles[draw.below(3)]});
    return noise;
}

class TestWfcWave : public QObject {
    Q_OBJECT
private slots:
    // The heap of undecided positions: after any mix of new priorities, moves and
    // removals (as propagation and backtracking make them), its top is the least
    // (priority, draw) of the positions in it, each in it once.
    void theCandidatesKeepTheLeastPriorityOnTop() {
        struct Key {
            double priority;
            std::uint32_t tieBreak;
        };
        constexpr std::uint32_t kPositions = 300;
        std::vector<std::optional<Key>> held(kPositions);
        WfcCandidates candidates;
        candidates.reset(kPositions);
        Rng rng(77);
        for (int op = 0; op < 20000; ++op) {
            const std::uint32_t position = rng.below(kPositions);
            if (rng.below(4) == 0) {
                candidates.remove(position);
                held[position].reset();
            } else {
                // Few distinct priorities, so ties fall to the draw.
                const Key key{static_cast<double>(rng.below(8)) / 4.0, rng.next32()};
                candidates.set(position, key.priority, key.tieBreak);
                held[position] = key;
            }
            std::optional<std::uint32_t> least;
            for (std::uint32_t p = 0; p < kPositions; ++p) {
                if (!held[p]) continue;
                const Key& a = *held[p];
                if (!least || a.priority < held[*least]->priority || (a.priority == held[*least]->priority && a.tieBreak < held[*least]->tieBreak)) least = p;
            }
            QCOMPARE(candidates.empty(), !least.has_value());
            if (least) QCOMPARE(candidates.top(), *least);
        }
        // Emptied by taking the top each time: every held position comes out once, in order.
        std::size_t count = 0;
        for (const auto& h : held) count += h.has_value();
        double lastPriority = -1;
        for (; !candidates.empty(); --count) {
            const std::uint32_t top = candidates.top();
            QVERIFY(held[top].has_value());
            QVERIFY(held[top]->priority >= lastPriority);
            lastPriority = held[top]->priority;
            held[top].reset();
            candidates.remove(top);
        }
        QCOMPARE(count, std::size_t{0});
    }
    // Backtracking's undo: observations made, propagated, some contradicting, many
    // taken back in any order, leave the wave exactly as a fresh one given only the
    // observations kept. A ban counted and not restored, or a waiting ban undone and
    // then counted anyway, makes later propagation differ. Each step observes a
    // position and, before propagating, often the one beside it: two choices made
    // blind to each other contradict often enough to undo half-propagated bans. Both
    // ways a neighbour loses patterns: by sets (the ruins) and by lists (noise).
    void undoingObservationsLeavesTheWaveOfThoseKept_data() {
        QTest::addColumn<bool>("noise");
        QTest::newRow("sets") << false;
        QTest::newRow("lists") << true;
    }
    void undoingObservationsLeavesTheWaveOfThoseKept() {
        QFETCH(bool, noise);
        const Prefab sample = noise ? noiseSample(16) : testing::ruinsPrefab();
        const WfcPatterns patterns(sample, WfcSettings{3, 8, false});
        QCOMPARE(patterns.heldUpMasks() == nullptr, noise);
        // Noise fits few ways: there the first choice of a step is the sample's own
        // window (2, 2) from the position, which never contradicts, and only the choice
        // beside it is blind; the wave is as large as the sample holds such windows.
        const int wide = noise ? 10 : 22, high = noise ? 8 : 18;
        WfcWave undone(patterns, wide, high, false), replayed(patterns, wide, high, false);
        QVERIFY(undone.reset());
        Rng rng(5);
        using Observations = std::vector<std::pair<std::size_t, int>>;
        std::vector<Observations> kept;
        std::vector<std::size_t> marks, reopened;
        int contradictions = 0, undos = 0;
        const auto observe = [&](std::size_t position, Observations& made, bool blind) {
            if (undone.remaining(position) < 2) return;
            const Point at = undone.cellOf(position);
            const int pattern = noise && !blind ? windowPattern(patterns, sample, 2 + at.x, 2 + at.y)
                                                : undone.patternAtWeight(position, rng.below(static_cast<std::uint32_t>(undone.weightLeft(position))));
            undone.banAllBut(position, pattern);
            made.emplace_back(position, pattern);
        };
        for (int op = 0; op < 400; ++op) {
            if (!marks.empty() && rng.below(3) == 0) {
                undone.undoTo(marks.back(), reopened);
                marks.pop_back();
                kept.pop_back();
                ++undos;
                continue;
            }
            std::optional<std::size_t> open;
            const std::size_t start = rng.below(static_cast<std::uint32_t>(undone.positionCount()));
            for (std::size_t i = 0; i < undone.positionCount() && !open; ++i)
                if (undone.remaining((start + i) % undone.positionCount()) > 1) open = (start + i) % undone.positionCount();
            if (!open) continue; // all decided: only an undo goes on
            const std::size_t mark = undone.mark();
            Observations made;
            observe(*open, made, false);
            if (rng.below(2) == 0) observe((*open + 1) % undone.positionCount(), made, true);
            if (!undone.propagate()) {
                undone.undoTo(mark, reopened);
                ++contradictions;
                continue;
            }
            marks.push_back(mark);
            kept.push_back(made);
        }
        QVERIFY2(contradictions > 5 && undos > 20, qPrintable(QString("%1 contradictions, %2 undos").arg(contradictions).arg(undos)));
        QVERIFY(replayed.reset());
        for (const Observations& made : kept) {
            for (const auto& [position, pattern] : made) replayed.banAllBut(position, pattern);
            QVERIFY(replayed.propagate());
        }
        for (std::size_t q = 0; q < undone.positionCount(); ++q) {
            QCOMPARE(undone.remaining(q), replayed.remaining(q));
            QCOMPARE(undone.weightLeft(q), replayed.weightLeft(q));
            QCOMPARE(undone.firstPattern(q), replayed.firstPattern(q));
        }
    }
    // A trail too small for a propagation is dropped, never overrun: the wave narrows
    // exactly as one with room to spare, and says its marks are void.
    void aDroppedTrailLeavesTheSameWave() {
        const WfcPatterns patterns(testing::ruinsPrefab(), WfcSettings{3, 8, false});
        constexpr std::size_t kKept = 600;
        WfcWave small(patterns, 22, 18, false, kKept), roomy(patterns, 22, 18, false);
        QVERIFY(small.reset() && roomy.reset());
        Rng rng(9);
        int drops = 0;
        for (int observed = 0; observed < 40; ++observed) {
            std::vector<std::size_t> open;
            for (std::size_t q = 0; q < roomy.positionCount(); ++q)
                if (roomy.remaining(q) > 1) open.push_back(q);
            if (open.empty()) break;
            const std::size_t position = open[rng.below(static_cast<std::uint32_t>(open.size()))];
            const int pattern = roomy.patternAtWeight(position, rng.below(static_cast<std::uint32_t>(roomy.weightLeft(position))));
            small.banAllBut(position, pattern);
            roomy.banAllBut(position, pattern);
            const bool consistent = roomy.propagate();
            QCOMPARE(small.propagate(), consistent);
            QVERIFY(small.mark() <= kKept);
            drops += small.trailDropped() ? 1 : 0;
            QVERIFY(!roomy.trailDropped());
            if (!consistent) break;
        }
        QVERIFY(drops > 3);
        for (std::size_t q = 0; q < roomy.positionCount(); ++q) {
            QCOMPARE(small.remaining(q), roomy.remaining(q));
            QCOMPARE(small.weightLeft(q), roomy.weightLeft(q));
            QCOMPARE(small.firstPattern(q), roomy.firstPattern(q));
        }
    }
    // With over a thousand patterns a neighbour loses each used-up key's list of
    // patterns, not the union of their sets. Either way the wave must be the one arc
    // consistency gives, worked out here the slow way from the patterns' tiles: a
    // pattern stays while each neighbour still has one that agrees with it where they
    // overlap. The sample is noise of three tiles, so nearly every window is a pattern
    // of its own.
    void aWaveOfManyPatternsIsArcConsistent() {
        const Prefab noise = noiseSample(16);
        const WfcPatterns patterns(noise, WfcSettings{3, 8, false});
        QVERIFY2(patterns.words() > WfcPatterns::kMostMaskWords && !patterns.heldUpMasks(), qPrintable(QString::number(patterns.count())));
        constexpr int kWide = 5, kHigh = 4;
        WfcWave wave(patterns, kWide, kHigh, false);
        const ArcConsistency reference(patterns, kWide, kHigh);
        QVERIFY(wave.reset());
        std::vector<std::pair<std::size_t, int>> observed;
        checkWave(wave, patterns, reference.closure(observed));
        // Each observation is the sample's own window at (3, 3) from the position, so
        // every one keeps the wave consistent (the sample is a solution); noise fits
        // few ways, so the first may settle most of the wave.
        Rng rng(8);
        for (int step = 0; step < 6; ++step) {
            std::size_t position = rng.below(static_cast<std::uint32_t>(wave.positionCount()));
            for (std::size_t tried = 0; tried < wave.positionCount() && wave.remaining(position) < 2; ++tried) position = (position + 1) % wave.positionCount();
            if (wave.remaining(position) < 2) break;
            const Point at = wave.cellOf(position);
            const int pattern = windowPattern(patterns, noise, 3 + at.x, 3 + at.y);
            QVERIFY(pattern >= 0);
            wave.banAllBut(position, pattern);
            observed.emplace_back(position, pattern);
            QVERIFY(wave.propagate());
            checkWave(wave, patterns, reference.closure(observed));
        }
        QVERIFY(!observed.empty());
    }

private:
    // Arc consistency the slow way, from the patterns' tiles alone: a pattern stays
    // while each neighbour has one whose tiles match its own where they overlap.
    class ArcConsistency {
    public:
        ArcConsistency(const WfcPatterns& patterns, int wide, int high) : count_(static_cast<std::size_t>(patterns.count())), wide_(wide), high_(high) {
            for (int d = 0; d < 4; ++d)
                for (int p = 0; p < patterns.count(); ++p) {
                    toward_[d].push_back(overlap(patterns, p, d, false));
                    from_[d].push_back(overlap(patterns, p, d, true));
                }
        }

        // Which patterns each position keeps once `observed` are fixed, every other
        // position at first any pattern.
        std::vector<std::vector<bool>> closure(const std::vector<std::pair<std::size_t, int>>& observed) const {
            std::vector<std::vector<bool>> left(static_cast<std::size_t>(wide_ * high_), std::vector<bool>(count_, true));
            for (const auto& [position, pattern] : observed)
                for (std::size_t p = 0; p < count_; ++p) left[position][p] = left[position][p] && p == static_cast<std::size_t>(pattern);
            for (bool changed = true; changed;) {
                changed = false;
                for (int y = 0; y < high_; ++y)
                    for (int x = 0; x < wide_; ++x)
                        for (int d = 0; d < 4; ++d) {
                            const int nx = x + kDx[d], ny = y + kDy[d];
                            if (nx < 0 || ny < 0 || nx >= wide_ || ny >= high_) continue;
                            // What the neighbour's patterns show of themselves toward this position.
                            std::set<std::string> there;
                            const std::vector<bool>& near = left[static_cast<std::size_t>(ny * wide_ + nx)];
                            for (std::size_t b = 0; b < count_; ++b)
                                if (near[b]) there.insert(from_[d][b]);
                            std::vector<bool>& here = left[static_cast<std::size_t>(y * wide_ + x)];
                            for (std::size_t a = 0; a < count_; ++a)
                                if (here[a] && there.count(toward_[d][a]) == 0) {
                                    here[a] = false;
                                    changed = true;
                                }
                        }
            }
            return left;
        }

    private:
        static constexpr int kDx[4] = {1, 0, -1, 0}, kDy[4] = {0, 1, 0, -1};

        // The tiles two patterns a step d apart share: of the first (`second` false),
        // its part toward d; of the second, its part back toward the first.
        static std::string overlap(const WfcPatterns& patterns, int p, int d, bool second) {
            const int n = patterns.size();
            std::string tiles;
            for (int y = 0; y < n; ++y)
                for (int x = 0; x < n; ++x) {
                    const int sx = second ? x + kDx[d] : x, sy = second ? y + kDy[d] : y;
                    const int fx = second ? x : x - kDx[d], fy = second ? y : y - kDy[d];
                    if (sx < 0 || sy < 0 || sx >= n || sy >= n || fx < 0 || fy < 0 || fx >= n || fy >= n) continue;
                    tiles += static_cast<char>(patterns.tile(p, x, y));
                }
            return tiles;
        }

        std::size_t count_;
        int wide_, high_;
        std::vector<std::string> toward_[4], from_[4];
    };

    // The pattern that is the sample's window with its top-left corner at (x, y).
    static int windowPattern(const WfcPatterns& patterns, const Prefab& sample, int x, int y) {
        for (int p = 0; p < patterns.count(); ++p) {
            bool same = true;
            for (int dy = 0; dy < patterns.size() && same; ++dy)
                for (int dx = 0; dx < patterns.size() && same; ++dx)
                    same = patterns.tile(p, dx, dy) == sample.cells[static_cast<std::size_t>((y + dy) * sample.width + x + dx)].tile;
            if (same) return p;
        }
        return -1;
    }

    static void checkWave(const WfcWave& wave, const WfcPatterns& patterns, const std::vector<std::vector<bool>>& expected) {
        for (std::size_t q = 0; q < wave.positionCount(); ++q) {
            std::uint32_t remaining = 0;
            std::uint64_t weight = 0;
            int first = -1;
            for (std::size_t p = 0; p < expected[q].size(); ++p) {
                if (!expected[q][p]) continue;
                ++remaining;
                weight += patterns.weight(static_cast<int>(p));
                if (first < 0) first = static_cast<int>(p);
            }
            QCOMPARE(wave.remaining(q), remaining);
            QCOMPARE(wave.weightLeft(q), weight);
            QCOMPARE(wave.firstPattern(q), first);
        }
    }
};

} // namespace wfc_wave_test

BURROW_TEST_GUILESS_MAIN(wfc_wave_test::TestWfcWave)

#include "test_wfc_wave.moc"
