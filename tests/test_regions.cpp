// Regions, pruning, connecting, stairs between depths, reachability and metrics.
#include <QTest>

#include <map>
#include <set>

#include "test_main.h"
#include "generation/generation.h"
#include "pipeline/builtin_stages.h"
#include "stage_entries.h"
#include "io/ascii_map.h"
#include "project/project.h"
#include "flood_labels.h"
#include "regions/growing_regions.h"
#include "regions/reachability.h"
#include "regions/region_map.h"
#include "regions/region_palette.h"

using namespace burrow;
using burrow::test::floodLabels;

namespace {


Recipe recipeOf(std::initializer_list<StageEntry> stages) {
    Recipe r;
    for (const auto& s : stages) {
        StageEntry e = s;
        e.name = e.type + std::to_string(r.stages.size());
        r.stages.push_back(e);
    }
    return r;
}

Level caves(LevelSize size, std::uint64_t seed, std::vector<StageEntry> more = {}, Connectivity movement = Connectivity::Eight) {
    Recipe recipe = recipeOf({entry("cellular_caves")});
    for (auto& e : more) {
        e.name = e.type + std::to_string(recipe.stages.size());
        recipe.stages.push_back(e);
    }
    return generateLevel(size, seed, recipe, builtinStages(), nullptr, movement);
}

} // namespace

class TestRegions : public QObject {
    Q_OBJECT
private slots:
    void labellingMatchesFloodFill() {
        Rng rng(77);
        for (int trial = 0; trial < 300; ++trial) {
            // Widths past 64 and 128 cross the word boundaries of the bit scan.
            const int w = 1 + static_cast<int>(rng.below(trial % 3 == 0 ? 150 : 23)), h = 1 + static_cast<int>(rng.below(17));
            TileGrid tiles(w, h);
            const double open = 0.3 + 0.4 * rng.unit();
            for (Tile& t : tiles) t = rng.chance(open) ? Tile::Floor : Tile::Wall;
            for (Connectivity c : {Connectivity::Four, Connectivity::Eight}) {
                const RegionMap map = labelRegions(tiles, c);
                const Grid<int> expected = floodLabels(tiles, c);
                std::map<int, int> sizes;
                for (int y = 0; y < h; ++y)
                    for (int x = 0; x < w; ++x) {
                        QCOMPARE(map.labels(x, y), expected(x, y));
                        if (expected(x, y)) ++sizes[expected(x, y)];
                    }
                QCOMPARE(map.count(), static_cast<int>(sizes.size()));
                QCOMPARE(countRegions(tiles, c), sizes.size());
                for (const RegionInfo& r : map.regions) {
                    QCOMPARE(r.size, sizes[r.label]);
                    QCOMPARE(map.labels(r.representative.x, r.representative.y), r.label);
                    for (int y = 0; y < h; ++y)
                        for (int x = 0; x < w; ++x)
                            if (map.labels(x, y) == r.label) QVERIFY(r.bounds.contains(x, y));
                }
                // The run form agrees, and grouping runs by region loses none.
                const RegionRuns runs = labelRuns(tiles, c);
                const auto groups = runs.byRegion();
                QCOMPARE(groups.runIndex.size(), runs.runs.size());
                for (const RegionInfo& r : map.regions) {
                    int cells = 0;
                    for (auto i = groups.offset[std::size_t(r.label - 1)]; i < groups.offset[std::size_t(r.label)]; ++i) {
                        const CellRun& run = runs.runs[groups.runIndex[i]];
                        cells += run.x1 - run.x0;
                        for (int x = run.x0; x < run.x1; ++x) QCOMPARE(map.labels(x, run.y), r.label);
                    }
                    QCOMPARE(cells, r.size);
                }
                // The first pass alone, from the rows as bits: its parts are the
                // regions, one part a region and one region a part.
                const std::size_t words = static_cast<std::size_t>(w) / 64 + 1;
                std::vector<std::uint64_t> rows(words * static_cast<std::size_t>(h), 0);
                for (int y = 0; y < h; ++y) builtInTileKinds().walkableWords(tiles.row(y), w, rows.data() + static_cast<std::size_t>(y) * words);
                JoinedRuns joined;
                joinRuns(rows.data(), words, h, c, joined);
                std::map<int, int> regionOfPart, partOfRegion;
                for (int y = 0; y < h; ++y)
                    for (int x = 0; x < w; ++x) {
                        const int part = joined.partAt(x, y), region = expected(x, y);
                        QCOMPARE(part == 0, region == 0);
                        if (region == 0) continue;
                        QVERIFY(part > 0 && static_cast<std::size_t>(part) < joined.labelCount());
                        QCOMPARE(regionOfPart.try_emplace(part, region).first->second, region);
                        QCOMPARE(partOfRegion.try_emplace(region, part).first->second, part);
                    }
            }
        }
    }

    // Opening cells one by one (in a random order, some already open, some opened
    // twice): the growing count and connections equal a flood fill's after each.
    void growingRegionsFollowOpenedCells() {
        Rng rng(4242);
        for (int trial = 0; trial < 60; ++trial) {
            const int w = 1 + static_cast<int>(rng.below(40)), h = 1 + static_cast<int>(rng.below(30));
            const Connectivity c = trial % 2 ? Connectivity::Four : Connectivity::Eight;
            TileGrid tiles(w, h);
            for (Tile& t : tiles) t = rng.chance(0.2) ? Tile::Floor : Tile::Wall;
            GrowingRegions growing(c);
            growing.reset(tiles);
            QCOMPARE(growing.count(), countRegions(tiles, c));
            for (int k = 0; k < w * h; ++k) {
                const int x = static_cast<int>(rng.below(static_cast<std::uint32_t>(w))), y = static_cast<int>(rng.below(static_cast<std::uint32_t>(h)));
                tiles(x, y) = rng.chance(0.5) ? Tile::Floor : Tile::Corridor;
                growing.open(tiles, x, y);
                growing.open(tiles, x, y); // twice changes nothing
                if (k % 7 != 0) continue;
                const Grid<int> expected = floodLabels(tiles, c);
                int regions = 0;
                for (int v : expected) regions = std::max(regions, v);
                QCOMPARE(growing.count(), std::size_t(regions));
                for (int probe = 0; probe < 10; ++probe) {
                    const int ax = static_cast<int>(rng.below(static_cast<std::uint32_t>(w))), ay = static_cast<int>(rng.below(static_cast<std::uint32_t>(h)));
                    const int bx = static_cast<int>(rng.below(static_cast<std::uint32_t>(w))), by = static_cast<int>(rng.below(static_cast<std::uint32_t>(h)));
                    QCOMPARE(growing.connected(ax, ay, bx, by), expected(ax, ay) != 0 && expected(ax, ay) == expected(bx, by));
                }
            }
        }
    }

    void diagonalOnlyTouchIsTwoRegionsWithFour() {
        const Level level = levelFromAscii(".#\n#.\n");
        QCOMPARE(labelRegions(level.tiles(0), Connectivity::Eight).count(), 1);
        QCOMPARE(labelRegions(level.tiles(0), Connectivity::Four).count(), 2);
    }

    void pruningLeavesNoSmallRegion_data() {
        QTest::addColumn<int>("connectivity"); // the project's movement, which the stages follow
        QTest::addColumn<int>("maxSize");
        QTest::newRow("8, 20 (the seed)") << 8 << 20;
        QTest::newRow("4, 20") << 4 << 20;
        QTest::newRow("8, 200") << 8 << 200;
    }
    void pruningLeavesNoSmallRegion() {
        QFETCH(int, connectivity);
        QFETCH(int, maxSize);
        const Connectivity c = connectivity == 4 ? Connectivity::Four : Connectivity::Eight;
        const Level before = caves({120, 80, 1}, 11);
        const Level after = caves({120, 80, 1}, 11, {entry("prune_regions", {{"max_size", std::int64_t{maxSize}}})}, c);
        const RegionMap was = labelRegions(before.tiles(0), c);
        const RegionMap now = labelRegions(after.tiles(0), c);
        QVERIFY(std::any_of(was.regions.begin(), was.regions.end(), [&](const RegionInfo& r) { return r.size <= maxSize; }));
        for (const RegionInfo& r : now.regions) QVERIFY2(r.size > maxSize, qPrintable(QString::number(r.size)));
        // Big regions are untouched: every cell of a kept region was floor before and is floor now.
        int kept = 0;
        for (const RegionInfo& r : was.regions)
            if (r.size > maxSize) kept += r.size;
        int floor = 0;
        for (Tile t : after.tiles(0)) floor += isWalkable(t);
        QCOMPARE(floor, kept);
    }

    void keepLargestOnlyLeavesOne() {
        const Level level = caves({120, 80, 1}, 12, {entry("prune_regions", {{"keep_largest_only", true}})});
        QCOMPARE(labelRegions(level.tiles(0), Connectivity::Eight).count(), 1);
    }

    void connectingLeavesOneRegion_data() {
        QTest::addColumn<int>("connectivity"); // the project's movement, which the stages follow
        QTest::newRow("8") << 8;
        QTest::newRow("4") << 4;
    }
    void connectingLeavesOneRegion() {
        QFETCH(int, connectivity);
        const Connectivity c = connectivity == 4 ? Connectivity::Four : Connectivity::Eight;
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            const Level before = caves({90, 60, 1}, seed);
            const Level after = caves({90, 60, 1}, seed, {entry("connect_regions")}, c);
            QVERIFY(labelRegions(before.tiles(0), c).count() > 1);
            QCOMPARE(labelRegions(after.tiles(0), c).count(), 1);
            // Only rock was dug; nothing open was closed.
            for (std::size_t i = 0; i < before.tiles(0).size(); ++i)
                if (isWalkable(before.tiles(0).data()[i])) QVERIFY(isWalkable(after.tiles(0).data()[i]));
        }
    }

    void connectingStepsOneTunnelEach() {
        Recipe recipe = recipeOf({entry("cellular_caves"), entry("connect_regions")});
        Generation stepped({60, 40, 1}, 5, recipe, builtinStages(), {true});
        while (stepped.step()) {}
        QVERIFY(stepped.level().tiles(0) == generateLevel({60, 40, 1}, 5, recipe, builtinStages()).tiles(0));
        const std::size_t regions = static_cast<std::size_t>(labelRegions(caves({60, 40, 1}, 5).tiles(0), Connectivity::Eight).count());
        // noise + 3 generations, then: plan, and one step per tunnel (regions - 1 of them).
        QCOMPARE(stepped.timeline()->stepCount(), 4 + 1 + (regions - 1));
        stepped.seek(0);
        for (Tile t : stepped.level().tiles(0)) QCOMPARE(t, Tile::Wall);
    }

    void stairsArePairedAndOncePerRegionPair() {
        const LevelSize size{80, 50, 4};
        Recipe base = recipeOf({entry("cellular_caves"), entry("prune_regions")});
        Recipe linked = base;
        linked.stages.push_back(entry("depth_links"));
        const Level before = generateLevel(size, 9, base, builtinStages());
        const Level level = generateLevel(size, 9, linked, builtinStages());
        QVERIFY(!level.stairs.empty());

        std::set<std::tuple<int, int, int>> pairs;
        for (const StairsPair& s : level.stairs) {
            QCOMPARE(level.at(s.x, s.y, s.upperDepth), Tile::StairsDown);
            QCOMPARE(level.at(s.x, s.y, s.upperDepth + 1), Tile::StairsUp);
            QVERIFY2(pairs.insert({s.upperDepth, s.upperRegion, s.lowerRegion}).second, "a region pair linked twice");
        }
        // Every stairs tile belongs to a recorded pair, and every overlapping pair of regions got one.
        std::size_t down = 0, up = 0;
        for (int z = 0; z < size.depth; ++z)
            for (Tile t : level.tiles(z)) {
                down += t == Tile::StairsDown;
                up += t == Tile::StairsUp;
            }
        QCOMPARE(down, level.stairs.size());
        QCOMPARE(up, level.stairs.size());
        std::set<std::tuple<int, int, int>> overlapping;
        for (int z = 0; z + 1 < size.depth; ++z) {
            const RegionMap a = labelRegions(before.tiles(z), Connectivity::Eight), b = labelRegions(before.tiles(z + 1), Connectivity::Eight);
            for (std::size_t i = 0; i < a.labels.size(); ++i)
                if (a.labels.data()[i] && b.labels.data()[i]) overlapping.insert({z, a.labels.data()[i], b.labels.data()[i]});
        }
        QVERIFY(pairs == overlapping);
    }

    // "far_from_up_stairs": a depth's down stairs go where a player walks furthest
    // from the up stairs arriving there. Depth 0 opens on one cell only, so the
    // stairs onto depth 1 land at (1,1); depth 1 is a U, whose furthest cell by
    // walking is the U's other end (1,3), not the straight-line furthest (7,3).
    void downStairsFarFromUpStairs() {
        const char* text = "#########\n#.#######\n#########\n#########\n#########\n\n"
                           "#########\n#.......#\n#######.#\n#.......#\n#########\n\n"
                           "#########\n#.......#\n#######.#\n#.......#\n#########\n";
        std::set<std::pair<int, int>> anywhere;
        for (std::uint64_t seed = 1; seed <= 12; ++seed)
            for (const char* mode : {"anywhere", "far_from_up_stairs"}) {
                Level level = levelFromAscii(text);
                const StageType& type = *builtinStages().find("depth_links");
                StageEntry e = entry("depth_links", {{"down_stairs", std::string(mode)}});
                auto stage = type.create(e.params, {level.size(), 0, Rng(seed), Connectivity::Eight, nullptr});
                LevelCanvas canvas(level, 0);
                stage->run(canvas);
                QCOMPARE(level.stairs.size(), std::size_t(2));
                QCOMPARE(level.stairs[0].x, 1);
                QCOMPARE(level.stairs[0].y, 1);
                if (std::string(mode) == "anywhere") {
                    anywhere.insert({level.stairs[1].x, level.stairs[1].y});
                } else {
                    QCOMPARE(level.stairs[1].x, 1);
                    QCOMPARE(level.stairs[1].y, 3);
                }
            }
        QVERIFY(anywhere.size() > 3); // the default still draws among the shared cells
    }

    void distancesCrossStairs() {
        // Start top-left on depth 0; stairs at (3,1) lead down; depth 1 continues right.
        Level level = levelFromAscii("#####\n#..>#\n#####\n\n#####\n#..<.\n#####\n");
        const DistanceMap d = distanceMap(level, std::vector<Cell>{{1, 1, 0}}, Connectivity::Four);
        QCOMPARE(d.at(1, 1, 0), 0);
        QCOMPARE(d.at(3, 1, 0), 2);
        QCOMPARE(d.at(3, 1, 1), 3);
        QCOMPARE(d.at(4, 1, 1), 4);
        QCOMPARE(d.at(1, 1, 1), 5);
        QCOMPARE(d.at(0, 0, 0), -1);
        // Stairs up lead back: two steps east, one up, two west.
        const DistanceMap back = distanceMap(level, std::vector<Cell>{{1, 1, 1}}, Connectivity::Four);
        QCOMPARE(back.at(3, 1, 0), 3);
        QCOMPARE(back.at(1, 1, 0), 5);
    }

    void nearestWalkableSearchesOutward() {
        const Level level = levelFromAscii("#####\n#####\n##.##\n#####\n....#\n");
        QCOMPARE(nearestWalkable(level, {2, 2, 0}), std::optional<Cell>(Cell{2, 2, 0}));
        QCOMPARE(nearestWalkable(level, {2, 0, 0}), std::optional<Cell>(Cell{2, 2, 0}));
        QCOMPARE(nearestWalkable(level, {0, 3, 0}), std::optional<Cell>(Cell{0, 4, 0}));
        QVERIFY(!nearestWalkable(levelFromAscii("###\n###\n"), {1, 1, 0}));
    }

    void diagonalMovesOnlyWithEight() {
        const Level level = levelFromAscii(".#\n#.\n");
        QCOMPARE(distanceMap(level, std::vector<Cell>{{0, 0, 0}}, Connectivity::Eight).at(1, 1, 0), 1);
        QCOMPARE(distanceMap(level, std::vector<Cell>{{0, 0, 0}}, Connectivity::Four).at(1, 1, 0), -1);
    }

    // On the jsrogue example every depth is reachable from depth 0, or the report
    // names exactly the regions that are not.
    void jsrogueReachabilityIsReportedExactly() {
        const Project p = loadProject(std::string(BURROW_EXAMPLES) + "/cellular-depths.burrow.json", builtinStages());
        const Level level = makeLevel(p).level;
        const ReachabilityReport report = reachability(level, p.movement);
        QVERIFY(report.start.has_value());
        QCOMPARE(report.start->z, 0);
        // The region graph agrees with walking every cell.
        const DistanceMap walked = distanceMap(level, std::vector<Cell>{*report.start}, p.movement);
        for (int z = 0; z < level.depthCount(); ++z) {
            QVERIFY2(report.reachable[std::size_t(z)] > 0, qPrintable(QString("depth %1 not reached at all").arg(z)));
            int missing = 0;
            for (const UnreachableRegion& u : report.unreachable)
                if (u.depth == z) {
                    missing += u.size;
                    QCOMPARE(walked.at(u.representative.x, u.representative.y, z), -1);
                }
            QCOMPARE(report.reachable[std::size_t(z)] + missing, report.walkable[std::size_t(z)]);
            int reachedByWalking = 0;
            for (std::int32_t v : walked.depth(z)) reachedByWalking += v >= 0;
            QCOMPARE(report.reachable[std::size_t(z)], reachedByWalking);
        }
    }

    // Region colours: neighbours (by brute force over every pair of cells within the
    // gap) always differ, and a region appearing far away recolours nobody.
    void neighbouringRegionsGetDifferentColours() {
        Rng rng(5150);
        constexpr int reach = kRegionNeighbourGap + 1;
        for (int trial = 0; trial < 60; ++trial) {
            const int w = 8 + static_cast<int>(rng.below(70)), h = 6 + static_cast<int>(rng.below(40));
            TileGrid tiles(w, h);
            const double open = 0.15 + 0.35 * rng.unit();
            for (Tile& t : tiles) t = rng.chance(open) ? Tile::Floor : Tile::Wall;
            const Connectivity c = trial % 2 ? Connectivity::Four : Connectivity::Eight;
            const RegionRuns runs = labelRuns(tiles, c);
            std::set<std::pair<int, int>> expected;
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x) {
                    const int a = runs.labelAt(x, y);
                    if (!a) continue;
                    for (int dy = -reach; dy <= reach; ++dy)
                        for (int dx = -reach; dx <= reach; ++dx) {
                            if (!tiles.contains(x + dx, y + dy)) continue;
                            const int b = runs.labelAt(x + dx, y + dy);
                            if (b && b != a) expected.insert({std::min(a, b), std::max(a, b)});
                        }
                }
            const auto pairs = neighbouringRegions(runs);
            const std::set<std::pair<int, int>> found(pairs.begin(), pairs.end());
            QCOMPARE(found.size(), pairs.size()); // each once
            QVERIFY2(found == expected, qPrintable(QString("trial %1: %2 pairs found, %3 expected").arg(trial).arg(found.size()).arg(expected.size())));
            const std::vector<std::uint32_t> colours = regionColours(runs);
            QCOMPARE(colours.size(), runs.regions.size());
            std::map<int, int> degree;
            for (const auto& [a, b] : expected) ++degree[a], ++degree[b];
            for (const auto& [a, b] : expected)
                if (degree[a] < int(kRegionPalette.size()) && degree[b] < int(kRegionPalette.size()))
                    QVERIFY2(colours[a - 1] != colours[b - 1], qPrintable(QString("trial %1: regions %2 and %3 share a colour").arg(trial).arg(a).arg(b)));

            // A new region in the bottom-right corner, walled off beyond the gap.
            TileGrid more = tiles;
            for (int y = std::max(0, h - 2 * reach - 1); y < h; ++y)
                for (int x = std::max(0, w - 2 * reach - 1); x < w; ++x) more(x, y) = Tile::Wall;
            const RegionRuns before = labelRuns(more, c);
            const std::vector<std::uint32_t> was = regionColours(before);
            more(w - 1, h - 1) = Tile::Floor;
            const RegionRuns after = labelRuns(more, c);
            const std::vector<std::uint32_t> now = regionColours(after);
            QCOMPARE(after.regions.size(), before.regions.size() + 1);
            for (std::size_t i = 0; i < before.regions.size(); ++i) QCOMPARE(now[i], was[i]);
        }
    }
};

BURROW_TEST_APPLESS_MAIN(TestRegions)
#include "test_regions.moc"
