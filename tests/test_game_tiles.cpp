// The game's own tiles in exports: the mapping is read (and refused with JSON paths
// and file names), masks are right on hand-made maps, and Tiled's own tmxrasterizer
// draws the exported TMJ and TMX — with an external .tsj or .tsx and an image
// tileset, walls blob-autotiled and lava edge-autotiled — exactly as this test
// computes from the mapping, and exactly as our PNG draws it.
#include <QtTest>

#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <fstream>
#include <set>

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
#include "project_test_helpers.h"

using namespace burrow;
using burrow::test::problemsOf;
using burrow::test::projectOf;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

constexpr int kSize = 8; // pixels a tile

// A flat colour per tile, different for every tile of both sheets.
std::uint32_t wallColour(int tile) { return 0x200000u + static_cast<std::uint32_t>(tile) * 0x030507u; }
std::uint32_t groundColour(int tile) { return 0x00a000u + static_cast<std::uint32_t>(tile) * 0x0b0003u; }

void writeSheet(const fs::path& file, int columns, int rows, std::uint32_t (*colour)(int)) {
    RgbImage image(columns * kSize, rows * kSize);
    for (int i = 0; i < columns * rows; ++i) image.fillRect((i % columns) * kSize, (i / columns) * kSize, kSize, kSize, colour(i));
    std::ofstream(file, std::ios::binary) << encodePng(image);
}

// The blob masks by their definition: a corner only with both sides beside it.
std::vector<int> blobMasksByHand() {
    std::vector<int> masks;
    for (int m = 0; m < 256; ++m) {
        const bool n = m & 1, e = m & 4, s = m & 16, w = m & 64;
        if ((m & 2) && !(n && e)) continue;
        if ((m & 8) && !(s && e)) continue;
        if ((m & 32) && !(s && w)) continue;
        if ((m & 128) && !(n && w)) continue;
        masks.push_back(m);
    }
    return masks;
}

// Art in `folder`: walls.png (48 tiles: 0 plain, 1 + i for the i-th blob mask) with
// walls.tsj and walls.tsx, and ground.png (20 tiles: 0 floor, 1 + mask for lava's
// 16 edge masks).
json writeArt(const fs::path& folder) {
    writeSheet(folder / "walls.png", 8, 6, wallColour);
    writeSheet(folder / "ground.png", 4, 5, groundColour);
    std::ofstream(folder / "walls.tsj") << json{{"type", "tileset"}, {"version", "1.8"}, {"tiledversion", "1.8.2"}, {"name", "walls"},
                                                 {"tilewidth", kSize}, {"tileheight", kSize}, {"tilecount", 48}, {"columns", 8}, {"margin", 0},
                                                 {"spacing", 0}, {"image", "walls.png"}, {"imagewidth", 64}, {"imageheight", 48}}.dump(1);
    std::ofstream(folder / "walls.tsx") << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"walls\" "
                                           "tilewidth=\"8\" tileheight=\"8\" tilecount=\"48\" columns=\"8\">\n <image source=\"walls.png\" width=\"64\" height=\"48\"/>\n</tileset>\n";
    json blob = json::object();
    const auto masks = blobMasksByHand();
    for (std::size_t i = 0; i < masks.size(); ++i) blob[std::to_string(masks[i])] = static_cast<int>(i) + 1;
    json edge = json::object();
    for (int m = 0; m < 16; ++m) edge[std::to_string(m)] = m + 1;
    return {{"tilesets", {{{"name", "walls"}, {"source", "walls.tsj"}}, {{"name", "ground"}, {"image", "ground.png"}, {"tile_size", kSize}}}},
            {"kinds",
             {{"floor", {{"tileset", "ground"}, {"tile", 0}}},
              {"wall", {{"tileset", "walls"}, {"tile", 0}, {"autotile", "blob"}, {"tiles", blob}}},
              {"lava", {{"tileset", "ground"}, {"autotile", "edge"}, {"tiles", edge}}}}}};
}

// The lava-caves example without its own art (each test brings its art).
json lavaCaves() {
    json doc = json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/lava-caves.burrow.json"));
    doc.erase("game_tiles");
    return doc;
}

// The colour the mapping says cell (x, y) has, computed here from the definitions,
// or nothing for a kind the mapping leaves to Burrow's tiles.
std::optional<std::uint32_t> expectedColour(const TileGrid& tiles, const TileKinds& kinds, int x, int y) {
    const Tile t = tiles(x, y), wall = Tile::Wall, lava = *kinds.find("lava");
    auto joined = [&](int dx, int dy, Tile like) {
        const int nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= tiles.width() || ny >= tiles.height()) return true;
        return tiles(nx, ny) == like || kinds.exportLook(tiles(nx, ny)) == like;
    };
    if (t == Tile::Floor) return groundColour(0);
    if (t == lava) return groundColour(1 + (joined(0, -1, lava) ? 1 : 0) + (joined(1, 0, lava) ? 2 : 0) + (joined(0, 1, lava) ? 4 : 0) + (joined(-1, 0, lava) ? 8 : 0));
    if (t != wall) return std::nullopt;
    const bool n = joined(0, -1, wall), e = joined(1, 0, wall), s = joined(0, 1, wall), w = joined(-1, 0, wall);
    const int mask = (n ? 1 : 0) | (n && e && joined(1, -1, wall) ? 2 : 0) | (e ? 4 : 0) | (s && e && joined(1, 1, wall) ? 8 : 0) | (s ? 16 : 0) |
                     (s && w && joined(-1, 1, wall) ? 32 : 0) | (w ? 64 : 0) | (n && w && joined(-1, -1, wall) ? 128 : 0);
    const auto masks = blobMasksByHand();
    return wallColour(1 + static_cast<int>(std::find(masks.begin(), masks.end(), mask) - masks.begin()));
}

QString rasterizer() {
    const QString found = QStandardPaths::findExecutable("tmxrasterizer");
    if (found.isEmpty() && !qEnvironmentVariableIsEmpty("CI")) qFatal("Tiled's tmxrasterizer is missing: bash .ci/setup installs it");
    return found;
}

QImage rasterize(const QString& map) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    process.setProcessEnvironment(env);
    process.start(rasterizer(), {"--hide-layer", "things", map, map + ".png"});
    if (!process.waitForFinished(60000) || process.exitCode() != 0) qWarning("tmxrasterizer: %s", process.readAllStandardError().constData());
    return QImage(map + ".png").convertToFormat(QImage::Format_ARGB32);
}

} // namespace

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
    void tiledDrawsTheMappedAndAutotiledTiles_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("format");
        QTest::newRow("tmj with .tsj") << "walls.tsj" << "tmj";
        QTest::newRow("tmx with .tsx") << "walls.tsx" << "tmx";
        QTest::newRow("tmj with .tsx") << "walls.tsx" << "tmj";
    }
    void tiledDrawsTheMappedAndAutotiledTiles() {
        QFETCH(QString, source);
        QFETCH(QString, format);
        if (rasterizer().isEmpty()) QFAIL("Tiled's tmxrasterizer is not installed: the README's test command installs it (apt-get install tiled)");
        QTemporaryDir dir;
        const fs::path art = fs::path(dir.path().toStdString()) / "art", out = fs::path(dir.path().toStdString()) / "export";
        fs::create_directories(art);
        json doc = lavaCaves();
        doc["game_tiles"] = writeArt(art);
        doc["game_tiles"]["tilesets"][0]["source"] = source.toStdString();
        doc["size"] = {{"width", 60}, {"height", 30}, {"depth", 2}};
        const Project p = projectOf(doc, art);
        const Level level = makeLevel(p).level;
        ExportRequest request;
        request.formats = {format == "tmj" ? ExportFormat::Tmj : ExportFormat::Tmx};
        request.stem = "caves";
        request.gameTiles = p.gameTiles;
        request.tileSize = 3; // ignored: the game's tiles are 8 px
        const auto files = exportLevel(level, {p.name, p.seed, "0", "0"}, request, out);
        // The maps point at the art where it is, not at copies.
        const std::string mapText = readTextFile(out / ("caves-depth-1." + format.toStdString()));
        QVERIFY2(mapText.find("../art/" + source.toStdString()) != std::string::npos, mapText.substr(0, 2000).c_str());
        QVERIFY(mapText.find("../art/ground.png") != std::string::npos);
        GameTileArt pixels(p.gameTiles, level.kinds);
        int lava = 0, walls = 0, fallback = 0;
        for (int z = 0; z < level.depthCount(); ++z) {
            const QImage image = rasterize(QString::fromStdString((out / ("caves-depth-" + std::to_string(z) + "." + format.toStdString())).string()));
            QCOMPARE(image.size(), QSize(level.width() * kSize, level.height() * kSize));
            const RgbImage ours = depthImage(level, z, {kSize, CellStyle::Glyphs, false, false, Connectivity::Eight, &pixels});
            const TileGrid& tiles = level.tiles(z);
            for (int y = 0; y < level.height(); ++y)
                for (int x = 0; x < level.width(); ++x) {
                    const QString where = QString("depth %1 cell %2,%3 tile %4").arg(z).arg(x).arg(y).arg(static_cast<int>(tiles(x, y)));
                    if (const auto colour = expectedColour(tiles, level.kinds, x, y)) {
                        QCOMPARE(image.pixel(x * kSize + 3, y * kSize + 3) & 0xffffffu, *colour);
                        lava += tiles(x, y) == *level.kinds.find("lava");
                        walls += tiles(x, y) == Tile::Wall;
                    } else {
                        ++fallback;
                    }
                    // Every pixel as our PNG draws it, Burrow's fallback tiles included.
                    for (int py = 0; py < kSize; ++py)
                        for (int px = 0; px < kSize; ++px)
                            if ((image.pixel(x * kSize + px, y * kSize + py) & 0xffffffu) != ours.get(x * kSize + px, y * kSize + py))
                                QFAIL(qPrintable(where + QString(" pixel %1,%2 differs from our PNG").arg(px).arg(py)));
                }
        }
        QVERIFY(lava > 20 && walls > 500 && fallback > 0); // every kind of art was on the map
    }

    // The example's own art (examples/art) loads, and Tiled draws its map as our PNG does.
    void theLavaCavesExampleDrawsWithItsArt() {
        if (rasterizer().isEmpty()) QFAIL("Tiled's tmxrasterizer is not installed: the README's test command installs it (apt-get install tiled)");
        const Project p = loadProject(std::string(BURROW_EXAMPLES) + "/lava-caves.burrow.json", builtinStages());
        QCOMPARE(p.gameTiles.tileSize(), 16);
        QCOMPARE(p.gameTiles.kinds.at("wall").autotile, Autotile::Blob);
        const Level level = makeLevel(p).level;
        QTemporaryDir dir;
        ExportRequest request;
        request.formats = {ExportFormat::Tmj};
        request.stem = "lava";
        request.depth = 0;
        request.gameTiles = p.gameTiles;
        exportLevel(level, {p.name, p.seed, "0", "0"}, request, dir.path().toStdString());
        const QImage image = rasterize(dir.path() + "/lava-depth-0.tmj");
        GameTileArt pixels(p.gameTiles, level.kinds);
        const RgbImage ours = depthImage(level, 0, {16, CellStyle::Glyphs, false, false, Connectivity::Eight, &pixels});
        QCOMPARE(image.size(), QSize(ours.width, ours.height));
        int differ = 0;
        for (int y = 0; y < ours.height; ++y)
            for (int x = 0; x < ours.width; ++x) differ += (image.pixel(x, y) & 0xffffffu) != ours.get(x, y);
        QCOMPARE(differ, 0);
        // Walls meeting floor take other tiles than solid rock: the autotiling shows.
        std::set<std::uint32_t> wallLooks;
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x)
                if (level.at(x, y, 0) == Tile::Wall) wallLooks.insert(ours.get(x * 16, y * 16) ^ ours.get(x * 16 + 15, y * 16 + 15) << 1);
        QVERIFY(wallLooks.size() >= 3);
    }

    // A hostile header is refused before anything is decoded; damaged image data is
    // found when the export reads the pixels, before it writes a file.
    void hugeOrDamagedArtIsRefused() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        json doc = lavaCaves();
        doc["game_tiles"] = writeArt(folder);
        // A PNG whose header says 60000 x 60000 pixels (and whose image data is empty).
        auto crc32 = [](const std::string& bytes) {
            std::uint32_t c = 0xffffffffu;
            for (unsigned char b : bytes) {
                c ^= b;
                for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
            }
            return ~c;
        };
        auto be32 = [](std::uint32_t v) { return std::string{char(v >> 24), char(v >> 16), char(v >> 8), char(v)}; };
        const std::string ihdr = "IHDR" + be32(60000) + be32(60000) + std::string{8, 2, 0, 0, 0};
        std::ofstream(folder / "huge.png", std::ios::binary)
            << "\x89PNG\r\n\x1a\n" + be32(13) + ihdr + be32(crc32(ihdr)) + be32(0) + "IDAT" + be32(crc32("IDAT")) + be32(0) + "IEND" + be32(crc32("IEND"));
        doc["game_tiles"]["tilesets"][1]["image"] = "huge.png";
        const QStringList problems = problemsOf(doc, folder);
        QVERIFY2(problems.size() == 1 && problems[0].startsWith("/game_tiles/tilesets/1/image|") && problems[0].contains("huge.png") &&
                     problems[0].contains("60000 x 60000"),
                 qPrintable(problems.join("\n")));
        // A PNG cut short: its header reads, its pixels do not.
        std::string png = readTextFile(folder / "ground.png");
        png.resize(png.size() / 2);
        std::ofstream(folder / "cut.png", std::ios::binary) << png;
        doc["game_tiles"]["tilesets"][1]["image"] = "cut.png";
        const Project p = projectOf(doc, folder);
        ExportRequest request;
        request.formats = {ExportFormat::Png};
        request.gameTiles = p.gameTiles;
        try {
            exportLevel(makeLevel(p).level, {p.name, p.seed, "0", "0"}, request, folder / "out");
            QFAIL("a damaged image was drawn");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("cut.png"), e.what());
        }
        QVERIFY(fs::is_empty(folder / "out"));
    }

    // The PNG export draws with the art at its size; art gone after the project was
    // read stops the export before any file is written.
    void pngUsesTheArtAndMissingArtWritesNothing() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        json doc = lavaCaves();
        doc["game_tiles"] = writeArt(folder);
        doc["size"] = {{"width", 40}, {"height", 20}, {"depth", 1}};
        const Project p = projectOf(doc, folder);
        const Level level = makeLevel(p).level;
        ExportRequest request;
        request.formats = {ExportFormat::Png, ExportFormat::Tmj};
        request.stem = "one";
        request.gameTiles = p.gameTiles;
        exportLevel(level, {p.name, p.seed, "0", "0"}, request, folder / "out");
        const QImage png(QString::fromStdString((folder / "out" / "one.png").string()));
        QCOMPARE(png.size(), QSize(40 * kSize, 20 * kSize));
        for (int y = 0; y < 20; ++y)
            for (int x = 0; x < 40; ++x)
                if (level.at(x, y, 0) == Tile::Wall) QCOMPARE(png.pixel(x * kSize + 1, y * kSize + 1) & 0xffffffu, *expectedColour(level.tiles(0), level.kinds, x, y));
        fs::remove(folder / "ground.png");
        QVERIFY_THROWS_EXCEPTION(FileError, exportLevel(level, {p.name, p.seed, "0", "0"}, request, folder / "out2"));
        QVERIFY(!fs::exists(folder / "out2") || fs::is_empty(folder / "out2"));
    }
};

QTEST_GUILESS_MAIN(TestGameTiles)
#include "test_game_tiles.moc"
