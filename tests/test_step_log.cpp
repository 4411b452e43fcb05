// What a timeline keeps of one stage run's steps: descriptions as templates and
// numbers, steps that rewrite much of a depth packed (from a change list, or from
// whole rows as a stage writes them), all undone and redone exactly.
#include <QTest>

#include <algorithm>

#include "test_main.h"
#include "generation/depth_rewrite.h"
#include "generation/generation.h"
#include "generation/level_canvas.h"
#include "generation/step_log.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "random/rng.h"

using namespace burrow;

namespace {
Level noiseLevel(std::uint64_t seed, LevelSize size) {
    Rng rng(seed);
    Level level(size);
    for (int z = 0; z < size.depth; ++z)
        for (int y = 0; y < size.height; ++y)
            for (int x = 0; x < size.width; ++x) level.set(x, y, z, rng.chance(0.5) ? Tile::Floor : Tile::Wall);
    return level;
}

// One step of writes through a recording canvas, into `log` (with its row recorder
// when it has one); the level after each write kind is what undo must pass back through.
struct Write {
    enum Kind { Row, RowChanged, Cell } kind;
    int z, y, x;
};
void record(Level& level, StepLog& log, const std::vector<Write>& writes, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<Tile> row(static_cast<std::size_t>(level.width()));
    std::vector<std::uint64_t> changed((row.size() + 63) / 64);
    for (const Write& w : writes) {
        LevelCanvas canvas(level, w.z, &log.changes, log.rowRecorder());
        if (w.kind == Write::Cell) {
            canvas.set(w.x, w.y, rng.chance(0.5) ? Tile::Water : Tile::Floor);
            continue;
        }
        std::fill(changed.begin(), changed.end(), 0);
        for (std::size_t x = 0; x < row.size(); ++x) {
            row[x] = rng.chance(0.6) ? canvas.get(static_cast<int>(x), w.y) : rng.chance(0.5) ? Tile::Floor : Tile::Corridor;
            if (row[x] != canvas.get(static_cast<int>(x), w.y)) changed[x / 64] |= std::uint64_t{1} << (x % 64);
        }
        if (w.kind == Write::Row) canvas.writeRow(w.y, row.data());
        else canvas.writeRowChanged(w.y, row.data(), changed.data());
    }
}
} // namespace

Q_DECLARE_METATYPE(std::vector<Write>)

class TestStepLog : public QObject {
    Q_OBJECT
private slots:
    // A step's description reads back as it was written, numbers or not (leading
    // zeros, numbers past 64 bits, the control characters templates use), also after
    // truncating; a run of steps that differ only in numbers costs a few bytes a step.
    void stepDescriptionsReadBackAsWritten() {
        const std::vector<std::string> texts = {
            "", "0", "stairs 12 of 300 between depths 3 and 4: region 12 to region 7", "007 agents", "0.45 of the floor",
            "x18446744073709551615y", "123456789012345678901234567890", std::string("a\x01" "5\x02" "b"), "regions 14 → 13 on depth 2",
            "-3 and 9", "99999999999999999"};
        StepLog log;
        for (const std::string& text : texts) log.endStep({}, text);
        for (std::size_t i = 0; i < texts.size(); ++i) QCOMPARE(log.descriptionOf(i), texts[i]);
        log.truncate(4);
        QCOMPARE(log.stepCount(), std::size_t(4));
        log.endStep({}, "after 42");
        QCOMPARE(log.descriptionOf(3), texts[3]);
        QCOMPARE(log.descriptionOf(4), std::string("after 42"));

        StepLog stairs;
        for (int i = 0; i < 10000; ++i)
            stairs.endStep({}, "stairs " + std::to_string(i + 1) + " of 10000 between depths 3 and 4: region " + std::to_string(i % 97) + " to region " +
                                   std::to_string(i % 89));
        QCOMPARE(stairs.descriptionOf(9999), std::string("stairs 10000 of 10000 between depths 3 and 4: region 8 to region 31"));
        QCOMPARE(stairs.templates.size(), std::size_t(1));
        QVERIFY2(stairs.bytes() < 10000 * 40, std::to_string(stairs.bytes()).c_str()); // the texts alone are over 60 bytes a step
    }

    // A step that rewrites much of a depth is kept as a bit a cell and a pair index
    // a changed cell; undone and redone it gives exactly what its list gives, even
    // out of cell order and with a cell changed twice. A step of a few scattered
    // cells stays a list.
    void stepsThatRewriteADepthArePacked() {
        Rng rng(3);
        Level level(LevelSize{120, 50, 2});
        for (int y = 0; y < 50; ++y)
            for (int x = 0; x < 120; ++x) level.set(x, y, 1, rng.chance(0.5) ? Tile::Floor : Tile::Wall);
        const Level start = level;
        StepLog log;
        log.depthWidth = 120;
        auto change = [&](int x, int y, Tile after) {
            log.changes.push_back({static_cast<std::uint16_t>(x), static_cast<std::uint16_t>(y), 1, level.at(x, y, 1), after, 0});
            level.set(x, y, 1, after);
        };
        // Step 0: a generation, rows from the bottom up, every third cell twice.
        for (int y = 49; y >= 0; --y)
            for (int x = 0; x < 120; ++x) {
                if (rng.chance(0.4)) change(x, y, rng.chance(0.5) ? Tile::Floor : Tile::Wall);
                if (x % 3 == 0) change(x, y, rng.chance(0.1) ? Tile::Water : Tile::Floor);
            }
        const std::size_t listed = log.changes.size();
        log.endStep({}, "generation 1");
        const Level afterFirst = level;
        // Step 1: five cells.
        for (int i = 0; i < 5; ++i) change(7 * i, 3 * i, Tile::Exit);
        log.endStep({}, "five");
        QCOMPARE(log.rewrites.size(), std::size_t(1));
        QVERIFY(log.rewriteOf(0) && !log.rewriteOf(1));
        QVERIFY(log.changesOf(0).empty());
        QCOMPARE(log.changesOf(1).size(), std::size_t(5));
        QVERIFY2(log.rewrites[0].bytes() * 4 <= listed * sizeof(CellChange),
                 qPrintable(QString("%1 bytes for %2 changes").arg(log.rewrites[0].bytes()).arg(listed)));
        QCOMPARE(log.changeCount(0, 1), log.rewrites[0].cellCount());
        QVERIFY(log.rewrites[0].cellCount() < listed); // the cells changed twice count once
        const Level end = level;
        log.undo(1, level);
        QVERIFY(level == afterFirst);
        log.undo(0, level);
        QVERIFY(level == start);
        log.redo(0, level);
        QVERIFY(level == afterFirst);
        log.redo(1, level);
        QVERIFY(level == end);
        // Changes on two depths, or too few, stay listed.
        StepLog two;
        two.depthWidth = 120;
        for (int i = 0; i < 4000; ++i) two.changes.push_back({static_cast<std::uint16_t>(i % 120), static_cast<std::uint16_t>(i / 120), static_cast<std::uint8_t>(i % 2), Tile::Wall, Tile::Floor, 0});
        two.endStep({}, "two depths");
        QVERIFY(two.rewrites.empty());
        two.truncate(0);
        for (int i = 0; i < 100; ++i) two.changes.push_back({static_cast<std::uint16_t>(i), 0, 0, Tile::Wall, Tile::Floor, 0});
        two.endStep({}, "few");
        QVERIFY(two.rewrites.empty());
        // The cave examples' noise and generations are kept this way.
        const Project p = loadProject(std::string(BURROW_EXAMPLES) + "/cellular-depths.burrow.json", builtinStages());
        GenerationOptions recorded;
        recorded.recordTimeline = true;
        LevelBuild g(p, p.seed, recorded);
        g.run();
        QVERIFY(g.generation().timeline()->rewritesDepth(0));
        QVERIFY(g.generation().timeline()->changes(0).empty());
        QVERIFY(g.generation().timeline()->changeCount(0) > 1000);
    }

    // Whole rows written by a stage go to the row recorder and come out as a
    // rewrite, or (rows above, another depth, cells set between them) in the list
    // in the order made; either way undo and redo give what a plain list gives.
    void rowsWrittenWholeUndoAsAListWould_data() {
        QTest::addColumn<std::vector<Write>>("writes");
        QTest::addColumn<bool>("packed");
        std::vector<Write> down, changedDown, up, cellBetween, twoDepths, fewRows;
        for (int y = 0; y < 60; ++y) down.push_back({Write::Row, 1, y, 0});
        for (int y = 3; y < 60; y += 2) changedDown.push_back({Write::RowChanged, 1, y, 0});
        for (int y = 59; y >= 0; --y) up.push_back({Write::Row, 1, y, 0});
        for (int y = 0; y < 60; ++y) {
            cellBetween.push_back({Write::Row, 0, y, 0});
            if (y % 20 == 7) cellBetween.push_back({Write::Cell, 0, y, 5}); // a cell of the row just written
        }
        for (int y = 0; y < 60; ++y) twoDepths.push_back({Write::Row, y % 2, y, 0});
        fewRows.push_back({Write::Row, 1, 10, 0});
        QTest::newRow("rows going down") << down << true;
        QTest::newRow("rows going down, changes known") << changedDown << true;
        QTest::newRow("rows going up") << up << true; // listed, then packed from the list
        QTest::newRow("cells set between rows") << cellBetween << true;
        QTest::newRow("rows of two depths") << twoDepths << false;
        QTest::newRow("a row") << fewRows << false;
    }
    void rowsWrittenWholeUndoAsAListWould() {
        QFETCH(std::vector<Write>, writes);
        QFETCH(bool, packed);
        const Level start = noiseLevel(9, {100, 60, 2});
        Level viaRows = start, viaList = start;
        StepLog rows, list;
        rows.depthWidth = 100;
        record(viaRows, rows, writes, 4);
        rows.endStep({}, "step");
        record(viaList, list, writes, 4);
        list.endStep({}, "step");
        QVERIFY(viaRows == viaList);
        QCOMPARE(!rows.rewrites.empty(), packed);
        QCOMPARE(rows.changeCount(), packed ? rows.rewrites[0].cellCount() : list.changes.size());
        rows.undo(0, viaRows);
        QVERIFY(viaRows == start);
        rows.redo(0, viaRows);
        QVERIFY(viaRows == viaList);
        list.undo(0, viaList);
        QVERIFY(viaList == start);
    }
};

BURROW_TEST_APPLESS_MAIN(TestStepLog)
#include "test_step_log.moc"
