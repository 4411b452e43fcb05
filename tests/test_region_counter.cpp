// RegionCounter: counting a depth's regions again and again, checked against a
// flood fill over grids of every size, both movements and a project's own kinds.
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "test_main.h"
#include "flood_labels.h"
#include "random/rng.h"
#include "regions/region_counter.h"
#include "regions/region_map.h"

using namespace burrow;
using burrow::test::floodLabels;

class TestRegionCounter : public QObject {
    Q_OBJECT
private slots:
    // One counter, reused over grids of every size (memory kept between counts):
    // its count equals a flood fill's, across word boundaries, odd heights (a last
    // strip of one row), strips touching only far along a long run, and a
    // project's own kinds; it tells how many cells flipped between two counts.
    void regionCounterMatchesFloodFill() {
        // Flood fill's labels are 1, 2, ...: the largest is the count.
        const auto floodCount = [](const TileGrid& tiles, Connectivity c) {
            int most = 0;
            for (int label : floodLabels(tiles, c)) most = std::max(most, label);
            return static_cast<std::size_t>(most);
        };
        TileKinds kinds;
        TileKind bridge, lava;
        bridge.id = bridge.name = "bridge";
        bridge.glyph = 'H';
        bridge.walkable = true;
        lava.id = lava.name = "lava";
        lava.glyph = '=';
        QVERIFY(!kinds.add(bridge));
        QVERIFY(!kinds.add(lava));
        const Tile ownWalkable = *kinds.find("bridge"), ownBlocking = *kinds.find("lava");
        Rng rng(9090);
        RegionCounter counter;
        const int widths[] = {1, 2, 62, 63, 64, 65, 127, 128, 129, 200, 300};
        for (int trial = 0; trial < 400; ++trial) {
            const int w = trial % 2 ? widths[trial / 2 % std::size(widths)] : 1 + static_cast<int>(rng.below(260));
            const int h = 1 + static_cast<int>(rng.below(trial % 5 ? 20 : 90));
            const bool own = trial % 4 == 3;
            TileGrid tiles(w, h);
            const double open = 0.2 + 0.75 * rng.unit();
            for (Tile& t : tiles) {
                const bool walkable = rng.chance(open), ownKind = own && rng.chance(0.3);
                t = walkable ? (ownKind ? ownWalkable : Tile::Floor) : (ownKind ? ownBlocking : Tile::Wall);
            }
            for (Connectivity c : {Connectivity::Four, Connectivity::Eight}) {
                // With the project's kinds, labelling (checked against flood fill above) decides.
                const std::size_t expected = own ? labelRuns(tiles, c, kinds).regions.size() : floodCount(tiles, c);
                QCOMPARE(counter.count(tiles, c, own ? kinds : builtInTileKinds()), expected);
                // The second count of one grid: nothing flipped since the first.
                if (c == Connectivity::Eight) QCOMPARE(counter.cellsFlipped().value_or(SIZE_MAX), std::size_t{0});
            }
            if (own) continue;
            // Change a fifth of the cells at random: the counter tells how many
            // changed walkability (stairs are walkable, so floor to stairs is none).
            const TileGrid before = tiles;
            for (int k = 0; k < w * h / 5; ++k) {
                Tile& t = tiles(static_cast<int>(rng.below(static_cast<std::uint32_t>(w))), static_cast<int>(rng.below(static_cast<std::uint32_t>(h))));
                t = rng.chance(0.5) ? Tile::Wall : rng.chance(0.5) ? Tile::Floor : Tile::StairsDown;
            }
            std::size_t flipped = 0;
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x) flipped += isWalkable(tiles(x, y)) != isWalkable(before(x, y));
            QCOMPARE(counter.count(tiles, Connectivity::Eight), floodCount(tiles, Connectivity::Eight));
            QCOMPARE(counter.cellsFlipped().value_or(SIZE_MAX), flipped);
        }
        // Two long runs a row apart, joined only 150 columns along.
        TileGrid bands(200, 4, Tile::Wall);
        for (int x = 0; x < 200; ++x) bands(x, 1) = bands(x, 3) = Tile::Floor;
        QCOMPARE(counter.count(bands, Connectivity::Eight), std::size_t{2});
        QVERIFY(!counter.cellsFlipped()); // a grid of a new size
        bands(150, 2) = Tile::Floor;
        QCOMPARE(counter.count(bands, Connectivity::Eight), std::size_t{1});
        QCOMPARE(counter.cellsFlipped().value_or(0), std::size_t{1});
    }
};

BURROW_TEST_APPLESS_MAIN(TestRegionCounter)
#include "test_region_counter.moc"
