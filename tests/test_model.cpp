// The level model: grids, tiles, levels, size limits and the ASCII form.
#include <QTest>

#include <bit>
#include <set>

#include "test_main.h"
#include "io/ascii_map.h"
#include "model/bit_count.h"
#include "model/grid.h"
#include "model/cell_mask.h"
#include "model/level.h"
#include "model/tile.h"

using namespace burrow;

class TestModel : public QObject {
    Q_OBJECT
private slots:
    // bitCount (inline bit arithmetic in generic x86-64 builds) counts as std::popcount
    // does: single bits, all ones, and words from a scrambled sequence.
    void bitCountAgreesWithPopcount() {
        QCOMPARE(bitCount(0), 0u);
        QCOMPARE(bitCount(~std::uint64_t{0}), 64u);
        for (int b = 0; b < 64; ++b) QCOMPARE(bitCount(std::uint64_t{1} << b), 1u);
        std::uint64_t x = 0x9e3779b97f4a7c15ull;
        for (int i = 0; i < 10000; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            const std::uint64_t word = x & (x >> (i % 7)); // sparser words too
            QCOMPARE(bitCount(word), static_cast<std::uint32_t>(std::popcount(word)));
        }
    }

    // Runs set across word edges hold exactly their cells, compared with a plain set.
    void cellMaskRunsAcrossWords() {
        for (int width : {1, 63, 64, 65, 130, 200}) {
            CellMask mask(width, 3);
            std::vector<std::vector<bool>> expected(3, std::vector<bool>(static_cast<std::size_t>(width), false));
            const int runs[][3] = {{0, 0, 1}, {1, 0, 64}, {1, 62, 66}, {2, 5, 200}, {2, 127, 129}, {0, 63, 64}};
            for (const auto& r : runs) {
                const int x1 = std::min(r[2], width), x0 = std::min(r[1], x1);
                mask.setRun(r[0], x0, x1);
                for (int x = x0; x < x1; ++x) expected[static_cast<std::size_t>(r[0])][static_cast<std::size_t>(x)] = true;
            }
            mask.set(width - 1, 0);
            expected[0][static_cast<std::size_t>(width - 1)] = true;
            QCOMPARE(mask.width(), width);
            QCOMPARE(mask.height(), 3);
            for (int y = 0; y < 3; ++y)
                for (int x = 0; x < width; ++x) QCOMPARE(mask(x, y), static_cast<bool>(expected[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)]));
        }
    }

    void gridIsRowMajorAndFilled() {
        Grid<int> grid(4, 3, 7);
        QCOMPARE(grid.width(), 4);
        QCOMPARE(grid.height(), 3);
        QCOMPARE(grid.size(), std::size_t(12));
        for (int v : grid) QCOMPARE(v, 7);
        grid(1, 2) = 5;
        QCOMPARE(grid.data()[2 * 4 + 1], 5);
        QCOMPARE(grid.row(2)[1], 5);
        grid.fill(0);
        QCOMPARE(grid.at(1, 2), 0);
    }

    void gridCheckedAccessRejectsOutside() {
        Grid<int> grid(4, 3);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, grid.at(4, 0));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, grid.at(0, -1));
        QVERIFY(grid.contains(3, 2));
        QVERIFY(!grid.contains(3, 3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Grid<int>(-1, 3));
    }

    void tilesAreOneByteWithUniqueNamesAndGlyphs() {
        static_assert(sizeof(Tile) == 1);
        std::set<std::string_view> ids;
        std::set<char> glyphs;
        for (Tile t : allTiles()) {
            ids.insert(tileInfo(t).id);
            glyphs.insert(tileInfo(t).glyph);
            QCOMPARE(tileFromId(tileInfo(t).id), std::optional<Tile>(t));
        }
        QCOMPARE(ids.size(), std::size_t(kTileKindCount));
        QCOMPARE(glyphs.size(), std::size_t(kTileKindCount));
        QCOMPARE(glyphOf(Tile::Wall), '#');
        QCOMPARE(glyphOf(Tile::Floor), '.');
        QCOMPARE(glyphOf(Tile::StairsDown), '>');
        QCOMPARE(glyphOf(Tile::StairsUp), '<');
        QVERIFY(isWalkable(Tile::Floor) && isWalkable(Tile::Door) && !isWalkable(Tile::Wall) && !isWalkable(Tile::Obstacle));
        QVERIFY(tileInfo(Tile::Wall).diggable && !tileInfo(Tile::Obstacle).diggable);
        QVERIFY(!tileFromId("lava"));
    }

    void levelHasOneGridPerDepth() {
        Level level({5, 4, 3}, Tile::Floor);
        QCOMPARE(level.depthCount(), 3);
        level.set(2, 1, 2, Tile::Water);
        QCOMPARE(level.at(2, 1, 2), Tile::Water);
        QCOMPARE(level.at(2, 1, 1), Tile::Floor);
        QVERIFY(level.contains(4, 3, 2));
        QVERIFY(!level.contains(4, 3, 3));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, level.at(5, 0, 0));
    }

    void levelSizeLimitsAreErrorsNotClamps_data() {
        QTest::addColumn<int>("w");
        QTest::addColumn<int>("h");
        QTest::addColumn<int>("d");
        QTest::addColumn<QString>("word");
        QTest::newRow("zero width") << 0 << 10 << 1 << "width";
        QTest::newRow("negative height") << 10 << -3 << 1 << "height";
        QTest::newRow("zero depth") << 10 << 10 << 0 << "depth";
        QTest::newRow("too wide") << kMaxLevelWidth + 1 << 10 << 1 << "width";
        QTest::newRow("too deep") << 10 << 10 << kMaxLevelDepth + 1 << "depth";
    }
    void levelSizeLimitsAreErrorsNotClamps() {
        QFETCH(int, w);
        QFETCH(int, h);
        QFETCH(int, d);
        QFETCH(QString, word);
        try {
            Level level({w, h, d});
            QFAIL("no error for a bad size");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString(e.what()).contains(word), e.what());
        }
        QVERIFY(levelSizeError({w, h, d}).has_value());
        QVERIFY(!levelSizeError({kMaxLevelWidth, 1, kMaxLevelDepth}).has_value());
    }

    void featuresTruncateToCounts() {
        Level level({4, 4, 1});
        level.areas.push_back({});
        level.areas.push_back({});
        level.markers.push_back({"start", {1, 1, 0}});
        const FeatureCounts counts = level.featureCounts();
        QCOMPARE(counts.areas, std::size_t(2));
        level.truncateFeatures({1, 0, 0, 0});
        QCOMPARE(level.areas.size(), std::size_t(1));
        QVERIFY(level.markers.empty());
    }

    void asciiRoundTrip() {
        Level level({6, 3, 2});
        level.set(1, 1, 0, Tile::Floor);
        level.set(2, 1, 0, Tile::StairsDown);
        level.set(2, 1, 1, Tile::StairsUp);
        level.set(3, 2, 1, Tile::Water);
        const std::string text = asciiMap(level);
        QCOMPARE(QString::fromStdString(text), QString("######\n#.>###\n######\n\n######\n##<###\n###~##\n"));
        const Level back = levelFromAscii(text);
        QCOMPARE(back.size(), level.size());
        for (int z = 0; z < 2; ++z) QVERIFY(back.tiles(z) == level.tiles(z));
    }

    // A big level's text goes to its file in pieces of about 1 MiB of whole rows;
    // joined, they are the text, and no piece holds much more than that.
    void asciiTextIsHandedOnInPieces() {
        Level level({3000, 700, 3});
        for (int z = 0; z < 3; ++z)
            for (int y = 1; y < 699; y += 3) level.set((y * 7 + z) % 3000, y, z, z == 1 ? Tile::Water : Tile::Floor);
        std::string joined;
        std::size_t pieces = 0, largest = 0;
        writeAsciiMap(level, [&](std::string_view piece) {
            QVERIFY(piece.ends_with('\n'));
            joined += piece;
            ++pieces;
            largest = std::max(largest, piece.size());
        });
        QCOMPARE(joined, asciiMap(level));
        QCOMPARE(levelFromAscii(joined).tiles(1), level.tiles(1));
        QVERIFY2(pieces >= 6 && largest <= (std::size_t{1} << 20) + 3001, qPrintable(QString("%1 pieces, largest %2").arg(pieces).arg(largest)));
    }

    void asciiRejectsUnknownGlyphsWithPosition() {
        try {
            levelFromAscii("###\n#?#\n");
            QFAIL("accepted '?'");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString(e.what()).contains("line 2, column 2"), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, levelFromAscii("###\n##\n"));
    }
};

BURROW_TEST_APPLESS_MAIN(TestModel)
#include "test_model.moc"
