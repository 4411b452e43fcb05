// The maze around rooms (rooms and mazes): the rooms an earlier stage left are joined
// to the maze through doors, a spanning tree of them unless extra doors are asked
// for, and a room no wall one or two cells thick separates from the rest is named in
// a warning, never silently left apart.
#include <QTest>

#include <memory>
#include <string>

#include "generation/level_canvas.h"
#include "model/level.h"
#include "pipeline/builtin_stages.h"
#include "regions/region_map.h"
#include "test_main.h"

using namespace burrow;

// A namespace of its own, not an anonymous one: test files are compiled in unity
// batches, where anonymous namespaces are one.
namespace maze_doorways_test {

// A 61 x 41 level of rock with two rooms of floor; the second walled in by a ring of
// obstacles three cells thick (not rock: a maze can neither carve nor open a door
// through it) when `enclosed`.
Level roomsInRock(bool enclosed) {
    Level level({61, 41, 1});
    const auto fill = [&level](int x0, int y0, int x1, int y1, Tile tile) {
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x) level.set(x, y, 0, tile);
    };
    fill(5, 5, 15, 11, Tile::Floor);
    if (enclosed) fill(36, 20, 52, 34, Tile::Obstacle);
    fill(40, 24, 48, 30, Tile::Floor);
    return level;
}

struct Carved {
    Level level;
    std::vector<StageWarning> warnings;
    int doors = 0;
};

Carved carveMaze(Level level, double extraDoors, std::uint64_t seed) {
    const StageType& type = *builtinStages().find("maze");
    ParamValues params = ParamValues::defaults(type.params);
    params.set("extra_doors", extraDoors);
    StageSetup setup;
    setup.size = level.size();
    setup.rng = Rng(seed);
    setup.movement = Connectivity::Four;
    const std::unique_ptr<Stage> maze = type.create(params, setup);
    LevelCanvas canvas(level, 0);
    while (!maze->finished()) maze->step(canvas);
    Carved carved{std::move(level), maze->warnings(), 0};
    for (int y = 0; y < carved.level.height(); ++y)
        for (int x = 0; x < carved.level.width(); ++x) carved.doors += carved.level.at(x, y, 0) == Tile::Door;
    return carved;
}

class TestMazeDoorways : public QObject {
    Q_OBJECT

private slots:
    // Both rooms and the maze become one region, through doors, with no warning.
    void roomsAreJoinedThroughDoors() {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            const Carved carved = carveMaze(roomsInRock(false), 0.0, seed);
            QVERIFY2(carved.warnings.empty(), carved.warnings.empty() ? "" : carved.warnings.front().message.c_str());
            QCOMPARE(countRegions(carved.level.tiles(0), Connectivity::Four), std::size_t{1});
            QVERIFY(carved.doors >= 2); // each room has a door of its own
        }
    }

    // Extra doors open walls between parts already joined: more ways in, still one region.
    void extraDoorsOpenMoreWays() {
        int spanning = 0, extra = 0;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            spanning += carveMaze(roomsInRock(false), 0.0, seed).doors;
            const Carved carved = carveMaze(roomsInRock(false), 1.0, seed);
            QCOMPARE(countRegions(carved.level.tiles(0), Connectivity::Four), std::size_t{1});
            extra += carved.doors;
        }
        QVERIFY2(extra > 2 * spanning, qPrintable(QString("%1 doors with every extra door, %2 without").arg(extra).arg(spanning)));
    }

    // The enclosed room cannot be reached: the stage says so and by how many parts.
    void aRoomNoWallSeparatesIsNamedInAWarning() {
        const Carved carved = carveMaze(roomsInRock(true), 0.0, 7);
        QCOMPARE(carved.warnings.size(), std::size_t{1}); // returns here when there is none
        QCOMPARE(carved.warnings.front().code, std::string("maze_parts_apart"));
        QVERIFY2(carved.warnings.front().message.find("2 parts") == 0, carved.warnings.front().message.c_str());
        QCOMPARE(countRegions(carved.level.tiles(0), Connectivity::Four), std::size_t{2});
    }
};

} // namespace maze_doorways_test

BURROW_TEST_GUILESS_MAIN(maze_doorways_test::TestMazeDoorways)

#include "test_maze_doorways.moc"
