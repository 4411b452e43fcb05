// Locks and keys: chokepoints found on hand-drawn maps; over many seeds of the vault
// example and of mazes with extra locks, every key lies where a player reaches it
// without passing its own door (other keys allowed), the exit is reached fetching
// them, reachable_share treats a door as open only when its key is in reach; the
// play-test picks keys up, opens doors with them (spent or kept) and says a door is
// locked; the bot fetches the vault's key and wins; exports name locked_door and the
// lock; same seed, same level, stepping or not.
#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "export/tiled_export.h"
#include "io/ascii_map.h"
#include "level_helpers.h"
#include "model/directions.h"
#include "model/level_hash.h"
#include "pipeline/level_build.h"
#include "pipeline/make_level.h"
#include "play/bot.h"
#include "play/game.h"
#include "project_test_helpers.h"
#include "random/rng.h"
#include "regions/chokepoints.h"
#include "regions/keyed_flood.h"
#include "regions/reachability.h"
#include "test_main.h"

using namespace burrow;

namespace locks_test {

using nlohmann::json;

#ifdef BURROW_SANITIZED_BUILD
constexpr std::uint64_t kManySeeds = 10;
#else
constexpr std::uint64_t kManySeeds = 60;
#endif

// A one-depth level from rows of glyphs ('&' a locked door).
Level levelOf(const std::vector<std::string>& rows) {
    Level level(LevelSize{static_cast<int>(rows[0].size()), static_cast<int>(rows.size()), 1});
    for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x) level.set(x, y, 0, *tileFromId(std::string(1, rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)])));
    return level;
}

// A random one-depth level for the searches' tests: up to 3 x 3 (one cell wide
// included) when `small`, else up to `side` a side; each cell is tileOf(a roll in
// [0, 20)).
template <typename TileOf>
Level randomLevel(Rng& rng, bool small, int side, TileOf tileOf) {
    const int w = 1 + static_cast<int>(rng.below(small ? 3u : static_cast<std::uint32_t>(side)));
    const int h = 1 + static_cast<int>(rng.below(small ? 3u : static_cast<std::uint32_t>(side)));
    Level level(LevelSize{w, h, 1});
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) level.set(x, y, 0, tileOf(rng.below(20)));
    return level;
}

// A random cell of the level, made floor.
Point randomFloor(Rng& rng, Level& level) {
    const Point p{static_cast<int>(rng.below(static_cast<std::uint32_t>(level.width()))), static_cast<int>(rng.below(static_cast<std::uint32_t>(level.height())))};
    level.set(p.x, p.y, 0, Tile::Floor);
    return p;
}

// The cells a plain queue reaches from `from` (in the order reached), taking
// neighbours in kSteps' order and never `without`.
std::vector<Point> breadthFirst(const Level& level, Point from, Connectivity movement, Point without = {-1, -1}) {
    const int w = level.width();
    std::vector<bool> seen(static_cast<std::size_t>(w * level.height()));
    std::vector<Point> reached{from};
    seen[static_cast<std::size_t>(from.y * w + from.x)] = true;
    for (std::size_t head = 0; head < reached.size(); ++head)
        for (int d = 0; d < stepCount(movement); ++d) {
            const Point n{reached[head].x + kSteps[static_cast<std::size_t>(d)].x, reached[head].y + kSteps[static_cast<std::size_t>(d)].y};
            if (!level.contains(n.x, n.y, 0) || !level.kinds.walkable(level.at(n.x, n.y, 0)) || n == without || seen[static_cast<std::size_t>(n.y * w + n.x)]) continue;
            seen[static_cast<std::size_t>(n.y * w + n.x)] = true;
            reached.push_back(n);
        }
    return reached;
}

json mazeWithLocks(int locks) {
    return {{"format", "burrow-project"}, {"version", 1}, {"name", "locked maze"}, {"seed", std::uint64_t{1}},
            {"size", {{"width", 61}, {"height", 41}, {"depth", 1}}}, {"movement", 4},
            {"recipe", json::array({{{"stage", "bsp_rooms"}, {"name", "rooms"}, {"params", {{"min_leaf", 14}, {"padding", 2}}}},
                                    {{"stage", "maze"}, {"name", "maze"}, {"params", {{"braid", 0.0}, {"around_rooms", true}}}},
                                    {{"stage", "populate"},
                                     {"name", "people"},
                                     {"rules", {{"format", "burrow-rules"}, {"version", 1},
                                                {"groups", json::array({{{"name", "player"}, {"kind", "entities"}, {"scope", "level"}, {"number", {{"min", 1}, {"max", 1}}},
                                                                         {"entities", json::array({{{"template", "player"}}})}},
                                                                        {{"name", "exit"}, {"kind", "entities"}, {"scope", "furthest_room"}, {"number", {{"min", 1}, {"max", 1}}},
                                                                         {"entities", json::array({{{"template", "exit"}}})}}})}}}},
                                    {{"stage", "locks_and_keys"}, {"name", "keys"}, {"params", {{"locks", locks}}}}})}};
}

// Every key is reached from the start with its own lock's doors shut for good (the
// other keys may be used), and the exit with every key in reach.
void checkSolvable(const Level& level, Connectivity movement, const QString& where) {
    const std::optional<Cell> start = defaultStart(level);
    QVERIFY2(start, qPrintable(where));
    int keys = 0;
    for (const Entity& e : level.entities) {
        const std::string lock = keyOpens(e);
        if (lock.empty()) continue;
        ++keys;
        Level shut = level;
        for (Door& d : shut.doors)
            if (d.lock == lock) d.lock = "never";
        KeyedFlood flood(shut, movement);
        flood.run(*start);
        QVERIFY2(flood.reached(e.at), qPrintable(where + ": the key of " + QString::fromStdString(lock) + " lies behind its own door"));
    }
    QCOMPARE(keys, static_cast<int>(testing::metric(measure(level, movement), "locks")));
    KeyedFlood all(level, movement);
    all.run(*start);
    for (const Marker& m : level.markers)
        if (m.name == "exit") QVERIFY2(all.reached(m.at), qPrintable(where + ": the exit is out of reach"));
}

class TestLocks : public QObject {
    Q_OBJECT
private slots:
    // Two rooms joined by a corridor: its cells are chokepoints, the rooms' are not;
    // a second way round leaves none.
    void chokepointsAreTheCellsEveryWalkPasses() {
        const Level one = levelOf({
            "###########",
            "#...#######",
            "#...+,,,..#",
            "#...###...#",
            "###########",
        });
        const std::vector<Point> cuts = chokepoints(one.tiles(0), one.kinds, Connectivity::Four, {1, 2}, {9, 3});
        QCOMPARE(cuts, (std::vector<Point>{{3, 2}, {4, 2}, {5, 2}, {6, 2}, {7, 2}}));
        const Level two = levelOf({
            "###########",
            "#.........#",
            "#...+,,,..#",
            "#...###...#",
            "###########",
        });
        QVERIFY(chokepoints(two.tiles(0), two.kinds, Connectivity::Four, {1, 2}, {9, 3}).empty());
        // Ground the walk never touches (a cave apart, a nook behind the start) bridges nothing.
        const Level apart = levelOf({
            "############",
            "#..#...#####",
            "#..#.#.,,..#",
            "####...###.#",
            "#..#########",
            "############",
        });
        QCOMPARE(chokepoints(apart.tiles(0), apart.kinds, Connectivity::Four, {4, 2}, {10, 3}),
                 (std::vector<Point>{{6, 2}, {7, 2}, {8, 2}, {9, 2}, {10, 2}}));
        // Under 8 directions a diagonal step goes round a corner cell.
        const Level corner = levelOf({
            "#####",
            "#.#.#",
            "#..##",
            "#####",
        });
        QCOMPARE(chokepoints(corner.tiles(0), corner.kinds, Connectivity::Four, {1, 1}, {3, 1}).size(), std::size_t(0)); // no 4-way walk at all
        QCOMPARE(chokepoints(corner.tiles(0), corner.kinds, Connectivity::Eight, {1, 2}, {3, 1}), (std::vector<Point>{{2, 2}}));
    }

    // On random grids of every shape down to one cell wide, the chokepoints are
    // exactly the cells whose removal leaves the exit out of reach (found here by a
    // search with each cell walled up in turn), under both movements.
    void chokepointsAreExactlyTheCellsThatCut() {
        Rng rng(99);
        for (int trial = 0; trial < 300; ++trial) {
            Level level = randomLevel(rng, trial < 60, 20, [](std::uint32_t roll) { return roll < 6 ? Tile::Wall : Tile::Floor; });
            const Point from = randomFloor(rng, level), to = randomFloor(rng, level);
            for (const Connectivity movement : {Connectivity::Four, Connectivity::Eight}) {
                const auto reaches = [&](Point without) {
                    const std::vector<Point> reached = breadthFirst(level, from, movement, without);
                    return std::find(reached.begin(), reached.end(), to) != reached.end();
                };
                std::vector<Point> expected;
                if (from != to && reaches({-1, -1}))
                    for (int y = 0; y < level.height(); ++y)
                        for (int x = 0; x < level.width(); ++x)
                            if (Point c{x, y}; c != from && c != to && level.at(x, y, 0) != Tile::Wall && !reaches(c)) expected.push_back(c);
                std::vector<Point> got = chokepoints(level.tiles(0), level.kinds, movement, from, to);
                std::sort(got.begin(), got.end(), [](const Point& a, const Point& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
                QVERIFY2(got == expected, qPrintable(QString("trial %1, %2 x %3, %4 directions: %5 chokepoints, %6 expected")
                                                         .arg(trial).arg(level.width()).arg(level.height()).arg(stepCount(movement)).arg(got.size()).arg(expected.size())));
            }
        }
    }

    // With no locked door to wait at, the keys' flood is a breadth-first search taking
    // neighbours in kSteps' order: the order of its cells is the one a plain queue
    // gives (stairs, leading nowhere on one depth, take it off its fast loop and
    // back), on levels of every shape down to one cell wide, where the fast loop
    // under 8 directions reads overlapping words. (A key picked up is another
    // matter: the flood goes on from its doors before the key's own neighbours.)
    void theFloodGoesBreadthFirstInStepOrder() {
        Rng rng(2024);
        for (int trial = 0; trial < 400; ++trial) {
            // Every built-in kind but the locked door, rows wide enough for the
            // construction's sixteen-at-a-time path and its tail.
            Level level = randomLevel(rng, trial < 100, 40, [](std::uint32_t roll) {
                constexpr Tile kOthers[] = {Tile::StairsDown, Tile::StairsUp, Tile::Door, Tile::Water, Tile::Obstacle, Tile::Void, Tile::Exit, Tile::Corridor};
                return roll < 6 ? Tile::Wall : roll < 14 ? kOthers[roll - 6] : Tile::Floor;
            });
            const Point start = randomFloor(rng, level);
            for (const Connectivity movement : {Connectivity::Four, Connectivity::Eight}) {
                KeyedFlood flood(level, movement);
                flood.run({start.x, start.y, 0});
                std::vector<Point> got;
                for (const std::uint32_t i : flood.order()) got.push_back({flood.cellOf(i).x, flood.cellOf(i).y});
                const std::vector<Point> expected = breadthFirst(level, start, movement);
                QVERIFY2(got == expected, qPrintable(QString("trial %1, %2 x %3, %4 directions: %5 cells reached, %6 expected")
                                                         .arg(trial).arg(level.width()).arg(level.height()).arg(stepCount(movement)).arg(got.size()).arg(expected.size())));
            }
        }
    }

    // reachable_share, start_to_exit and critical_path with a key in reach, and
    // without one; the play-test's keys and locked doors.
    void aDoorOpensOnlyToItsKey() {
        Level level = levelOf({
            "##########",
            "#........#",
            "#####&####",
            "#........#",
            "##########",
        });
        level.doors.push_back({{5, 2, 0}, -1, -1, "red"});
        level.markers.push_back({"start", {1, 1, 0}});
        level.markers.push_back({"exit", {1, 3, 0}});
        level.set(1, 3, 0, Tile::Exit);
        Measurement m = measure(level, Connectivity::Four);
        QCOMPARE(testing::metric(m, "locks"), 1.0);
        QVERIFY(testing::metric(m, "reachable_share") < 0.6); // no key: the door is a wall
        QVERIFY(std::isnan(testing::metric(m, "critical_path")));
        level.entities.push_back({"key", {8, 1, 0}, {{"opens", std::string("red")}}});
        m = measure(level, Connectivity::Four);
        QCOMPARE(testing::metric(m, "reachable_share"), 1.0);
        QCOMPARE(testing::metric(m, "start_to_exit"), 10.0); // through the open door
        QCOMPARE(testing::metric(m, "critical_path"), 16.0); // 7 to the key, 9 from there

        Game game(level, 1, GameOptions::forMovement(Connectivity::Four));
        for (int i = 0; i < 4; ++i) QVERIFY(game.act({Input::Kind::Move, 1, 0}));
        QVERIFY(!game.act({Input::Kind::Move, 0, 1})); // at (5, 1), above the door, without its key
        QVERIFY2(game.messages().back().text.find("locked") != std::string::npos, game.messages().back().text.c_str());
        QVERIFY(!game.canUnlock({5, 2, 0}));
        for (int i = 0; i < 3; ++i) QVERIFY(game.act({Input::Kind::Move, 1, 0}));
        QCOMPARE(game.keysHeld(), std::vector<std::string>{"red"});
        for (int i = 0; i < 3; ++i) QVERIFY(game.act({Input::Kind::Move, -1, 0}));
        QVERIFY(game.canUnlock({5, 2, 0}));
        QVERIFY(game.act({Input::Kind::Move, 0, 1})); // opens: the turn is spent, the player stays
        QCOMPARE(game.player().at, (Cell{5, 1, 0}));
        QCOMPARE(game.level().at(5, 2, 0), Tile::Door);
        QCOMPARE(game.keysHeld(), std::vector<std::string>{"red"}); // kept
        QVERIFY(game.act({Input::Kind::Move, 0, 1}));
        QCOMPARE(game.player().at, (Cell{5, 2, 0}));

        // A spent key stays in its lock.
        level.entities.back().properties.push_back({"spent", true});
        Game spent(level, 1, GameOptions::forMovement(Connectivity::Four));
        for (int i = 0; i < 7; ++i) spent.act({Input::Kind::Move, 1, 0});
        for (int i = 0; i < 3; ++i) spent.act({Input::Kind::Move, -1, 0});
        QVERIFY(spent.act({Input::Kind::Move, 0, 1}));
        QVERIFY(spent.keysHeld().empty());
        // The bot fetches the key, opens the door and wins.
        Game bot(level, 1, GameOptions::forMovement(Connectivity::Four));
        QCOMPARE(playWithBot(bot, 200).outcome, Outcome::Won);
    }

    // The vault example over seeds: rooms, the lock, every key before its door, the
    // exit reached, the TMJ naming locked_door, the bot fetching the key and winning.
    void theVaultIsAlwaysSolvable() {
        const Project p = testing::exampleProject("vault.burrow.json");
        int won = 0, games = 0;
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            const QString where = QString("vault seed %1").arg(seed);
            const Measurement m = measure(made.level, p.movement);
            QVERIFY2(testing::metric(m, "rooms") >= 8, qPrintable(where));
            QVERIFY2(testing::metric(m, "reachable_share") >= 0.999, qPrintable(where));
            QCOMPARE(testing::metric(m, "locks"), 1.0);
            QVERIFY(testing::metric(m, "critical_path") >= testing::metric(m, "start_to_exit"));
            checkSolvable(made.level, p.movement, where);
            const json tmj = json::parse(tmjMap(made.level, 0, {p.name, seed, projectHash(p), levelHash(made.level)}, 16, "t.png"));
            int lockedId = -1;
            for (const json& t : tmj["tilesets"][0]["tiles"])
                if (t["type"] == "locked_door") lockedId = t["id"];
            QVERIFY2(lockedId >= 0, qPrintable(where));
            const json& data = tmj["layers"][0]["data"];
            QVERIFY2(std::find(data.begin(), data.end(), json(lockedId + 1)) != data.end(), qPrintable(where + ": no locked_door tile on the map"));
            bool lockObject = false;
            for (const json& o : tmj["layers"][1]["objects"])
                lockObject |= o["type"] == "locked_door" && o["properties"][0]["value"] == "vault";
            QVERIFY2(lockObject, qPrintable(where));
            // The exit lies beyond the vault: a win is a key fetched and a door opened.
            for (std::uint64_t run = 1; run <= 3; ++run) {
                Game game(made.level, run, GameOptions::forMovement(p.movement));
                const GameSummary s = playWithBot(game, 2000);
                ++games;
                if (s.outcome != Outcome::Won) continue;
                ++won;
                QVERIFY2(!game.keysHeld().empty(), qPrintable(where));
            }
        }
        QVERIFY2(won * 10 >= games * 8, qPrintable(QString("the bot won %1 of %2").arg(won).arg(games)));
    }

    // Extra locks on a maze's chokepoints: each key before its door, chains in
    // order, the count asked for (a perfect maze's walk has many chokepoints).
    void chokepointLocksAreSolvable() {
        const Project p = test::projectOf(mazeWithLocks(3));
        for (std::uint64_t seed = 1; seed <= kManySeeds; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            const QString where = QString("maze seed %1").arg(seed);
            QVERIFY2(made.warnings.empty(), qPrintable(where + ": " + QString::fromStdString(made.warnings.empty() ? "" : made.warnings.front().message)));
            QCOMPARE(testing::metric(measure(made.level, p.movement), "locks"), 3.0);
            QCOMPARE(testing::metric(measure(made.level, p.movement), "reachable_share"), 1.0);
            checkSolvable(made.level, p.movement, where);
        }
    }

    void deterministicAndSteppable() {
        const Project p = test::projectOf(mazeWithLocks(2));
        const Level run = makeLevel(p, 4).level;
        QVERIFY(run == makeLevel(p, 4).level);
        LevelBuild stepped(p, 4, GenerationOptions{.recordTimeline = true});
        while (stepped.step()) {
        }
        QVERIFY(stepped.level() == run);
    }
};

} // namespace locks_test

BURROW_TEST_GUILESS_MAIN(locks_test::TestLocks)

#include "test_locks.moc"
