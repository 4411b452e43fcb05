// Exports checked by their real readers: Tiled's own tmxrasterizer renders the
// TMJ, TMX and world files, Qt's PNG decoder reads our PNGs, and the TMJ's tile
// layer reads back to the level that was exported.
#include <QTest>

#include <cstring>

#include <QImage>
#include <QImageReader>
#include <QProcess>
#include <QStandardPaths>
#include <QXmlStreamReader>
#include <filesystem>
#include <set>
#include <sstream>

#include "test_main.h"
#include "cli_test_helpers.h"
#include "cli/cli.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/level_frames.h"
#include "export/level_export.h"
#include "generation/generation.h"
#include "io/file_io.h"
#include "project/project.h"
#include "stage_entries.h"
#include "model/level_hash.h"
#include "export/png.h"
#include "random/rng.h"

using namespace burrow;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Made {
    Project project;
    Level level;
};

Made make(const char* example) {
    Made m{loadProject(std::string(BURROW_EXAMPLES) + "/" + example, builtinStages()), {}};
    m.level = makeLevel(m.project).level;
    return m;
}

ExportInfo infoOf(const Made& m) { return {m.project.name, m.project.seed, projectHash(m.project), levelHash(m.level)}; }

// True when the pixel at a cell's top-left corner (glyphs are centred and never
// touch it) has the tile's colour.
bool cellShows(const QImage& image, int px, int py, Tile tile) {
    const QColor c = image.pixelColor(px, py);
    const QColor expected = QColor::fromRgb(tileInfo(tile).background);
    return std::abs(c.red() - expected.red()) + std::abs(c.green() - expected.green()) + std::abs(c.blue() - expected.blue()) < 12;
}

} // namespace

using burrow::test::runCli;

class TestExport : public QObject {
    Q_OBJECT
private slots:
    // PNG region colours follow the project's movement: two floor cells touching at a
    // corner are one region (one colour) under 8 directions, two under 4.
    void regionColoursFollowTheMovement() {
        Level level(LevelSize{5, 5, 1});
        level.set(1, 1, 0, Tile::Floor);
        level.set(2, 2, 0, Tile::Floor);
        QTemporaryDir dir;
        auto colours = [&](Connectivity movement) {
            ExportRequest request;
            request.formats = {ExportFormat::Png};
            request.tileSize = 4;
            request.pngStyle = CellStyle::Blocks;
            request.pngRegions = true;
            request.movement = movement;
            const auto files = exportLevel(level, {"movement", 1, "", levelHash(level)}, request, dir.path().toStdString());
            const QImage image(QString::fromStdString(files.front().string()));
            return std::pair{image.pixelColor(1 * 4 + 2, 1 * 4 + 2), image.pixelColor(2 * 4 + 2, 2 * 4 + 2)};
        };
        const auto [eightA, eightB] = colours(Connectivity::Eight);
        QCOMPARE(eightA, eightB);
        const auto [fourA, fourB] = colours(Connectivity::Four);
        QVERIFY(fourA != fourB);
    }

    void tmjHasTheDocumentedFieldsAndReadsBack() {
        const Made m = make("room-grid.burrow.json");
        const int ts = 16;
        const json map = json::parse(tmjMap(m.level, 0, infoOf(m), ts, "room-grid-tiles.png"));
        QCOMPARE(map["type"], json("map"));
        QCOMPARE(map["version"], json("1.8"));
        QCOMPARE(map["orientation"], json("orthogonal"));
        QCOMPARE(map["renderorder"], json("right-down"));
        QCOMPARE(map["infinite"], json(false));
        QCOMPARE(map["width"], json(m.level.width()));
        QCOMPARE(map["tilewidth"], json(ts));
        const json& tiles = map["layers"][0];
        QCOMPARE(tiles["type"], json("tilelayer"));
        QCOMPARE(tiles["visible"], json(true));
        QCOMPARE(tiles["opacity"], json(1));
        QCOMPARE(tiles["data"].size(), std::size_t(m.level.width() * m.level.height()));
        // The level read back from the tile layer is the level.
        for (int y = 0; y < m.level.height(); ++y)
            for (int x = 0; x < m.level.width(); ++x)
                QCOMPARE(tileOfGid(tiles["data"][std::size_t(y * m.level.width() + x)].get<int>()), std::optional<Tile>(m.level.at(x, y, 0)));
        const json& things = map["layers"][1];
        QCOMPARE(things["type"], json("objectgroup"));
        QCOMPARE(things["visible"], json(true));
        int entities = 0;
        for (const auto& o : things["objects"]) {
            for (const char* key : {"id", "name", "type", "x", "y", "width", "height", "rotation", "visible"}) QVERIFY2(o.contains(key), key);
            entities += o["type"] == "creature" || o["type"] == "player" || o["type"] == "item" || o["type"] == "exit";
        }
        QVERIFY(entities >= static_cast<int>(m.level.entities.size()));
        QCOMPARE(map["nextobjectid"], json(things["objects"].size() + 1));
        const json& tileset = map["tilesets"][0];
        QCOMPARE(tileset["firstgid"], json(1));
        QCOMPARE(tileset["tilecount"], json(kTileKindCount));
        QCOMPARE(tileset["image"], json("room-grid-tiles.png"));
        std::set<std::string> properties;
        for (const auto& p : map["properties"]) properties.insert(p["name"].get<std::string>());
        for (const char* p : {"burrow_version", "project", "seed", "depth", "project_hash", "level_hash"}) QVERIFY2(properties.count(p), p);
    }

    void tmxHasTheSameContent() {
        const Made m = make("room-grid.burrow.json");
        const std::string tmx = tmxMap(m.level, 0, infoOf(m), 16, "room-grid-tiles.png");
        QXmlStreamReader xml(QByteArray::fromStdString(tmx));
        QString csv;
        int objects = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QStringLiteral("map")) {
                QCOMPARE(xml.attributes().value("width").toInt(), m.level.width());
                QCOMPARE(xml.attributes().value("infinite").toString(), QString("0"));
            }
            if (xml.isStartElement() && xml.name() == QStringLiteral("data")) csv = xml.readElementText();
            if (xml.isStartElement() && xml.name() == QStringLiteral("object")) ++objects;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        const QStringList gids = csv.simplified().remove(' ').split(',');
        QCOMPARE(gids.size(), m.level.width() * m.level.height());
        for (int i = 0; i < gids.size(); ++i) QCOMPARE(tileOfGid(gids[i].toInt()), std::optional<Tile>(m.level.tiles(0).data()[i]));
        QVERIFY(objects >= static_cast<int>(m.level.entities.size()));
    }

    void pngsDecodeToTheLevel() {
        const Made m = make("cellular-depths.burrow.json");
        for (CellStyle style : {CellStyle::Blocks, CellStyle::Glyphs}) {
            const std::string png = encodePng(depthImage(m.level, 2, {6, style, false, false, Connectivity::Eight}));
            const QImage image = QImage::fromData(QByteArray::fromStdString(png), "PNG");
            QVERIFY(!image.isNull());
            QCOMPARE(image.size(), QSize(m.level.width() * 6, m.level.height() * 6));
            for (int y = 0; y < m.level.height(); y += 3)
                for (int x = 0; x < m.level.width(); x += 3) QVERIFY(cellShows(image, x * 6, y * 6, m.level.at(x, y, 2)));
        }
        const QImage sheet = QImage::fromData(QByteArray::fromStdString(encodePng(contactSheet(m.level, {2, CellStyle::Blocks, false, false, Connectivity::Eight}))), "PNG");
        QCOMPARE(sheet.height(), m.level.height() * 2);
        QCOMPARE(sheet.width(), 6 * m.level.width() * 2 + 5 * 8);
    }

    void tiledItselfRendersTheExports() {
        const QString rasterizer = QStandardPaths::findExecutable("tmxrasterizer");
        // The README's test command installs Tiled: in CI a missing tmxrasterizer is a
        // broken set-up, not a pass. Elsewhere (a developer without Tiled) it skips.
        if (rasterizer.isEmpty()) {
            if (!qEnvironmentVariableIsEmpty("CI")) QFAIL("Tiled's tmxrasterizer is missing: bash .ci/setup installs it");
            QFAIL("Tiled's tmxrasterizer is not installed: the README's test command installs it (apt-get install tiled)");
        }
        const Made m = make("cellular-depths.burrow.json");
        QTemporaryDir dir;
        ExportRequest request;
        request.formats = {ExportFormat::Tmj, ExportFormat::Tmx};
        request.stem = "caves";
        request.tileSize = 8;
        exportLevel(m.level, infoOf(m), request, dir.path().toStdString());
        // The object layer is hidden for the pixel checks: Tiled outlines objects a
        // pixel past their cell.
        auto render = [&](const QString& file, QStringList options = {"--hide-layer", "things"}) {
            QProcess process;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("QT_QPA_PLATFORM", "offscreen");
            process.setProcessEnvironment(env);
            process.start(rasterizer, options << dir.path() + "/" + file << dir.path() + "/" + file + ".png");
            if (!process.waitForFinished(60000) || process.exitCode() != 0) return QImage();
            return QImage(dir.path() + "/" + file + ".png");
        };
        const int ts = request.tileSize;
        for (const QString file : {"caves-depth-3.tmj", "caves-depth-3.tmx"}) {
            const QImage image = render(file);
            QVERIFY2(!image.isNull(), qPrintable(file));
            QCOMPARE(image.size(), QSize(m.level.width() * ts, m.level.height() * ts));
            int walls = 0, floors = 0;
            for (int y = 0; y < m.level.height(); ++y)
                for (int x = 0; x < m.level.width(); ++x) {
                    const Tile t = m.level.at(x, y, 3);
                    if (t != Tile::Wall && t != Tile::Floor) continue;
                    QVERIFY2(cellShows(image, x * ts, y * ts, t), qPrintable(QString("%1: cell %2,%3").arg(file).arg(x).arg(y)));
                    (t == Tile::Wall ? walls : floors) += 1;
                }
            QVERIFY(walls > 100 && floors > 100);
        }
        QVERIFY(!render("caves.world", {}).isNull()); // with its objects, as a designer would open it
        const QImage world = render("caves.world");
        QVERIFY(!world.isNull());
        const int step = (m.level.width() + 2) * ts; // the gap between depths in the world
        QCOMPARE(world.width(), 5 * step + m.level.width() * ts);
        for (int z : {0, 5})
            for (int y = 0; y < m.level.height(); y += 5)
                for (int x = 0; x < m.level.width(); x += 5) {
                    const Tile t = m.level.at(x, y, z);
                    if (t == Tile::Wall || t == Tile::Floor) QVERIFY(cellShows(world, z * step + x * ts, y * ts, t));
                }
    }

    // Names and texts with tabs, line breaks and control characters still make valid
    // XML that reads back to what was meant; a rule's property named like a built-in
    // one replaces it, once, with its JSON type.
    void tmxEscapesAndPropertiesAreTyped() {
        Made m = make("room-grid.burrow.json");
        m.project.name = std::string("tab\there, line\nbreak, bell\x07 & <quotes \"'");
        Entity& thing = m.level.entities.front();
        thing.properties = {{"attack", std::int64_t{99}}, {"speed", 1.5}, {"boss", true}, {"note", std::string("a\tb")}};
        const std::string tmx = tmxMap(m.level, 0, infoOf(m), 16, "tiles.png");
        QXmlStreamReader xml(QByteArray::fromStdString(tmx));
        QString project;
        QMap<QString, QPair<QString, QString>> props; // of the first object: name -> (type, value)
        bool inFirstObject = false, sawObject = false;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QString("object") && !sawObject) inFirstObject = sawObject = true;
            if (xml.isEndElement() && xml.name() == QString("object")) inFirstObject = false;
            if (xml.isStartElement() && xml.name() == QString("property")) {
                const auto a = xml.attributes();
                if (a.value("name") == QString("project")) project = a.value("value").toString();
                if (inFirstObject) {
                    QVERIFY2(!props.contains(a.value("name").toString()), qPrintable("twice: " + a.value("name").toString()));
                    props[a.value("name").toString()] = {a.value("type").toString(), a.value("value").toString()};
                }
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(project, QString::fromUtf8("tab\there, line\nbreak, bell\uFFFD & <quotes \"'"));
        QCOMPARE(props["attack"], (QPair<QString, QString>{"int", "99"}));
        QCOMPARE(props["speed"], (QPair<QString, QString>{"float", "1.5"}));
        QCOMPARE(props["boss"], (QPair<QString, QString>{"bool", "true"}));
        QCOMPARE(props["note"], (QPair<QString, QString>{"", "a\tb"}));
        const auto tmj = json::parse(tmjMap(m.level, 0, infoOf(m), 16, "tiles.png"));
        const auto& first = tmj["layers"][1]["objects"][0]["properties"];
        int attacks = 0;
        for (const auto& p : first)
            if (p["name"] == "attack") {
                ++attacks;
                QVERIFY(p["value"].is_number_integer());
            }
        QCOMPARE(attacks, 1);
    }

    // The exported bytes (and PNG pixels) are pinned: the gcc and clang builds both
    // check these, so they write the same files. Burrow's version, which every file
    // records, is the one part left out: it changes with each release, the level not.
    void exportBytesAreGolden() {
        const Made m = make("cellular-depths.burrow.json");
        QString tmx = QString::fromStdString(tmxMap(m.level, 2, infoOf(m), 16, "tiles.png"));
        QCOMPARE(tmx.count("\"" BURROW_VERSION "\""), 1);
        tmx.replace("\"" BURROW_VERSION "\"", "\"VERSION\"");
        QCOMPARE(QString::number(hashText(tmx.toStdString()), 16), QString("8c9afc4d19d2b318")); // the tileset has the built-in locked_door too
        // PNG bytes belong to the zlib version; the pixels are pinned, and the file
        // decodes (with Qt's own PNG reader) to exactly those pixels.
        const RgbImage image = depthImage(m.level, 2, {4, CellStyle::Glyphs, true, true, m.project.movement});
        QCOMPARE(QString::number(hashText(std::string(image.pixels.begin(), image.pixels.end())), 16), QString("c4b2f03b02c97c1f"));
        const QImage decoded = QImage::fromData(QByteArray::fromStdString(encodePng(image)), "PNG").convertToFormat(QImage::Format_RGB888);
        QCOMPARE(decoded.size(), QSize(image.width, image.height));
        for (int y = 0; y < image.height; ++y)
            QVERIFY(std::memcmp(decoded.constScanLine(y), image.pixels.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) * 3,
                                static_cast<std::size_t>(image.width) * 3) == 0);
    }

    // Every file says where it came from: PNGs in text chunks (read back by Qt's own
    // PNG reader; UTF-8 as iTXt), text and CSV maps in a sidecar beside them, while
    // the text map itself stays glyphs only.
    void everyExportSaysWhereItCameFrom() {
        Made m = make("cellular-depths.burrow.json");
        ExportInfo info = infoOf(m);
        info.project = "Grottes de l'été"; // beyond ASCII: PNG's tEXt holds Latin-1 only
        QTemporaryDir dir;
        ExportRequest request;
        request.formats = {ExportFormat::Png, ExportFormat::Txt, ExportFormat::Csv};
        request.stem = "caves";
        request.tileSize = 4;
        exportLevel(m.level, info, request, dir.path().toStdString());
        for (int z : {0, 2}) {
            const QImage image(dir.path() + QString("/caves-depth-%1.png").arg(z));
            QVERIFY(!image.isNull());
            QCOMPARE(image.text("burrow_version"), QString(BURROW_VERSION));
            QCOMPARE(image.text("project"), QString::fromStdString(info.project));
            QCOMPARE(image.text("seed"), QString::number(info.seed));
            QCOMPARE(image.text("depth"), QString::number(z));
            QCOMPARE(image.text("project_hash"), QString::fromStdString(info.projectHash));
            QCOMPARE(image.text("level_hash"), QString::fromStdString(info.levelHash));
        }
        const QImage sheet(dir.path() + "/caves-all-depths.png");
        QCOMPARE(sheet.text("level_hash"), QString::fromStdString(info.levelHash));

        const json meta = json::parse(readTextFile(dir.path().toStdString() + "/caves.burrow-meta.json"));
        QCOMPARE(meta["format"], json("burrow-export-meta"));
        QCOMPARE(meta["project"].get<std::string>(), info.project);
        QCOMPARE(meta["seed"], json(std::to_string(info.seed)));
        QCOMPARE(meta["project_hash"].get<std::string>(), info.projectHash);
        QCOMPARE(meta["level_hash"].get<std::string>(), info.levelHash);
        QCOMPARE(meta["burrow_version"], json(BURROW_VERSION));
        QCOMPARE(meta["files"].size(), std::size_t(m.level.depthCount() + 1)); // each depth's CSV and the one text map
        for (const auto& file : meta["files"]) QVERIFY(fs::exists(dir.path().toStdString() + "/" + file.get<std::string>()));
        // The text map is the level's glyphs and nothing else.
        const std::string text = readTextFile(dir.path().toStdString() + "/caves.txt");
        QVERIFY(text.find(info.levelHash) == std::string::npos && text.find("burrow") == std::string::npos);
    }

    void csvAndFrames() {
        const Made m = make("random-fill.burrow.json");
        const std::string csv = csvDepth(m.level.tiles(0));
        std::istringstream lines(csv);
        std::string line;
        int y = 0;
        while (std::getline(lines, line)) {
            std::istringstream cells(line);
            std::string cell;
            int x = 0;
            while (std::getline(cells, cell, ',')) QCOMPARE(std::stoi(cell), static_cast<int>(m.level.at(x++, y, 0)));
            QCOMPARE(x, m.level.width());
            ++y;
        }
        QCOMPARE(y, m.level.height());
        QTemporaryDir dir;
        LevelBuild generation(m.project, m.project.seed);
        const std::size_t frames = exportFrames(generation, 3, {4, CellStyle::Blocks, false, false, Connectivity::Eight}, dir.path().toStdString());
        LevelBuild counted(m.project, m.project.seed);
        std::size_t steps = 0;
        while (counted.step()) ++steps;
        QVERIFY(steps > 10);
        // The start, every 3rd step, and the end when the last step was no 3rd.
        QCOMPARE(frames, 1 + steps / 3 + (steps % 3 != 0 ? 1 : 0));
        QVERIFY(!QImage(dir.path() + "/frame-000001.png").isNull());
        const QImage last(dir.path() + QString("/frame-%1.png").arg(frames, 6, 10, QChar('0')));
        QVERIFY(cellShows(last, 0, 0, m.level.at(0, 0, 0)));
    }

    // A film is bounded in pixels, so a big level filmed every step is refused (with
    // the --frames that fits) before any of its files, not encoded for hours.
    void aFilmTooLargeIsRefusedBeforeAnyFile() {
        QTemporaryDir dir;
        const std::string mazes = std::string(BURROW_EXAMPLES) + "/mazes.burrow.json";
        const std::string big = dir.filePath("big").toStdString(), small = dir.filePath("small").toStdString();
        const auto refused = runCli({"generate", mazes, "--size", "400x400", "--frames", "1", "--out", big});
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.contains("--frames 1:") && refused.err.contains("at most 4,000 million") && refused.err.contains("give --frames"),
                 qPrintable(refused.err));
        QVERIFY(!fs::exists(big) || fs::is_empty(big));
        // The advice holds: the spacing it names is accepted.
        const QString advice = refused.err.mid(refused.err.indexOf("give --frames ") + 14).section(' ', 0, 0);
        const Project p = loadProject(mazes, builtinStages());
        Project scaled = p;
        scaled.size = {400, 400, 1};
        const ImageOptions options{16, CellStyle::Glyphs, false, true, p.movement};
        QVERIFY(filmProblem(scaled, p.seed, advice.toULongLong(), options) == std::nullopt);
        QVERIFY(filmProblem(scaled, p.seed, advice.toULongLong() - 1, options) != std::nullopt);
        // The example at its own size is well within.
        QCOMPARE(runCli({"generate", mazes, "--frames", "40", "--out", small}).code, 0);
        QVERIFY(fs::exists(fs::path(small) / "frames" / "frame-000001.png"));
    }

    // Images stay within what Qt-based tools open. A cell size that breaks that is
    // refused before any file is written, naming the size that would do; the
    // command's default cell shrinks to fit and says so; a contact sheet shrinks.
    void imagesStayWithinWhatToolsOpen() {
        QCOMPARE(QImageReader::allocationLimit(), 128); // the limit our images keep to (Qt's default)
        const LevelSize huge{4096, 4096, 64};
        QCOMPARE(largestFittingCell(huge, 16, false), 1);
        QCOMPARE(largestFittingCell(huge, 16, true), 0); // 64 depths side by side: no sheet
        QCOMPARE(largestFittingCell({1500, 1500, 4}, 16, true), 1);
        QVERIFY(contactSheetPixels({1500, 1500, 4}, 1) <= kMaxImagePixels && contactSheetPixels({1500, 1500, 4}, 2) > kMaxImagePixels);
        QCOMPARE(largestFittingCell({2100, 2100, 1}, 16, false), 2);

        QTemporaryDir dir;
        const Level big({4096, 4096, 1});
        ExportRequest request;
        request.formats = {ExportFormat::Txt, ExportFormat::Png};
        try {
            exportLevel(big, {}, request, dir.path().toStdString());
            QFAIL("a 65536 x 65536 PNG was not refused");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(QString(e.what()).contains("makes a 65536 x 65536 image (16 GiB to open)") && QString(e.what()).contains("1 px or less"), e.what());
        }
        QVERIFY(fs::is_empty(dir.path().toStdString())); // not even the text map

        // The command: --cell asked for is refused up front; the default shrinks.
        const std::string project = dir.path().toStdString() + "/wide.burrow.json";
        json doc = json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/random-fill.burrow.json"));
        doc["size"] = {{"width", 2100}, {"height", 2100}, {"depth", 1}};
        writeFileAtomically(project, doc.dump());
        std::ostringstream out, err;
        QCOMPARE(burrow::cli::run({"generate", project, "--format", "png", "--cell", "3", "--out", dir.path().toStdString()}, out, err).value_or(-1), 2);
        QVERIFY2(QString::fromStdString(err.str()).contains("--cell 3: a 2100 x 2100 depth at 3 px a cell makes a 6300 x 6300 image"), err.str().c_str());
        QCOMPARE(burrow::cli::run({"generate", project, "--format", "png", "--out", dir.path().toStdString()}, out, err).value_or(-1), 0);
        QVERIFY2(QString::fromStdString(err.str()).contains("note: cells are 2 px"), err.str().c_str());
        QImageReader written(dir.path() + "/wide.png");
        QCOMPARE(written.size(), QSize(4200, 4200));

        // The game's art has one size: too large a PNG of it is refused with what does
        // fit, Burrow's tiles at a smaller cell, which is then accepted.
        const std::string lava = std::string(BURROW_EXAMPLES) + "/lava-caves.burrow.json", artOut = dir.path().toStdString() + "/art";
        const auto refused = runCli({"generate", lava, "--size", "400x400x1", "--format", "png", "--out", artOut});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains("the game's 16 px tiles") && refused.err.contains("give --burrow-tiles --cell 14"), qPrintable(refused.err));
        QCOMPARE(runCli({"generate", lava, "--size", "400x400x1", "--format", "png", "--burrow-tiles", "--cell", "14", "--out", artOut}).code, 0);
    }

    void batchEqualsSingleRuns() {
        QTemporaryDir dir;
        const std::string example = std::string(BURROW_EXAMPLES) + "/room-grid.burrow.json";
        const std::string batch = dir.path().toStdString() + "/batch", single = dir.path().toStdString() + "/single";
        QCOMPARE(runCli({"generate", example, "--seeds", "1..20", "--jobs", "2", "--format", "tmj,png,txt,csv", "--out", batch}).code, 0);
        for (int seed = 1; seed <= 20; ++seed) {
            const std::string one = single + "/" + std::to_string(seed);
            QCOMPARE(runCli({"generate", example, "--seed", std::to_string(seed), "--format", "tmj,png,txt,csv", "--out", one}).code, 0);
            int files = 0;
            for (const auto& f : fs::directory_iterator(one)) {
                const fs::path twin = fs::path(batch) / ("seed-" + std::to_string(seed)) / f.path().filename();
                QVERIFY2(fs::exists(twin), twin.string().c_str());
                QVERIFY2(readTextFile(twin) == readTextFile(f.path()), twin.string().c_str());
                ++files;
            }
            QCOMPARE(files, 6); // tileset, tmj, png, txt, csv, and the text maps' provenance sidecar
        }
        QCOMPARE(runCli({"generate", example, "--seeds", "5..2"}).code, 2);
        QCOMPARE(runCli({"generate", example, "--format", "gif"}).code, 2);
    }
};

BURROW_TEST_MAIN(TestExport)
#include "test_export.moc"
