// Recipes end to end on every example (their fixed levels: test_goldens): stepping and
// running agree, the timeline replays both ways, and a reroll touches one stage.
#include <QTest>

#include "test_main.h"
#include "generation/generation.h"
#include "pipeline/builtin_stages.h"
#include "io/ascii_map.h"
#include "random/rng.h"
#include "model/level_hash.h"
#include "project/project.h"
#include "stage_entries.h"

using namespace burrow;

namespace {
Project example(const QString& name) {
    return loadProject(std::string(BURROW_EXAMPLES) + "/" + name.toStdString() + ".burrow.json", builtinStages());
}
// The whole level: tiles, areas, doors, stairs, markers, placed things, templates.
QString hashOf(const Level& level) { return QString::fromStdString(levelHash(level)); }

void compareLevels(const Level& a, const Level& b) {
    QCOMPARE(a.size(), b.size());
    for (int z = 0; z < a.depthCount(); ++z) QVERIFY2(a.tiles(z) == b.tiles(z), qPrintable(QString("depth %1 differs").arg(z)));
    QVERIFY(a.areas == b.areas);
    QVERIFY(a.doors == b.doors);
    QVERIFY(a.markers == b.markers);
    QVERIFY(a.stairs == b.stairs);
    QVERIFY(a.entities == b.entities);
}
} // namespace

class TestGeneration : public QObject {
    Q_OBJECT
private slots:
    void steppingEqualsRunningAndTimelineReplays_data() {
        QTest::addColumn<QString>("name");
        for (const char* n : {"drone-caves", "random-fill", "cellular-depths", "rooms-and-hallways", "room-grid", "mazes", "bsp-dungeon", "vault"}) QTest::newRow(n) << n;
    }
    void steppingEqualsRunningAndTimelineReplays() {
        QFETCH(QString, name);
        const Project p = example(name);
        LevelBuild ran(p, p.seed);
        ran.run();

        LevelBuild stepped(p, p.seed, {true});
        const Level start = stepped.level();
        std::size_t steps = 0;
        while (stepped.step()) ++steps;
        QVERIFY(stepped.finished());
        QVERIFY(steps > 1);
        QCOMPARE(stepped.generation().timeline()->stepCount(), steps);
        compareLevels(stepped.level(), ran.level());
        // Each step says what it did (a run at full speed writes no descriptions).
        for (std::size_t i = 0; i < steps; ++i)
            QVERIFY2(!stepped.generation().timeline()->description(i).empty(), qPrintable(QString("step %1 of %2 is not described").arg(i).arg(steps)));

        // Back to the very start, exactly.
        stepped.seek(0);
        compareLevels(stepped.level(), start);
        // Forward to the middle by steps equals seeking there.
        for (std::size_t i = 0; i < steps / 2; ++i) QVERIFY(stepped.step());
        const Level middle = stepped.level();
        stepped.seek(steps);
        stepped.seek(steps / 2);
        compareLevels(stepped.level(), middle);
        // Back one step and forward again.
        QVERIFY(stepped.stepBack());
        QVERIFY(stepped.step());
        compareLevels(stepped.level(), middle);
        stepped.seek(steps);
        compareLevels(stepped.level(), ran.level());
        QVERIFY(!stepped.step());
    }

    // The status line names every depth a warning came from, and counts the others.
    void warningsSummaryNamesEveryDepth() {
        QCOMPARE(warningsSummary({}), std::string());
        const StageWarning a{"shortfall", "people", 0, "guards", "placed 1 of 3"}, b{"shortfall", "people", 2, "guards", "placed 2 of 3"},
            c{"rooms_short", "rooms", 1, "", "4 rooms of 6"};
        QCOMPARE(warningsSummary({a}), std::string("people (depth 0): placed 1 of 3"));
        QCOMPARE(warningsSummary({a, c, b}), std::string("people (depths 0 and 2): placed 1 of 3 · 1 more warning"));
        StageWarning d = b;
        d.depth = 3;
        QCOMPARE(warningsSummary({a, b, d}), std::string("people (depths 0, 2 and 3): placed 1 of 3"));
        // The first is told: later ones often follow from it (no room grew, so nobody was placed).
        QCOMPARE(warningsSummary({c, a, b}), std::string("rooms (depth 1): 4 rooms of 6 · 2 more warnings"));
        QCOMPARE(warningsSummary({StageWarning{"x", "", -1, "", "hand edits bury a thing"}}), std::string("hand edits bury a thing"));
        const StageWarning e{"shortfall", "people", -1, "pools", "placed 0 of 1 in cave 4 of depth 2"};
        QCOMPARE(warningsSummary({e, e, c, e}), std::string("people: placed 0 of 1 in cave 4 of depth 2 · 2 more like it · 1 more warning"));
    }

    void sameSeedSameLevelOtherSeedOtherLevel() {
        const Project p = example("cellular-depths");
        const Level a = makeLevel(p).level;
        const Level b = makeLevel(p).level;
        const Level c = makeLevel(p, p.seed + 1).level;
        QCOMPARE(hashOf(a), hashOf(b));
        QVERIFY(hashOf(a) != hashOf(c));
        // Each depth draws its own stream.
        QVERIFY(!(a.tiles(0) == a.tiles(1)));
    }

    void rerollChangesThatStageOnly() {
        Project p = example("cellular-depths");
        p.size.depth = 2;
        StageEntry top = p.recipe.stages[0], bottom = p.recipe.stages[0];
        top.name = "top";
        top.depths = {0};
        bottom.name = "bottom";
        bottom.depths = {1};
        p.recipe.stages = {top, bottom};
        const Level before = makeLevel(p).level;
        p.recipe.stages[1].reroll = 1;
        const Level after = makeLevel(p).level;
        QVERIFY(before.tiles(0) == after.tiles(0));
        QVERIFY(!(before.tiles(1) == after.tiles(1)));

        // In a chain, rerolling the last stage leaves what the earlier ones made.
        Project drones = example("drone-caves");
        Recipe firstTwo = drones.recipe;
        firstTwo.stages.pop_back();
        const Level base = generateLevel(drones.size, drones.seed, firstTwo, builtinStages(), nullptr, drones.movement);
        drones.recipe.stages[2].reroll = 5;
        const Level rerolled = makeLevel(drones).level;
        for (int y = 0; y < base.height(); ++y)
            for (int x = 0; x < base.width(); ++x)
                if (rerolled.at(x, y, 0) != Tile::Water) QCOMPARE(rerolled.at(x, y, 0), base.at(x, y, 0));
    }

    void disabledAndInvalidStagesAreSkipped() {
        Project p = example("random-fill");
        p.recipe.stages[0].enabled = false;
        const Level untouched = makeLevel(p).level;
        for (Tile t : untouched.tiles(0)) QCOMPARE(t, Tile::Wall);

        p.recipe.stages[0].enabled = true;
        p.recipe.stages[0].params.set("wall_chance", 3.0);
        const auto warnings = makeLevel(p).warnings;
        QVERIFY(!warnings.empty());
        QCOMPARE(QString::fromStdString(warnings[0].code), QString("bad_parameter"));
        QCOMPARE(QString::fromStdString(warnings[0].stage), QString::fromStdString(p.recipe.stages[0].name));
        QVERIFY(QString::fromStdString(warnings[0].text()).contains("wall_chance"));
        // The others are the later stages' on an all-wall level (nowhere to place things).
        for (std::size_t i = 1; i < warnings.size(); ++i) QVERIFY(warnings[i].stage != p.recipe.stages[0].name);
    }

    // The editor can ask for more work than the loader allows (a bigger size, a
    // parameter): the generation skips that stage with the estimate, at once.
    void stagesOverTheWorkLimitAreSkippedWithTheEstimate() {
        Project p;
        p.size = {64, 64, 4};
        StageEntry drones = entry("drone_mining");
        drones.params.set("drones_max", std::int64_t{100000});
        drones.params.set("life_max", std::int64_t{10000000});
        p.recipe.stages.push_back(drones);
        const MadeLevel made = makeLevel(p, 1);
        QCOMPARE(made.warnings.size(), std::size_t(4)); // one per depth
        QCOMPARE(QString::fromStdString(made.warnings[0].code), QString("bad_parameter"));
        QVERIFY2(QString::fromStdString(made.warnings[0].text()).contains("would take about 12.2 hours (4.0e12 drone ticks on 4 depths)"),
                 made.warnings[0].text().c_str());
        for (Tile t : made.level.tiles(0)) QCOMPARE(t, Tile::Wall);
    }

    // A changed recipe keeps the output and the steps of the stages before the change.
    void replacingTheRecipeReusesEarlierStages() {
        const Project p = example("drone-caves");
        Recipe changed = p.recipe;
        changed.stages[2].params.set("walkers_max", std::int64_t{6});
        const Level fresh = generateLevel(p.size, p.seed, changed, builtinStages(), nullptr, p.movement);

        LevelBuild g(p, p.seed, {true});
        g.run();
        std::size_t before = 0; // steps of the first two stages
        while (before < g.generation().timeline()->stepCount() && g.generation().runs()[g.generation().timeline()->runOf(before)].entry < 2) ++before;
        const auto earlyChanges = std::vector<CellChange>(g.generation().timeline()->changes(before / 2).begin(), g.generation().timeline()->changes(before / 2).end());
        g.generation().replaceRecipe(changed);
        QCOMPARE(g.generation().timeline()->stepCount(), before);
        QVERIFY(std::equal(earlyChanges.begin(), earlyChanges.end(), g.generation().timeline()->changes(before / 2).begin()));
        g.run();
        compareLevels(g.level(), fresh);

        // Mid-way through an unchanged stage: it carries on, then the changed one runs.
        LevelBuild mid(p, p.seed, {true});
        for (int i = 0; i < 10; ++i) mid.step();
        mid.generation().replaceRecipe(changed);
        mid.run();
        compareLevels(mid.level(), fresh);

        // Scrubbed back, then a stage appended.
        Recipe longer = changed;
        longer.stages.push_back(makeStageEntry(*builtinStages().find("prune_regions"), longer));
        g.seek(3);
        g.generation().replaceRecipe(longer);
        g.run();
        compareLevels(g.level(), generateLevel(p.size, p.seed, longer, builtinStages(), nullptr, p.movement));
    }

    // Whatever a designer does in the editor (steps, pauses at stage boundaries,
    // scrubs, edits and rerolls in between), the level at the end is the level
    // generated from scratch with the final settings.
    void editsBetweenStepsEndOnTheFreshLevel() {
        Project p = example("cellular-depths");
        p.size = {60, 40, 4};
        Rng choose(2024);
        for (int trial = 0; trial < 40; ++trial) {
            Project now = p;
            LevelBuild g(now, now.seed, {true});
            const int actions = static_cast<int>(choose.range(1, 8));
            for (int a = 0; a < actions; ++a) {
                switch (choose.below(6)) {
                case 0:
                    for (int i = static_cast<int>(choose.range(1, 30)); i > 0; --i) g.step();
                    break;
                case 1: g.finishStageRun(); break; // paused at a boundary
                case 2: g.seek(choose.below(static_cast<std::uint32_t>(g.generation().timeline()->stepCount() + 1))); break;
                case 3: { // reroll a stage
                    Recipe r = now.recipe;
                    ++r.stages[choose.below(static_cast<std::uint32_t>(r.stages.size()))].reroll;
                    now.recipe = r;
                    g.recipeChanged();
                    break;
                }
                case 4: { // a parameter of the caves or the pruning
                    Recipe r = now.recipe;
                    if (choose.chance(0.5)) r.stages[0].params.set("generations", std::int64_t{choose.range(1, 5)});
                    else r.stages[1].params.set("max_size", std::int64_t{choose.range(5, 40)});
                    now.recipe = r;
                    g.recipeChanged();
                    break;
                }
                default: // a stage switched off or on
                    Recipe r = now.recipe;
                    StageEntry& e = r.stages[1 + choose.below(static_cast<std::uint32_t>(r.stages.size() - 1))];
                    e.enabled = !e.enabled;
                    now.recipe = r;
                    g.recipeChanged();
                }
            }
            g.run();
            const Level fresh = makeLevel(now).level;
            QVERIFY2(g.hash() == levelHash(fresh), qPrintable(QString("trial %1 after %2 actions").arg(trial).arg(actions)));
        }
    }

    // The observer hears every stage start and end, every step with the cells it
    // changed, and every warning; watching does not change the level.
    void anObserverSeesEveryStepAndChangesNothing() {
        struct Counter : GenerationObserver {
            int started = 0, finished = 0, steps = 0, warnings = 0;
            std::size_t cells = 0;
            void stageStarted(const StageRun&, std::size_t) override { ++started; }
            void stepDone(const StageRun&, std::size_t, std::span<const CellChange> changes) override {
                ++steps;
                cells += changes.size();
            }
            void stageFinished(const StageRun&, std::size_t) override { ++finished; }
            void warned(const StageWarning&) override { ++warnings; }
            bool wantsCells() const override { return true; }
        } counter;
        const Project p = example("room-grid");
        const MadeLevel watched = makeLevel(p, p.seed, &counter);
        QCOMPARE(levelHash(watched.level), levelHash(makeLevel(p).level));
        LevelBuild recorded(p, p.seed, {true});
        recorded.run();
        QCOMPARE(counter.started, static_cast<int>(recorded.generation().runs().size()));
        QCOMPARE(counter.finished, counter.started);
        QCOMPARE(static_cast<std::size_t>(counter.steps), recorded.generation().timeline()->stepCount());
        std::size_t recordedCells = 0;
        for (std::size_t i = 0; i < recorded.generation().timeline()->stepCount(); ++i) recordedCells += recorded.generation().timeline()->changeCount(i);
        QCOMPARE(counter.cells, recordedCells);
        QCOMPARE(static_cast<std::size_t>(counter.warnings), watched.warnings.size());
    }

    void handEditsApplyAfterGeneration() {
        Project p = example("random-fill");
        p.edits.set({0, 0, 0}, Tile::Water);
        p.edits.set({14, 9, 0}, Tile::Exit);
        p.edits.set({99, 99, 5}, Tile::Door); // outside this level: ignored, but kept
        // makeLevel lays them over the generated level by itself, where generation
        // put something else (the corners of random fill are not water or an exit).
        Project plain = p;
        plain.edits.clear();
        const Level generated = makeLevel(plain).level;
        QVERIFY(generated.at(0, 0, 0) != Tile::Water && generated.at(14, 9, 0) != Tile::Exit);
        const Level level = makeLevel(p).level;
        QCOMPARE(level.at(0, 0, 0), Tile::Water);
        QCOMPARE(level.at(14, 9, 0), Tile::Exit);
        QCOMPARE(p.edits.size(), std::size_t(3));
        QVERIFY(p.edits.erase({0, 0, 0}));
        QVERIFY(!p.edits.at({0, 0, 0}));
    }

    void timelineCostsBytesPerChange() {
        const Project p = example("cellular-depths");
        LevelBuild g(p, p.seed, {true});
        g.run();
        std::size_t changes = 0;
        for (std::size_t i = 0; i < g.generation().timeline()->stepCount(); ++i) changes += g.generation().timeline()->changeCount(i);
        QVERIFY(changes > 0);
        // Eight bytes a change, plus vector slack and per-step bookkeeping.
        QVERIFY2(g.generation().timeline()->memoryBytes() < changes * 8 * 2 + 64 * 1024, qPrintable(QString::number(g.generation().timeline()->memoryBytes())));
    }
};

BURROW_TEST_APPLESS_MAIN(TestGeneration)
#include "test_generation.moc"
