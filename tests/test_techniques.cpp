// Each technique's own promises: drones stay on the map, the cellular rule matches a
// plain reference, rooms and hallways connect every room, the room grid reaches
// every room, and impossible settings end with a warning instead of a hang.
#include <QTest>

#include <deque>
#include <set>

#include "test_main.h"
#include "generation/generation.h"
#include "pipeline/builtin_stages.h"
#include "stage_entries.h"
#include "generators/cell_automaton.h"

using namespace burrow;

namespace {


// Walkable cells reachable from `from` moving in four directions.
Grid<std::uint8_t> reachable(const TileGrid& tiles, Point from) {
    Grid<std::uint8_t> seen(tiles.width(), tiles.height(), 0);
    std::deque<Point> queue{from};
    seen(from.x, from.y) = 1;
    while (!queue.empty()) {
        const Point p = queue.front();
        queue.pop_front();
        for (Point d : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}}) {
            const int x = p.x + d.x, y = p.y + d.y;
            if (tiles.contains(x, y) && !seen(x, y) && isWalkable(tiles(x, y))) {
                seen(x, y) = 1;
                queue.push_back({x, y});
            }
        }
    }
    return seen;
}

// The rule written the obvious way, one cell at a time.
TileGrid referenceGeneration(const TileGrid& in, const LifeRule& rule) {
    TileGrid out(in.width(), in.height());
    for (int y = 0; y < in.height(); ++y)
        for (int x = 0; x < in.width(); ++x) {
            int n = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    if ((dx == 0 && dy == 0) || (rule.neighbourhood == 4 && dx != 0 && dy != 0)) continue;
                    const int nx = x + dx, ny = y + dy;
                    n += in.contains(nx, ny) ? in(nx, ny) == Tile::Floor : rule.outsideAlive;
                }
            const bool alive = in(x, y) == Tile::Floor;
            const bool next = alive ? ((rule.survive >> n) & 1) : ((rule.born >> n) & 1);
            out(x, y) = next ? Tile::Floor : Tile::Wall;
        }
    return out;
}

} // namespace

class TestTechniques : public QObject {
    Q_OBJECT
private slots:
    void dronesNeverLeaveTheMap() {
        Recipe recipe;
        recipe.stages.push_back(entry("drone_mining", {{"drones_min", std::int64_t{40}}, {"drones_max", std::int64_t{40}},
                                                       {"life_min", std::int64_t{300}}, {"life_max", std::int64_t{300}}}));
        Generation g({12, 7, 1}, 99, recipe, builtinStages(), {true});
        int checked = 0;
        while (g.step()) {
            for (const Annotation& a : g.currentAnnotations()) {
                QVERIFY(a.kind == Annotation::Kind::Drone);
                QVERIFY2(a.x < 12 && a.y < 7, qPrintable(QString("drone at %1,%2").arg(a.x).arg(a.y)));
                ++checked;
            }
        }
        QVERIFY(checked >= 40 * 299);
        // Forty drones over 300 ticks on 84 cells mine every cell, corners and edges included.
        for (Tile t : g.level().tiles(0)) QCOMPARE(t, Tile::Floor);
    }

    void marksCarryTheirStagesDepth() {
        Recipe recipe;
        recipe.stages.push_back(entry("drone_mining"));
        Generation g({30, 20, 3}, 4, recipe, builtinStages(), {true});
        std::set<int> depths;
        while (g.step())
            for (const Annotation& a : g.currentAnnotations()) {
                QCOMPARE(int(a.z), g.runs()[g.timeline()->runOf(g.stepsDone() - 1)].depth);
                depths.insert(a.z);
            }
        QCOMPARE(depths.size(), std::size_t(3));
    }

    void droneCountsAndLivesStayInRange() {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            Recipe recipe;
            recipe.stages.push_back(entry("drone_mining", {{"drones_min", std::int64_t{2}}, {"drones_max", std::int64_t{5}},
                                                           {"life_min", std::int64_t{3}}, {"life_max", std::int64_t{6}}}));
            Generation g({40, 40, 1}, seed, recipe, builtinStages(), {true});
            g.step(); // the fill
            QVERIFY(g.step());
            const auto drones = g.currentAnnotations().size();
            QVERIFY2(drones >= 2 && drones <= 5, qPrintable(QString::number(drones)));
            std::size_t ticks = 1;
            while (g.step()) ++ticks;
            QVERIFY2(ticks >= 3 && ticks <= 6, qPrintable(QString::number(ticks)));
        }
    }

    void walkersOnlyPaintOpenGround() {
        Recipe recipe;
        recipe.stages.push_back(entry("drone_mining"));
        Recipe withWater = recipe;
        withWater.stages.push_back(entry("cave_walkers", {{"tile", std::string("water")}, {"life_min", std::int64_t{200}}, {"life_max", std::int64_t{200}}}));
        const Level dug = generateLevel({60, 30, 1}, 5, recipe, builtinStages());
        const Level wet = generateLevel({60, 30, 1}, 5, withWater, builtinStages());
        int water = 0;
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 60; ++x) {
                if (dug.at(x, y, 0) == Tile::Wall) QCOMPARE(wet.at(x, y, 0), Tile::Wall);
                water += wet.at(x, y, 0) == Tile::Water;
            }
        QVERIFY(water > 0);
    }

    void walkersOnSolidRockWarnAndStop() {
        Recipe recipe;
        recipe.stages.push_back(entry("cave_walkers"));
        std::vector<std::string> warnings;
        generateLevel({30, 30, 1}, 5, recipe, builtinStages(), &warnings);
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(warnings[0]).contains("no open ground"));
    }

    void cellularMatchesTheReference_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        for (auto [w, h] : {std::pair{1, 1}, {5, 3}, {63, 4}, {64, 5}, {65, 7}, {130, 9}, {17, 33}})
            QTest::newRow(qPrintable(QString("%1x%2").arg(w).arg(h))) << w << h;
    }
    void cellularMatchesTheReference() {
        QFETCH(int, width);
        QFETCH(int, height);
        Rng rng(static_cast<std::uint64_t>(width * 1000 + height));
        for (int trial = 0; trial < 24; ++trial) {
            TileGrid start(width, height);
            for (Tile& t : start) t = rng.chance(0.5) ? Tile::Floor : Tile::Wall;
            LifeRule rule;
            rule.neighbourhood = trial % 2 ? 4 : 8;
            rule.outsideAlive = (trial / 2) % 2;
            rule.born = trial < 4 ? countMask({5, 6, 7, 8}) : static_cast<std::uint16_t>(rng.below(512));
            rule.survive = trial < 4 ? countMask({4, 5, 6, 7, 8}) : static_cast<std::uint16_t>(rng.below(512));
            const int generations = 1 + trial % 3;

            // The stage, smoothing the map as it is (no noise), against the reference.
            Level level({width, height, 1});
            level.tiles(0) = start;
            std::vector<int> born, survive;
            for (int n = 0; n <= 8; ++n) {
                if ((rule.born >> n) & 1) born.push_back(n);
                if ((rule.survive >> n) & 1) survive.push_back(n);
            }
            StageEntry e = entry("cellular_caves", {{"randomize", false}, {"generations", std::int64_t{generations}},
                                                    {"neighbours", std::int64_t{rule.neighbourhood}},
                                                    {"border", std::string(rule.outsideAlive ? "floor" : "wall")}, {"born", born}, {"survive", survive}});
            const StageType& type = *builtinStages().find("cellular_caves");
            auto stage = type.create(e.params, {level.size(), 0, Rng(1), Connectivity::Eight, nullptr});
            LevelCanvas canvas(level, 0);
            stage->run(canvas);

            TileGrid expected = start;
            for (int g = 0; g < generations; ++g) expected = referenceGeneration(expected, rule);
            QVERIFY2(level.tiles(0) == expected, qPrintable(QString("trial %1").arg(trial)));
        }
    }

    void cellularNoiseMeansItsFill() {
        Recipe recipe;
        recipe.stages.push_back(entry("cellular_caves", {{"generations", std::int64_t{0}}, {"fill", 0.3}}));
        const Level level = generateLevel({200, 200, 1}, 8, recipe, builtinStages());
        int floor = 0;
        for (Tile t : level.tiles(0)) floor += t == Tile::Floor;
        QVERIFY2(std::abs(floor - 12000) < 400, qPrintable(QString::number(floor)));
    }

    void cellularBandsEqualWholeGenerations() {
        Recipe whole, banded;
        whole.stages.push_back(entry("cellular_caves"));
        banded.stages.push_back(entry("cellular_caves", {{"rows_per_step", std::int64_t{7}}}));
        Generation g({90, 50, 1}, 3, banded, builtinStages(), {true});
        while (g.step()) {}
        QCOMPARE(g.timeline()->stepCount(), std::size_t(4 * 8)); // noise + 3 generations, 8 bands of 7 rows each
        QVERIFY(g.level().tiles(0) == generateLevel({90, 50, 1}, 3, whole, builtinStages()).tiles(0));
    }

    void randomFillMeansItsWallChance() {
        Recipe recipe;
        recipe.stages.push_back(entry("random_fill", {{"wall_chance", 0.8}}));
        const Level level = generateLevel({200, 100, 1}, 4, recipe, builtinStages());
        int walls = 0;
        for (Tile t : level.tiles(0)) walls += t == Tile::Wall;
        QVERIFY2(std::abs(walls - 16000) < 400, qPrintable(QString::number(walls)));
    }

    void roomsAndHallwaysConnectEveryRoom() {
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            Recipe recipe;
            // Both joins: the ring in placed order (seed 003) and along the curve.
            recipe.stages.push_back(entry("rooms_and_hallways", {{"hall_width", std::int64_t(1 + seed % 3)},
                                                                 {"join", std::string(seed % 2 ? "in_order" : "nearby")}}));
            const Level level = generateLevel({70, 50, 1}, seed, recipe, builtinStages());
            std::vector<const Area*> rooms;
            for (const Area& a : level.areas)
                if (a.kind == AreaKind::Room) rooms.push_back(&a);
            QCOMPARE(rooms.size(), std::size_t(10));
            const auto seen = reachable(level.tiles(0), rooms[0]->bounds.center());
            for (const Area* room : rooms) QVERIFY(seen(room->bounds.center().x, room->bounds.center().y));
            // Culling leaves no stone away from open ground, and keeps stone beside it.
            for (int y = 0; y < level.height(); ++y)
                for (int x = 0; x < level.width(); ++x) {
                    bool nearOpen = false;
                    for (int dy = -1; dy <= 1; ++dy)
                        for (int dx = -1; dx <= 1; ++dx)
                            nearOpen |= level.contains(x + dx, y + dy, 0) && isWalkable(level.at(x + dx, y + dy, 0));
                    const Tile t = level.at(x, y, 0);
                    if (t == Tile::Wall) QVERIFY(nearOpen);
                    if (t == Tile::Void) QVERIFY(!nearOpen);
                }
        }
    }

    // Joined nearby, the hallways are about as long as the rooms' spacing: at one room
    // per 8,000 cells their total length grows with the area (16x from 500 to 2000 a
    // side), where the placed order's grows with area times width (about 64x).
    void nearbyJoinsKeepHallwaysShort() {
        const auto hallCells = [](int side, const char* join) {
            Recipe recipe;
            recipe.stages.push_back(entry("rooms_and_hallways", {{"rooms", std::int64_t{side * side / 8000}}, {"room_max_width", std::int64_t{30}},
                                                                 {"room_max_height", std::int64_t{20}}, {"join", std::string(join)}}));
            const Level level = generateLevel({side, side, 1}, 5, recipe, builtinStages());
            double cells = 0;
            for (const Area& a : level.areas)
                if (a.kind == AreaKind::Hallway) cells += static_cast<double>(a.bounds.width) * a.bounds.height;
            return cells;
        };
        const double nearbyGrowth = hallCells(2000, "nearby") / hallCells(500, "nearby");
        const double inOrderGrowth = hallCells(2000, "in_order") / hallCells(500, "in_order");
        QVERIFY2(nearbyGrowth > 8 && nearbyGrowth < 24, qPrintable(QString::number(nearbyGrowth)));
        QVERIFY2(inOrderGrowth > 40, qPrintable(QString::number(inOrderGrowth)));
        QVERIFY(hallCells(2000, "nearby") * 5 < hallCells(2000, "in_order"));
    }

    void roomGridReachesEveryRoomWithDistances() {
        for (std::uint64_t seed = 1; seed <= 25; ++seed) {
            Recipe recipe;
            recipe.stages.push_back(entry("room_grid", {{"rooms", std::int64_t{14}}, {"extra_doors", 0.3}}));
            const Level level = generateLevel({81, 51, 1}, seed, recipe, builtinStages());
            QCOMPARE(level.areas.size(), std::size_t(14));
            QCOMPARE(level.markers.size(), std::size_t(1));
            const Cell start = level.markers[0].at;
            const auto seen = reachable(level.tiles(0), {start.x, start.y});
            QCOMPARE(level.areas[0].distanceFromStart, 0);
            for (const Area& room : level.areas) {
                QVERIFY(seen(room.bounds.center().x, room.bounds.center().y));
                QVERIFY(room.distanceFromStart >= 0);
            }
            QVERIFY(level.doors.size() >= 13); // at least a spanning tree
            for (const Door& d : level.doors) {
                QCOMPARE(level.at(d.at.x, d.at.y, 0), Tile::Door);
                // Distances along a door differ by at most one.
                QVERIFY(std::abs(level.areas[std::size_t(d.areaA)].distanceFromStart - level.areas[std::size_t(d.areaB)].distanceFromStart) <= 1);
            }
        }
    }

    void impossibleSettingsWarnFast() {
        Recipe recipe;
        recipe.stages.push_back(entry("room_grid", {{"columns", std::int64_t{50}}, {"rows", std::int64_t{50}}, {"rooms", std::int64_t{5000}}}));
        std::vector<std::string> warnings;
        const Level level = generateLevel({20, 9, 1}, 1, recipe, builtinStages(), &warnings);
        QVERIFY(!warnings.empty());
        QCOMPARE(level.areas.size(), std::size_t(9 * 4));

        Recipe tiny;
        tiny.stages.push_back(entry("rooms_and_hallways", {{"room_min_width", std::int64_t{40}}, {"room_max_width", std::int64_t{90}}}));
        const Level small = generateLevel({3, 3, 1}, 1, tiny, builtinStages());
        for (const Area& a : small.areas) QVERIFY(a.bounds.right() <= 3 && a.bounds.bottom() <= 3);
    }
};

BURROW_TEST_APPLESS_MAIN(TestTechniques)
#include "test_techniques.moc"
