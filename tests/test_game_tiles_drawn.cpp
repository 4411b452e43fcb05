// The game's own tiles drawn: Tiled's own tmxrasterizer draws the exported TMJ and
// TMX — with an external .tsj or .tsx and an image tileset, walls blob-autotiled and
// lava edge-autotiled — exactly as this test computes from the mapping, and exactly
// as our PNG draws it; art too big or damaged is refused.
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

namespace {

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

class TestGameTilesDrawn : public QObject {
    Q_OBJECT
private slots:
    void tiledDrawsTheMappedAndAutotiledTiles_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("format");
        QTest::addColumn<bool>("external");
        QTest::newRow("tmj with .tsj") << "walls.tsj" << "tmj" << false;
        QTest::newRow("tmx with .tsx") << "walls.tsx" << "tmx" << false;
        QTest::newRow("tmj with .tsx") << "walls.tsx" << "tmj" << false;
        QTest::newRow("tmx, external tilesets, from a .tsj") << "walls.tsj" << "tmx" << true;
        QTest::newRow("tmj, external tilesets, from a .tsx") << "walls.tsx" << "tmj" << true;
    }
    void tiledDrawsTheMappedAndAutotiledTiles() {
        QFETCH(QString, source);
        QFETCH(QString, format);
        QFETCH(bool, external);
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
        request.externalTilesets = external;
        exportLevel(level, {p.name, p.seed, "0", "0"}, request, out);
        // The folder travels: everything it names is inside it, named relative to it.
        // Moved elsewhere, the game's own art deleted, it draws the same.
        for (const auto& file : fs::recursive_directory_iterator(out)) {
            if (!file.is_regular_file() || file.path().extension() == ".png") continue;
            const std::string text = readTextFile(file.path());
            QVERIFY2(text.find("../") == std::string::npos && text.find(dir.path().toStdString()) == std::string::npos, file.path().c_str());
            if (format == "tmx") QVERIFY2(text.find(".tsj") == std::string::npos, file.path().c_str()); // TMX-only readers cannot read JSON tilesets
        }
        const fs::path moved = fs::path(dir.path().toStdString()) / "elsewhere" / "assets";
        fs::create_directories(moved.parent_path());
        fs::rename(out, moved);
        GameTileArt pixels(p.gameTiles, level.kinds); // read before the art goes
        fs::remove_all(art);

        int lava = 0, walls = 0, fallback = 0;
        for (int z = 0; z < level.depthCount(); ++z) {
            const QImage image = rasterize(QString::fromStdString((moved / ("caves-depth-" + std::to_string(z) + "." + format.toStdString())).string()));
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
    // found when the project is read, and again when the export reads the pixels,
    // before it writes a file.
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
        // A PNG cut short: its header reads, its pixels do not. The whole image is
        // decoded when the project is read, so validate refuses it.
        const std::string good = readTextFile(folder / "ground.png");
        std::ofstream(folder / "cut.png", std::ios::binary) << good.substr(0, good.size() / 2);
        doc["game_tiles"]["tilesets"][1]["image"] = "cut.png";
        const QStringList cut = problemsOf(doc, folder);
        QVERIFY2(cut.size() == 1 && cut[0].startsWith("/game_tiles/tilesets/1/image|") && cut[0].contains("cut.png") && cut[0].contains("damaged"),
                 qPrintable(cut.join("\n")));
        // Art damaged after the project was read stops the export before any file.
        doc["game_tiles"]["tilesets"][1]["image"] = "later.png";
        std::ofstream(folder / "later.png", std::ios::binary) << good;
        const Project p = projectOf(doc, folder);
        std::ofstream(folder / "later.png", std::ios::binary | std::ios::trunc) << good.substr(0, good.size() / 2);
        ExportRequest request;
        request.formats = {ExportFormat::Png};
        request.gameTiles = p.gameTiles;
        try {
            exportLevel(makeLevel(p).level, {p.name, p.seed, "0", "0"}, request, folder / "out");
            QFAIL("a damaged image was drawn");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("later.png"), e.what());
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

BURROW_TEST_GUILESS_MAIN(TestGameTilesDrawn)
#include "test_game_tiles_drawn.moc"
