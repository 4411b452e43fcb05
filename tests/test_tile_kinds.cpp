// A project's own tile kinds: read and refused with JSON paths, saved and read back,
// and obeyed wherever a level is read — the bot never walks into lava, sight stops
// at a secret door one can still walk through, regions and reachability follow the
// kinds' flags, and exports draw a secret door as a wall while telling the game
// what it is (checked with Tiled's own tmxrasterizer).
#include <QTest>

#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "test_main.h"
#include "content/rules_json.h"
#include "export/level_export.h"
#include "export/png.h"
#include "export/tiled_export.h"
#include "io/ascii_map.h"
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "play/bot.h"
#include "play/field_of_view.h"
#include "play/game.h"
#include "project/project.h"
#include "regions/reachability.h"
#include "regions/region_map.h"
#include "project_test_helpers.h"

using namespace burrow;
using burrow::test::problemsOf;
using burrow::test::projectOf;
using nlohmann::json;

namespace {

const json kLava = {{"id", "lava"}, {"name", "Lava"}, {"glyph", "="}, {"colour", "#ffb040"}, {"background", "#c03000"},
                    {"walkable", false}, {"transparent", true}, {"tags", {"hazard"}}};
const json kSecretDoor = {{"id", "secret_door"}, {"name", "Secret door"}, {"glyph", "S"}, {"colour", "#e0a060"}, {"background", "#4a2c10"},
                          {"walkable", true}, {"transparent", false}, {"export_look", "wall"}, {"properties", {{"secret", true}}}};

json exampleWithKinds(const char* example) {
    json doc = json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/" + example));
    doc["tile_kinds"] = {kLava, kSecretDoor};
    return doc;
}

} // namespace

class TestTileKinds : public QObject {
    Q_OBJECT
private slots:
    void kindsReadAndRoundTrip() {
        const Project p = projectOf(exampleWithKinds("drone-caves.burrow.json"));
        QCOMPARE(p.tileKinds.count(), kTileKindCount + 2);
        const auto lava = p.tileKinds.find("lava");
        QVERIFY(lava);
        QCOMPARE(static_cast<int>(*lava), kTileKindCount);
        QVERIFY(!p.tileKinds.walkable(*lava) && p.tileKinds.transparent(*lava) && !p.tileKinds.diggable(*lava));
        const Tile door = *p.tileKinds.find("S"); // by glyph
        QVERIFY(p.tileKinds.walkable(door) && !p.tileKinds.transparent(door));
        QCOMPARE(p.tileKinds.exportLook(door), Tile::Wall);
        QCOMPARE(p.tileKinds[door].properties.size(), std::size_t(1));
        // Saved and read back: the same project, the same hash.
        const Project again = projectOf(json::parse(projectToJson(p).dump()));
        QVERIFY(again == p);
        QCOMPARE(projectHash(again), projectHash(p));
        // The kinds are part of what decides the level; a project of built-ins
        // hashes as before (no "tile_kinds" written).
        json plain = json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/drone-caves.burrow.json"));
        const Project builtIns = projectOf(plain);
        QVERIFY(projectHash(builtIns) != projectHash(p));
        QVERIFY(!projectToJson(builtIns).contains("tile_kinds"));
    }

    void badKindsAreRefusedWithTheirPath_data() {
        QTest::addColumn<QString>("kinds");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("words");
        QTest::newRow("not a list") << R"({"id": "lava"})" << "/tile_kinds" << "list of tile kinds";
        QTest::newRow("a built-in id") << R"([{"id": "wall", "glyph": "W", "walkable": false}])" << "/tile_kinds/0/id" << "built-in";
        QTest::newRow("twice") << R"([{"id": "lava", "glyph": "=", "walkable": false}, {"id": "lava", "glyph": "L", "walkable": false}])"
                               << "/tile_kinds/1/id" << "already a tile kind";
        QTest::newRow("glyph taken") << R"([{"id": "lava", "glyph": "#", "walkable": false}])" << "/tile_kinds/0/glyph" << "wall's";
        QTest::newRow("glyph too long") << R"([{"id": "lava", "glyph": "==", "walkable": false}])" << "/tile_kinds/0/glyph" << "one printable";
        QTest::newRow("glyph a space") << R"([{"id": "lava", "glyph": " ", "walkable": false}])" << "/tile_kinds/0/glyph" << "printable";
        QTest::newRow("no walkable") << R"([{"id": "lava", "glyph": "="}])" << "/tile_kinds/0/walkable" << "required";
        QTest::newRow("bad colour") << R"([{"id": "lava", "glyph": "=", "walkable": false, "colour": "red"}])" << "/tile_kinds/0/colour" << "#40c040";
        QTest::newRow("bad id") << R"([{"id": "hot lava", "glyph": "=", "walkable": false}])" << "/tile_kinds/0/id" << "letters, digits";
        QTest::newRow("unknown look") << R"([{"id": "lava", "glyph": "=", "walkable": false, "export_look": "magma"}])" << "/tile_kinds/0/export_look"
                                      << "not a kind defined before it";
        QTest::newRow("typo") << R"([{"id": "lava", "glyph": "=", "walkabel": false}])" << "/tile_kinds/0/walkabel" << "walkable";
        QTest::newRow("property of a list") << R"([{"id": "lava", "glyph": "=", "walkable": false, "properties": {"hot": [1]}}])"
                                            << "/tile_kinds/0/properties/hot" << "a text, a number";
        QTest::newRow("edit names an unknown kind") << R"([])" << "/edits/0/3" << "expected a tile kind (wall";
    }
    void badKindsAreRefusedWithTheirPath() {
        QFETCH(QString, kinds);
        QFETCH(QString, path);
        QFETCH(QString, words);
        json doc = json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/drone-caves.burrow.json"));
        doc["tile_kinds"] = json::parse(kinds.toStdString());
        if (QString(QTest::currentDataTag()).startsWith("edit")) doc["edits"] = {{1, 1, 0, "lava"}};
        const QStringList problems = problemsOf(doc);
        bool found = false;
        for (const QString& p : problems) found |= p.startsWith(path + "|") && p.contains(words);
        QVERIFY2(found, qPrintable(problems.join("\n")));
    }

    void tooManyKindsAreRefused() {
        json doc = json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/drone-caves.burrow.json"));
        json kinds = json::array();
        for (int i = 0; i < kMaxTileKinds; ++i) kinds.push_back({{"id", "k" + std::to_string(i)}, {"glyph", "?"}, {"walkable", true}});
        doc["tile_kinds"] = kinds;
        const QStringList problems = problemsOf(doc);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems[0].startsWith("/tile_kinds|") && problems[0].contains("at most " + QString::number(kMaxTileKinds - kTileKindCount)), qPrintable(problems[0]));
        // One glyph per kind: the 95 printable characters run out first, with a clear word.
        kinds = json::array();
        for (int i = 0; i < 100; ++i) kinds.push_back({{"id", "k" + std::to_string(i)}, {"glyph", std::string(1, char(0x21 + i % 94))}, {"walkable", true}});
        doc["tile_kinds"] = kinds;
        QVERIFY(!problemsOf(doc).isEmpty());
    }

    // Lava painted across the caves: over many games the bot never stands in it,
    // and stepping into it is refused.
    void theBotNeverWalksIntoLava() {
        json doc = exampleWithKinds("drone-caves.burrow.json");
        Project p = projectOf(doc);
        const Level plain = makeLevel(p).level;
        const Tile lava = *p.tileKinds.find("lava");
        // Every third walkable cell of every fourth column, away from the start.
        const auto start = defaultStart(plain);
        QVERIFY(start);
        int painted = 0;
        for (int y = 0; y < plain.height(); ++y)
            for (int x = 0; x < plain.width(); x += 4)
                if (plain.kinds.walkable(plain.at(x, y, 0)) && !isPassage(plain.at(x, y, 0)) && y % 3 != 0 && std::abs(x - start->x) + std::abs(y - start->y) > 2) {
                    p.edits.set({x, y, 0}, lava);
                    ++painted;
                }
        QVERIFY(painted > 50);
        const Level level = makeLevel(p).level;
        QCOMPARE(level.kinds, p.tileKinds);
        int moves = 0;
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            Game game(level, seed, GameOptions::forMovement(p.movement));
            const GameSummary summary = playWithBot(game, 400);
            Game replay(level, seed, GameOptions::forMovement(p.movement));
            for (const Input& input : summary.inputs) {
                replay.act(input);
                const Cell at = replay.player().at;
                QVERIFY2(level.at(at.x, at.y, at.z) != lava, qPrintable(QString("seed %1: the player stands in lava at %2,%3").arg(seed).arg(at.x).arg(at.y)));
                ++moves;
            }
        }
        QVERIFY(moves > 200);
        // Stepping into lava by hand is refused.
        for (int y = 1; y + 1 < level.height(); ++y)
            for (int x = 1; x + 1 < level.width(); ++x)
                if (level.at(x, y, 0) == lava && level.kinds.walkable(level.at(x - 1, y, 0)) && !isPassage(level.at(x - 1, y, 0))) {
                    GameOptions options = GameOptions::forMovement(p.movement);
                    options.start = Cell{x - 1, y, 0};
                    Game game(level, 1, options);
                    if (game.player().at != Cell{x - 1, y, 0}) continue;
                    QVERIFY(!game.act({Input::Kind::Move, 1, 0}));
                    QCOMPARE(game.player().at, (Cell{x - 1, y, 0}));
                    return;
                }
        QFAIL("no lava beside a walkable cell");
    }

    // A corridor with a secret door in it: one walks through it, but cannot see
    // past it; lava is seen across but splits the corridor into two regions.
    void sightAndWalkingFollowTheKinds() {
        const TileKinds kinds = projectOf(exampleWithKinds("drone-caves.burrow.json")).tileKinds;
        Level level = levelFromAscii("#########\n"
                                     "#..S....#\n"
                                     "#########\n"
                                     "\n"
                                     "#########\n"
                                     "#...=...#\n"
                                     "#########\n",
                                     kinds);
        QCOMPARE(asciiMap(level), std::string("#########\n#..S....#\n#########\n\n#########\n#...=...#\n#########\n"));
        FieldOfView view(level.width(), level.height());
        view.compute(level.tiles(0), {1, 1}, 20, level.kinds);
        QVERIFY(view.visible(3, 1));  // the door itself
        QVERIFY(!view.visible(5, 1)); // not through it
        view.compute(level.tiles(1), {1, 1}, 20, level.kinds);
        QVERIFY(view.visible(7, 1)); // across the lava
        QCOMPARE(labelRuns(level.tiles(0), Connectivity::Four, level.kinds).regions.size(), std::size_t(1));
        QCOMPARE(labelRuns(level.tiles(1), Connectivity::Four, level.kinds).regions.size(), std::size_t(2));
        const Cell from[] = {{1, 1, 0}};
        QCOMPARE(distanceMap(level, from, Connectivity::Four).at(7, 1, 0), 6);
        GameOptions options = GameOptions::forMovement(Connectivity::Four);
        options.start = Cell{2, 1, 0};
        Game game(level, 1, options);
        QVERIFY(game.act({Input::Kind::Move, 1, 0}));
        QCOMPARE(game.player().at, (Cell{3, 1, 0}));
        QVERIFY(game.act({Input::Kind::Move, 1, 0}));
        QCOMPARE(game.player().at, (Cell{4, 1, 0}));
    }

    // The secret door is a wall to whoever looks at the export, and a secret door
    // to the game reading its tile's type and properties. Tiled renders it so.
    void exportsDrawTheExportLookAndTellTheKind() {
        Project p = projectOf(exampleWithKinds("drone-caves.burrow.json"));
        const Level plain = makeLevel(p).level;
        const Tile lava = *p.tileKinds.find("lava"), door = *p.tileKinds.find("secret_door");
        std::vector<Cell> lavaCells, doorCells;
        for (int y = 0; y < plain.height(); ++y)
            for (int x = 0; x < plain.width(); ++x) {
                if (isPassage(plain.at(x, y, 0))) continue;
                if ((x + 2 * y) % 7 == 0) {
                    p.edits.set({x, y, 0}, lava);
                    lavaCells.push_back({x, y, 0});
                } else if ((x + 2 * y) % 11 == 0) {
                    p.edits.set({x, y, 0}, door);
                    doorCells.push_back({x, y, 0});
                }
            }
        const Level level = makeLevel(p).level;
        const ExportInfo info{p.name, p.seed, projectHash(p), levelHash(level)};
        const json map = json::parse(tmjMap(level, 0, info, 8, "t.png"));
        const json& tileset = map["tilesets"][0];
        QCOMPARE(tileset["tilecount"].get<int>(), kTileKindCount + 2);
        const json& doorTile = tileset["tiles"][static_cast<std::size_t>(door)];
        QCOMPARE(doorTile["type"].get<std::string>(), std::string("secret_door"));
        bool secret = false, opaque = false;
        for (const json& prop : doorTile["properties"]) {
            secret |= prop["name"] == "secret" && prop["value"] == true && prop["type"] == "bool";
            opaque |= prop["name"] == "transparent" && prop["value"] == false;
        }
        QVERIFY(secret && opaque);
        const json& data = map["layers"][0]["data"];
        for (const Cell& c : doorCells) QCOMPARE(tileOfGid(data[static_cast<std::size_t>(c.y * level.width() + c.x)].get<int>(), level.kinds), std::optional<Tile>(door));
        // The tileset draws the door as the wall, lava as itself.
        const QImage sheet = QImage::fromData(QByteArray::fromStdString(tilesetPng(level.kinds, 8)), "PNG");
        QCOMPARE(sheet.width(), 8 * (kTileKindCount + 2));
        QCOMPARE(sheet.copy(static_cast<int>(door) * 8, 0, 8, 8), sheet.copy(0, 0, 8, 8));
        QCOMPARE(sheet.pixelColor(static_cast<int>(lava) * 8, 0), QColor::fromRgb(0xc03000));

        const QString rasterizer = QStandardPaths::findExecutable("tmxrasterizer");
        if (rasterizer.isEmpty()) {
            if (!qEnvironmentVariableIsEmpty("CI")) QFAIL("Tiled's tmxrasterizer is missing: bash .ci/setup installs it");
            QFAIL("Tiled's tmxrasterizer is not installed: the README's test command installs it (apt-get install tiled)");
        }
        QTemporaryDir dir;
        ExportRequest request;
        request.formats = {ExportFormat::Tmj, ExportFormat::Tmx, ExportFormat::Png};
        request.stem = "kinds";
        request.tileSize = 8;
        exportLevel(level, info, request, dir.path().toStdString());
        const QColor wall = QColor::fromRgb(tileInfo(Tile::Wall).background), hot = QColor::fromRgb(0xc03000);
        auto near = [](QColor a, QColor b) { return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 12; };
        for (const QString file : {"kinds.tmj", "kinds.tmx"}) {
            QProcess process;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("QT_QPA_PLATFORM", "offscreen");
            process.setProcessEnvironment(env);
            process.start(rasterizer, {"--hide-layer", "things", dir.path() + "/" + file, dir.path() + "/" + file + ".png"});
            QVERIFY(process.waitForFinished(60000) && process.exitCode() == 0);
            const QImage image(dir.path() + "/" + file + ".png");
            QCOMPARE(image.size(), QSize(level.width() * 8, level.height() * 8));
            for (const Cell& c : lavaCells) QVERIFY2(near(image.pixelColor(c.x * 8, c.y * 8), hot), qPrintable(file));
            for (const Cell& c : doorCells) QVERIFY2(near(image.pixelColor(c.x * 8, c.y * 8), wall), qPrintable(file));
        }
        // Our own PNG draws them the same way.
        const QImage png(dir.path() + "/kinds.png");
        QVERIFY(!png.isNull());
        for (const Cell& c : lavaCells) QVERIFY(near(png.pixelColor(c.x * 8, c.y * 8), hot));
        for (const Cell& c : doorCells) QVERIFY(near(png.pixelColor(c.x * 8, c.y * 8), wall));
    }

    // Population rules lay the project's own kinds by id: lava pools in every room
    // of the room grid, in the place of its obstacles, never cutting the start off
    // the exit; the rules save with the id and read back only where lava is a kind.
    void populationLaysTheProjectsKinds() {
        json doc = exampleWithKinds("room-grid.burrow.json");
        json rules = json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/room-grid.rules.json"));
        for (json& group : rules["groups"])
            if (group.value("kind", "") == "tiles") group["tiles"] = {"lava"};
        for (json& stage : doc["recipe"])
            if (stage["stage"] == "populate") stage["rules"] = rules;
        Project p = projectOf(doc);
        const Tile lava = *p.tileKinds.find("lava");
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            const Level level = makeLevel(p, seed).level;
            long long lavaCells = 0, obstacles = 0;
            for (Tile t : level.tiles(0)) {
                lavaCells += t == lava;
                obstacles += t == Tile::Obstacle;
            }
            QVERIFY2(lavaCells >= 3 && obstacles == 0, qPrintable(QString("seed %1: %2 lava, %3 obstacles").arg(seed).arg(lavaCells).arg(obstacles)));
            std::optional<Cell> start, exit;
            for (const Marker& m : level.markers) (m.name == "start" ? start : exit) = m.at;
            QVERIFY(start && exit);
            const Cell from[] = {*start};
            QVERIFY2(distanceMap(level, from, p.movement).at(exit->x, exit->y, exit->z) >= 0, qPrintable(QString("seed %1: lava cuts the exit off").arg(seed)));
        }
        const json saved = json::parse(projectToJson(p).dump());
        QVERIFY(saved.dump().find("\"tiles\":[\"lava\"]") != std::string::npos);
        QVERIFY(projectOf(saved) == p);
        std::vector<Diagnostic> problems;
        rulesFromJson(rules, problems);
        QVERIFY(!problems.empty() && problems[0].message.find("expected a tile kind") != std::string::npos);
    }

    // The example: lava pools and moss in every seed's caves, each where a tile
    // group may put it (on open ground, never on stairs), and the bot never in lava.
    void theLavaCavesExampleLaysItsKinds() {
        const Project p = loadProject(std::string(BURROW_EXAMPLES) + "/lava-caves.burrow.json", builtinStages());
        const Tile lava = *p.tileKinds.find("lava"), moss = *p.tileKinds.find("moss");
        long long lavaCells = 0, mossCells = 0;
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            const Level level = makeLevel(p, seed).level;
            for (int z = 0; z < level.depthCount(); ++z)
                for (Tile t : level.tiles(z)) {
                    lavaCells += t == lava;
                    mossCells += t == moss;
                }
            for (const StairsPair& s : level.stairs) {
                QCOMPARE(level.at(s.x, s.y, s.upperDepth), Tile::StairsDown);
                QCOMPARE(level.at(s.x, s.y, s.upperDepth + 1), Tile::StairsUp);
            }
            Game game(level, seed, GameOptions::forMovement(p.movement));
            const GameSummary summary = playWithBot(game, 300);
            Game replay(level, seed, GameOptions::forMovement(p.movement));
            for (const Input& input : summary.inputs) {
                replay.act(input);
                QVERIFY(level.at(replay.player().at.x, replay.player().at.y, replay.player().at.z) != lava);
            }
        }
        QVERIFY2(lavaCells > 20 * 6 * 4 && mossCells > 20 * 6, qPrintable(QString("%1 lava, %2 moss").arg(lavaCells).arg(mossCells)));
    }

    // A level hashes as before unless it has kinds of its own.
    void levelHashCoversTheKinds() {
        Level level = levelFromAscii("#..#\n");
        const std::string builtIn = levelHash(level);
        level.kinds = projectOf(exampleWithKinds("drone-caves.burrow.json")).tileKinds;
        QVERIFY(levelHash(level) != builtIn);
    }
};

BURROW_TEST_GUILESS_MAIN(TestTileKinds)
#include "test_tile_kinds.moc"
