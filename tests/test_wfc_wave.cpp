// The engine of wave function collapse, unit by unit: the heap of undecided
// positions, and the wave's undo trail (taking observations back, and dropping the
// trail when a propagation would overrun it). The stage's finished levels are
// test_palette's.
#include <QTest>

#include <cstdint>
#include <optional>
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
    // blind to each other contradict often enough to undo half-propagated bans.
    void undoingObservationsLeavesTheWaveOfThoseKept() {
        const WfcPatterns patterns(testing::ruinsPrefab(), WfcSettings{3, 8, false});
        WfcWave undone(patterns, 22, 18, false), replayed(patterns, 22, 18, false);
        QVERIFY(undone.reset());
        Rng rng(5);
        using Observations = std::vector<std::pair<std::size_t, int>>;
        std::vector<Observations> kept;
        std::vector<std::size_t> marks, reopened;
        int contradictions = 0, undos = 0;
        const auto observe = [&](std::size_t position, Observations& made) {
            if (undone.remaining(position) < 2) return;
            const int pattern = undone.patternAtWeight(position, rng.below(static_cast<std::uint32_t>(undone.weightLeft(position))));
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
            if (!open) break;
            const std::size_t mark = undone.mark();
            Observations made;
            observe(*open, made);
            if (rng.below(2) == 0) observe((*open + 1) % undone.positionCount(), made);
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
};

} // namespace wfc_wave_test

BURROW_TEST_GUILESS_MAIN(wfc_wave_test::TestWfcWave)

#include "test_wfc_wave.moc"
