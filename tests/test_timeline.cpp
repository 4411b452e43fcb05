// The timeline within a memory budget: whatever it dropped, scrubbing anywhere and
// stepping back land on exactly the level an unbudgeted timeline shows there, and
// what it keeps beyond the budget is only the stage runs it must spare.
#include <QTest>

#include "test_main.h"
#include "generation/generation.h"
#include "generation/packed_depth.h"
#include "generation/step_log.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "random/rng.h"

using namespace burrow;

namespace {
Project example(const QString& name) {
    return loadProject(std::string(BURROW_EXAMPLES) + "/" + name.toStdString() + ".burrow.json", builtinStages());
}

GenerationOptions recording(std::size_t budget) {
    GenerationOptions options;
    options.recordTimeline = true;
    options.timelineBudget = budget;
    return options;
}

// The bytes of the changes a timeline lists, step by step (rewrites of a depth
// take less, and are not counted).
std::size_t keptChangeBytes(const Timeline& t) {
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < t.stepCount(); ++i) bytes += t.changes(i).size() * sizeof(CellChange);
    return bytes;
}

// Two stage runs by hand: run 0 digs depth 0, run 1 digs depth 1, a cell a step.
struct HandMade {
    Level level{LevelSize{4, 3, 2}};
    Timeline timeline{0}; // keeps nothing it may drop
    static constexpr int kSteps = 5;
    static void dig(std::uint32_t run, int i, Level& level, std::vector<CellChange>& changes) {
        const int z = static_cast<int>(run);
        const int x = i % 4;
        const int y = i / 4;
        changes.push_back({static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(y), static_cast<std::uint8_t>(z), level.at(x, y, z), Tile::Floor, 0});
        level.set(x, y, z, Tile::Floor);
    }
    HandMade() {
        for (std::uint32_t run = 0; run < 2; ++run)
            for (int i = 0; i < kSteps; ++i) {
                dig(run, i, level, timeline.recordingBuffer(run, level));
                timeline.commitStep("dig", {}, level);
            }
    }
};
} // namespace

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void packedDepthsUnpackToWhatWasPacked() {
        Rng rng(7);
        for (const auto& [w, h] : {std::pair{1, 1}, {3, 2}, {200, 150}, {1000, 3}}) {
            TileGrid tiles(w, h, Tile::Wall);
            const TileGrid rock = tiles;
            // Runs of every length, from one cell to more than a varint byte holds.
            for (std::size_t i = 0; i < tiles.size();) {
                const std::size_t length = 1 + rng.below(rng.chance(0.1) ? 5000u : 6u);
                const auto tile = static_cast<Tile>(rng.below(4));
                for (std::size_t j = i; j < std::min(tiles.size(), i + length); ++j) tiles.data()[j] = tile;
                i += length;
            }
            TileGrid out(w, h, Tile::Floor);
            PackedDepth(tiles).unpackInto(out);
            QVERIFY(out == tiles);
            PackedDepth(rock).unpackInto(out);
            QVERIFY(out == rock);
            QVERIFY(PackedDepth(rock).memoryBytes() < sizeof(PackedDepth) + 16); // one run
        }
        // Cave noise (rock and floor a cell or two at a time) with a few stairs: a bit
        // a cell and the stairs, not runs.
        for (const auto& [w, h] : {std::pair{3, 3}, {13, 7}, {200, 150}, {1000, 3}}) {
            TileGrid noise(w, h);
            std::size_t others = 0;
            for (std::size_t i = 0; i < noise.size(); ++i) {
                const bool rare = rng.chance(0.01);
                others += rare;
                noise.data()[i] = rare ? (rng.chance(0.5) ? Tile::StairsDown : Tile::Exit) : rng.chance(0.5) ? Tile::Floor : Tile::Wall;
            }
            TileGrid out(w, h, Tile::Water);
            const PackedDepth packed(noise);
            packed.unpackInto(out);
            QVERIFY(out == noise);
            if (noise.size() >= 1000)
                QVERIFY2(packed.memoryBytes() <= sizeof(PackedDepth) + 2 + (noise.size() + 7) / 8 + 5 * others,
                         qPrintable(QString("%1 bytes for %2 cells").arg(packed.memoryBytes()).arg(noise.size())));
        }
        TileGrid other(5, 5);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, PackedDepth(TileGrid(4, 4)).unpackInto(other));
    }

    // A depth that changed in a few cells since its last keyframe is kept as that
    // keyframe and the cells; unpacked onto any keyframe before it in the chain, only
    // the cells since are written, and the tiles equal unpacking it whole.
    void patchedKeyframesUnpackToWhatWasPacked() {
        Rng rng(5);
        TileGrid tiles(301, 97);
        for (std::size_t i = 0; i < tiles.size(); ++i) tiles.data()[i] = rng.chance(0.5) ? Tile::Floor : Tile::Wall;
        std::vector<std::shared_ptr<const PackedDepth>> chain{std::make_shared<const PackedDepth>(tiles)};
        std::vector<TileGrid> states{tiles};
        for (int k = 0; k < 12; ++k) {
            std::vector<std::uint32_t> changed;
            for (int c = 0; c < 40; ++c) changed.push_back(rng.below(static_cast<std::uint32_t>(tiles.size())));
            std::sort(changed.begin(), changed.end());
            changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
            for (const std::uint32_t i : changed) tiles.data()[i] = static_cast<Tile>(rng.below(5));
            chain.push_back(PackedDepth::after(chain.back(), tiles, changed));
            states.push_back(tiles);
        }
        // Patches are five bytes a cell; every eighth keyframe is whole again.
        QVERIFY2(chain[1]->memoryBytes() <= sizeof(PackedDepth) + 40 * 5, qPrintable(QString::number(chain[1]->memoryBytes())));
        QVERIFY(chain[9]->memoryBytes() > chain[0]->memoryBytes() / 2);
        for (std::size_t to = 0; to < chain.size(); ++to) {
            TileGrid out(301, 97, Tile::Water);
            chain[to]->unpackInto(out);
            QVERIFY2(out == states[to], qPrintable(QString("keyframe %1").arg(to)));
            for (std::size_t from = 0; from < chain.size(); ++from) {
                TileGrid onto = states[from];
                chain[to]->unpackInto(onto, chain[from].get());
                QVERIFY2(onto == states[to], qPrintable(QString("keyframe %1 onto %2").arg(to).arg(from)));
            }
        }
        // Rewriting most cells packs the depth whole.
        std::vector<std::uint32_t> all(tiles.size());
        for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
        for (std::size_t i = 0; i < tiles.size(); ++i) tiles.data()[i] = rng.chance(0.5) ? Tile::Floor : Tile::Wall;
        const auto whole = PackedDepth::after(chain.back(), tiles, all);
        QVERIFY(whole->memoryBytes() < tiles.size() / 4);
        TileGrid out(301, 97);
        whole->unpackInto(out, chain.back().get());
        QVERIFY(out == tiles);
    }

    // A timeline that may keep nothing still goes anywhere, regenerating what it
    // dropped; a regeneration that does not repeat the steps is refused loudly.
    void droppedStepsAreRegeneratedExactly() {
        HandMade made;
        Timeline& t = made.timeline;
        QCOMPARE(t.segmentCount(), std::size_t(2));
        QCOMPARE(t.keptSegmentCount(), std::size_t(1)); // run 1, the one being recorded
        QVERIFY(!t.changesKept(0));
        QVERIFY(t.changes(0).empty());
        QVERIFY(t.description(0).empty());
        QCOMPARE(t.runOf(0), 0u);
        const Level end = made.level;
        int regenerated = 0;
        const Timeline::Regenerate again = [&](std::uint32_t run, std::size_t steps, Level& level, StepLog& log) {
            ++regenerated;
            for (std::size_t i = 0; i < steps; ++i) {
                HandMade::dig(run, static_cast<int>(i), level, log.changes);
                log.endStep({}, "dig");
            }
        };
        QVERIFY_THROWS_EXCEPTION(std::logic_error, t.moveTo(made.level, 3));
        t.moveTo(made.level, 3, again);
        QCOMPARE(regenerated, 1);
        for (int i = 0; i < 4 * 3; ++i) QCOMPARE(made.level.at(i % 4, i / 4, 0), i < 3 ? Tile::Floor : Tile::Wall);
        for (int i = 0; i < 4 * 3; ++i) QCOMPARE(made.level.at(i % 4, i / 4, 1), Tile::Wall);
        QVERIFY(t.changesKept(0));
        QCOMPARE(t.changes(2).size(), std::size_t(1));
        QCOMPARE(t.description(2), std::string("dig"));
        t.moveTo(made.level, t.stepCount(), again);
        QVERIFY(made.level == end);

        // As many changes in all, but not a cell a step; then the same cells, said otherwise.
        const Timeline::Regenerate wrongSteps = [](std::uint32_t, std::size_t steps, Level&, StepLog& log) {
            for (std::size_t i = 0; i < steps; ++i) {
                for (std::size_t c = 0; c < (i == 0 ? 2u : i == 1 ? 0u : 1u); ++c)
                    log.changes.push_back({static_cast<std::uint16_t>(c), 0, 0, Tile::Wall, Tile::Floor, 0});
                log.endStep({}, "dig");
            }
        };
        const Timeline::Regenerate wrongWords = [](std::uint32_t run, std::size_t steps, Level& level, StepLog& log) {
            for (std::size_t i = 0; i < steps; ++i) {
                HandMade::dig(run, static_cast<int>(i), level, log.changes);
                log.endStep({}, "digs");
            }
        };
        for (const auto& wrong : {wrongSteps, wrongWords}) {
            HandMade other;
            QVERIFY_THROWS_EXCEPTION(std::logic_error, other.timeline.moveTo(other.level, 2, wrong));
        }
    }

    void scrubbingInABudgetEqualsScrubbingWithout_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : {"drone-caves", "cellular-depths", "rooms-and-hallways", "room-grid", "random-fill"}) QTest::newRow(name) << name;
    }
    void scrubbingInABudgetEqualsScrubbingWithout() {
        QFETCH(QString, name);
        const Project p = example(name);
        LevelBuild full(p, p.seed, recording(kDefaultTimelineBudget));
        full.run();
        const std::size_t total = full.generation().timeline()->stepCount();
        const std::size_t budget = keptChangeBytes(*full.generation().timeline()) / 5;
        LevelBuild tight(p, p.seed, recording(budget));
        tight.run();
        QCOMPARE(tight.generation().timeline()->stepCount(), total);
        QVERIFY(tight.level() == full.level());
        const Timeline& t = *tight.generation().timeline();
        if (t.segmentCount() > 3) QVERIFY2(t.keptSegmentCount() < t.segmentCount(), "nothing was dropped");
        Rng choose(11);
        for (int move = 0; move < 60; ++move) {
            const std::size_t to = choose.below(static_cast<std::uint32_t>(total + 1));
            if (choose.chance(0.3)) {
                tight.stepBack();
                full.stepBack();
            } else if (choose.chance(0.3)) {
                tight.step();
                full.step();
            } else {
                tight.seek(to);
                full.seek(to);
            }
            QCOMPARE(tight.generation().stepsDone(), full.generation().stepsDone());
            QVERIFY2(tight.level() == full.level(), qPrintable(QString("at step %1").arg(tight.generation().stepsDone())));
            // Over the budget only by the segments spared: the one recorded last and
            // the ones either side of where the level is.
            QVERIFY(keptChangeBytes(t) <= budget || t.keptSegmentCount() <= 3);
            QVERIFY(t.memoryBytes() <= budget || t.keptSegmentCount() <= 3);
            QVERIFY(t.memoryBytes() >= keptChangeBytes(t)); // what it counts is what it holds
        }
        // Back one step at a time from the end to the start, as the Back button does.
        tight.seek(total);
        full.seek(total);
        for (std::size_t i = total; i > 0; i -= std::max<std::size_t>(1, total / 97)) {
            tight.seek(i);
            full.seek(i);
            tight.stepBack();
            full.stepBack();
            QVERIFY2(tight.level() == full.level(), qPrintable(QString("at step %1").arg(i - 1)));
        }
    }

    // Scrubbing back, then generating on from there (a recipe edit), keeps the
    // level equal to a fresh one even when the steps before were dropped.
    void aRecipeEditAfterDroppedStepsStillEndsOnTheFreshLevel() {
        Project p = example("cellular-depths");
        LevelBuild g(p, p.seed, recording(64 * 1024));
        g.run();
        g.seek(g.generation().timeline()->stepCount() / 3);
        Recipe r = p.recipe;
        ++r.stages.back().reroll;
        g.generation().replaceRecipe(r);
        g.run();
        p.recipe = r;
        LevelBuild fresh(p, p.seed);
        fresh.run();
        QCOMPARE(QString::fromStdString(levelHash(g.level())), QString::fromStdString(levelHash(fresh.level())));
    }
};

BURROW_TEST_APPLESS_MAIN(TestTimeline)
#include "test_timeline.moc"
