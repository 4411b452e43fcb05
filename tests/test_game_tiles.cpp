// The game's own tiles: the mapping is read and saved as written (and refused with
// JSON paths and file names), and autotile masks are right on hand-made maps. How
// the exports draw with them: test_game_tiles_drawn.
#include <QTest>

#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <fstream>
#include <set>

#include "test_main.h"
#include "content/game_tiles.h"
#include "export/game_tile_art.h"
#include "export/level_export.h"
#include "export/level_image.h"
#include "export/png.h"
#include "io/ascii_map.h"
#include "io/file_io.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "game_art_test_helpers.h"
#include "project_test_helpers.h"

using namespace burrow;
using burrow::test::problemsOf;
using burrow::test::projectOf;
using nlohmann::json;
using namespace burrow::test;
namespace fs = std::filesystem;

class TestGameTiles : public QObject {
    Q_OBJECT
private slots:
    void blobMasksAreTheFortySeven() {
        QCOMPARE(blobMasks(), blobMasksByHand());
        QCOMPARE(blobMasks().size(), std::size_t{47});
        QCOMPARE(reducedBlobMask(2), 0);       // north-east alone: no corner
        QCOMPARE(reducedBlobMask(1 | 2), 1);   // north and north-east: still no corner without east
        QCOMPARE(reducedBlobMask(1 | 2 | 4), 7);
        QCOMPARE(reducedBlobMask(255), 255);
    }

    // Masks on a map drawn by hand, counted by hand.
    void masksOnAHandMadeMap() {
        const Level level = levelFromAscii("#####\n#...#\n#.#.#\n#...#\n#####\n");
        GameTiles art;
        art.tilesets.push_back({"t", "", "t.png", 8, 0, 0, {}, {}, 256, 256, 2048, 8});
        KindTiles edge{0, 0, Autotile::Edge, {}, {}};
        for (int m = 0; m < 16; ++m) edge.byMask[m] = 100 + m;
        art.kinds["wall"] = edge;
        art.kinds["floor"] = KindTiles{0, 7, Autotile::None, {}, {}};
        std::vector<int> row(5);
        auto gidsOfRow = [&](const GameTiles& a, int y) {
            GameTileGids(a, level.kinds).row(level.tiles(0), y, row.data());
            return row;
        };
        // Row 0: the corners join all four sides (north and west off the map); the
        // walls between them all but south, where the floor is.
        QCOMPARE(gidsOfRow(art, 0), (std::vector<int>{1 + 100 + 15, 1 + 100 + 11, 1 + 100 + 11, 1 + 100 + 11, 1 + 100 + 15}));
        // Row 2: the lone pillar joins nothing; the side walls join north, south and their outer side.
        QCOMPARE(gidsOfRow(art, 2), (std::vector<int>{1 + 100 + 13, 1 + 7, 1 + 100 + 0, 1 + 7, 1 + 100 + 7}));
        // Blob: (2, 0) joins north, north-east and north-west (off the map), east and west: 1+2+4+64+128.
        KindTiles blob{0, 0, Autotile::Blob, {}, {}};
        for (int m : blobMasks()) blob.byMask[m] = m;
        art.kinds["wall"] = blob;
        QCOMPARE(gidsOfRow(art, 0)[2], 1 + 199);
        QCOMPARE(gidsOfRow(art, 2)[2], 1 + 0);
        // (0, 2): north, south, west and both west corners (off the map); east is floor: 1+16+32+64+128.
        QCOMPARE(gidsOfRow(art, 2)[0], 1 + 241);
    }

    void theMappingIsReadAndSavedAsWritten() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        json doc = lavaCaves();
        doc["game_tiles"] = writeArt(folder);
        const Project p = projectOf(doc, folder);
        QCOMPARE(p.gameTiles.tilesets.size(), std::size_t{2});
        const GameTileset& walls = p.gameTiles.tilesets[0];
        QCOMPARE(walls.tileSize, kSize);
        QCOMPARE(walls.tileCount, 48);
        QCOMPARE(walls.columns, 8);
        QCOMPARE(walls.imagePath, fs::absolute(folder / "walls.png"));
        QCOMPARE(p.gameTiles.tilesets[1].tileCount, 20); // 4 x 5 from the image
        // The mapping only draws the level: the project's hash is the same without it.
        json plain = lavaCaves();
        QCOMPARE(projectHash(p), projectHash(projectOf(plain, folder)));
        // Saved beside the art and read back: equal, the paths still as written.
        saveProject(p, folder / "caves.burrow.json");
        const Project again = loadProject(folder / "caves.burrow.json", builtinStages());
        QCOMPARE(again.gameTiles == p.gameTiles, true);
        const json saved = json::parse(readTextFile(folder / "caves.burrow.json"));
        QCOMPARE(saved["game_tiles"]["tilesets"][0]["source"].get<std::string>(), std::string("walls.tsj"));
        // The .tsx says the same as the .tsj.
        doc["game_tiles"]["tilesets"][0]["source"] = "walls.tsx";
        const GameTileset fromTsx = projectOf(doc, folder).gameTiles.tilesets[0];
        QCOMPARE(fromTsx.tileCount, 48);
        QCOMPARE(fromTsx.columns, 8);
        QCOMPARE(fromTsx.imagePath, walls.imagePath);
    }

    void badMappingsAreRefusedWithTheirPath_data() {
        QTest::addColumn<QString>("pointer"); // where in "game_tiles" to put the value
        QTest::addColumn<QString>("value");   // JSON, or "-" to remove
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing tileset file") << "/tilesets/0/source" << "\"nowhere.tsj\"" << "/game_tiles/tilesets/0/source" << "nowhere.tsj";
        QTest::newRow("not a tileset file") << "/tilesets/0/source" << "\"walls.png\"" << "/game_tiles/tilesets/0/source" << ".tsj (JSON) or .tsx (XML)";
        QTest::newRow("missing image") << "/tilesets/1/image" << "\"gone.png\"" << "/game_tiles/tilesets/1/image" << "gone.png";
        QTest::newRow("both source and image") << "/tilesets/0/image" << "\"ground.png\"" << "/game_tiles/tilesets/0" << "not both";
        QTest::newRow("image without tile size") << "/tilesets/1/tile_size" << "-" << "/game_tiles/tilesets/1/tile_size" << "required";
        QTest::newRow("tile sizes differ") << "/tilesets/1/tile_size" << "4" << "/game_tiles/tilesets/1" << "a level's cells all have one size";
        QTest::newRow("tile past the end") << "/kinds/floor/tile" << "20" << "/game_tiles/kinds/floor/tile" << "from 0 to 19";
        QTest::newRow("unknown kind") << "/kinds/lvaa" << "0" << "/game_tiles/kinds/lvaa" << "is not a tile kind";
        QTest::newRow("unknown tileset") << "/kinds/floor/tileset" << "\"grund\"" << "/game_tiles/kinds/floor/tileset" << "no tileset is named \"grund\"";
        QTest::newRow("not a blob mask") << "/kinds/wall/tiles/3" << "5" << "/game_tiles/kinds/wall/tiles/3" << "it draws as 1";
        QTest::newRow("not an edge mask") << "/kinds/lava/tiles/16" << "5" << "/game_tiles/kinds/lava/tiles/16" << "from 0 to 15";
        QTest::newRow("table lacks masks") << "/kinds/lava/tiles/15" << "-" << "/game_tiles/kinds/lava/tiles" << "lacks masks 15";
        QTest::newRow("unknown autotile") << "/kinds/lava/autotile" << "\"wang\"" << "/game_tiles/kinds/lava/autotile" << "\"edge\"";
        QTest::newRow("plain kind without tile") << "/kinds/floor/tile" << "-" << "/game_tiles/kinds/floor" << "expected \"tile\"";
        QTest::newRow("joins an unknown kind") << "/kinds/wall/joins" << "[\"dor\"]" << "/game_tiles/kinds/wall/joins/0" << "expected a tile kind";
        QTest::newRow("unknown field") << "/tilesets/0/sorce" << "\"x\"" << "/game_tiles/tilesets/0/sorce" << "did you mean \"source\"";
        QTest::newRow("no tilesets") << "/tilesets" << "[]" << "/game_tiles/tilesets" << "at least one tileset";
    }
    void badMappingsAreRefusedWithTheirPath() {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, path);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        json doc = lavaCaves();
        doc["game_tiles"] = writeArt(folder);
        QVERIFY(problemsOf(doc, folder).isEmpty());
        const json::json_pointer at(pointer.toStdString());
        if (value == "-") doc["game_tiles"][at.parent_pointer()].erase(at.back());
        else doc["game_tiles"][at] = json::parse(value.toStdString());
        const QStringList problems = problemsOf(doc, folder);
        QVERIFY2(!problems.isEmpty(), "accepted");
        const bool found = std::any_of(problems.begin(), problems.end(), [&](const QString& p) { return p.startsWith(path + "|") && p.contains(message); });
        QVERIFY2(found, qPrintable(problems.join("\n")));
    }

    void badTilesetFilesNameTheFile_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("contents");
        QTest::addColumn<QString>("message");
        QTest::newRow("tsj image collection") << "w.tsj" << R"({"tilewidth": 8, "tileheight": 8, "tilecount": 48, "columns": 8})" << "image collection";
        QTest::newRow("tsj not square") << "w.tsj" << R"({"tilewidth": 8, "tileheight": 16, "tilecount": 24, "columns": 8, "image": "walls.png"})" << "must be too";
        QTest::newRow("tsj bad count") << "w.tsj" << R"({"tilewidth": 8, "tileheight": 8, "tilecount": "many", "columns": 8, "image": "walls.png"})" << "/tilecount";
        QTest::newRow("tsj larger than its image") << "w.tsj" << R"({"tilewidth": 8, "tileheight": 8, "tilecount": 96, "columns": 8, "image": "walls.png"})" << "holds 8 x 6";
        QTest::newRow("tsx without tileset") << "w.tsx" << "<map/>" << "no <tileset> element";
        QTest::newRow("tsx bad number") << "w.tsx" << R"(<tileset tilewidth="8" tileheight="8" tilecount="4x" columns="8"><image source="walls.png"/></tileset>)" << "\"4x\"";
        QTest::newRow("tsx no image") << "w.tsx" << R"(<tileset tilewidth="8" tileheight="8" tilecount="4" columns="2"><tile id="0"/></tileset>)" << "image collection";
        QTest::newRow("tsx image not a png") << "w.tsx" << R"(<tileset tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="w.tsx"/></tileset>)" << "not a PNG";
    }
    void badTilesetFilesNameTheFile() {
        QFETCH(QString, file);
        QFETCH(QString, contents);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        json doc = lavaCaves();
        doc["game_tiles"] = writeArt(folder);
        std::ofstream(folder / file.toStdString()) << contents.toStdString();
        doc["game_tiles"]["tilesets"][0]["source"] = file.toStdString();
        const QStringList problems = problemsOf(doc, folder);
        const bool found = std::any_of(problems.begin(), problems.end(), [&](const QString& p) {
            return p.startsWith("/game_tiles/tilesets/0/source|") && p.contains(file) && p.contains(message);
        });
        QVERIFY2(found, qPrintable(problems.join("\n")));
    }

    // The real consumer: tmxrasterizer draws each format with the external tileset
    // resolved, and every cell is the tile the mapping gives it.
};

BURROW_TEST_GUILESS_MAIN(TestGameTiles)
#include "test_game_tiles.moc"
