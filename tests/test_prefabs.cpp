// Prefabs: drawn in the project or imported from Tiled, turned and mirrored, placed
// by population rules on the floor or carved into the rock, every opening's prefab
// joined to the level (reachable share stays 1.0 over hundreds of seeds), refused
// with JSON paths when wrong, and never a hang when one fits nowhere.
#include <QTest>

#include <QTemporaryDir>

#include "test_main.h"
#include "analysis/measure.h"
#include "content/metric_catalog.h"
#include "content/prefab_group_json.h"
#include "content/prefab_json.h"
#include "content/prefab_tiled.h"
#include "io/ascii_map.h"
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "population/prefab_placement.h"
#include "project/prefab_uses.h"
#include "project/project.h"

using namespace burrow;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const fs::path kShrines = fs::path(BURROW_EXAMPLES) / "shrines.burrow.json";

Prefab drawn(const json& object, const TileKinds& kinds = builtInTileKinds()) {
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    Prefab p = prefabFromJson(object, "", check, kinds);
    if (!problems.empty()) throw FileError("drawn prefab", problems);
    return p;
}

// The prefab's cells as rows of glyphs, keep as ' ', openings as 'O', things as 'T'.
QStringList picture(const Prefab& p) {
    QStringList rows;
    for (int y = 0; y < p.height; ++y) {
        QString row;
        for (int x = 0; x < p.width; ++x) {
            const PrefabCell& c = p.at(x, y);
            const bool thing = std::any_of(p.things.begin(), p.things.end(), [&](const PrefabThing& t) { return t.at.x == x && t.at.y == y; });
            row += thing ? QChar('T') : c.opening ? QChar('O') : c.keep ? QChar(' ') : QChar(builtInTileKinds()[c.tile].glyph);
        }
        rows << row;
    }
    return rows;
}

// A one-depth cave with only its largest region kept: every floor cell reachable
// before any prefab goes in. `groups` are the prefab groups.
Project caveProject(const json& prefabs, const json& groups, int width = 80, int height = 50) {
    const json doc = {{"format", "burrow-project"},
                      {"version", 1},
                      {"seed", 1u},
                      {"size", {{"width", width}, {"height", height}, {"depth", 1}}},
                      {"prefabs", prefabs},
                      {"recipe",
                       {{{"stage", "cellular_caves"}, {"name", "caves"}, {"params", json::object()}},
                        {{"stage", "prune_regions"}, {"name", "prune"}, {"params", {{"keep_largest_only", true}}}},
                        {{"stage", "populate"}, {"name", "prefabs"}, {"params", json::object()},
                         {"rules", {{"format", "burrow-rules"}, {"version", 1}, {"groups", groups}}}}}}};
    std::vector<Diagnostic> problems;
    Project project = projectFromJson(doc, builtinStages(), problems);
    if (!problems.empty()) throw FileError("cave project", problems);
    return project;
}

const json kShrine = {{"id", "shrine"},
                      {"rows", {"#####", "#...#", "#...#", "###D#"}},
                      {"legend", {{"D", {{"tile", "door"}, {"opening", true}}}}}};

// Where the prefab's non-kept cells stand in the level, exactly: top-left corners.
std::vector<Point> stampCorners(const Level& level, const Prefab& p) {
    std::vector<Point> found;
    const TileGrid& tiles = level.tiles(0);
    for (int y = 0; y + p.height <= tiles.height(); ++y)
        for (int x = 0; x + p.width <= tiles.width(); ++x) {
            bool same = true;
            for (int py = 0; py < p.height && same; ++py)
                for (int px = 0; px < p.width && same; ++px) same = p.at(px, py).keep || tiles(x + px, y + py) == p.at(px, py).tile;
            if (same) found.push_back({x, y});
        }
    return found;
}
int stampsOf(const Level& level, const Prefab& p) { return static_cast<int>(stampCorners(level, p).size()); }

double reachableShare(const Level& level, Connectivity movement) { return measure(level, movement)[*metricIndex("reachable_share")]; }

} // namespace

class TestPrefabs : public QObject {
    Q_OBJECT

private slots:
    void turnsAndMirrorsMoveEverythingTogether() {
        const Prefab p = drawn({{"id", "l"}, {"rows", {"#.D#", "#A"}}, {"legend", {{"D", {{"tile", "floor"}, {"opening", true}}}, {"A", {{"tile", "floor"}, {"thing", "item"}}}}}});
        QCOMPARE(picture(p), QStringList({"#.O#", "#T  "}));
        // Turned clockwise by hand: the left column becomes the top row.
        QCOMPARE(picture(transformed(p, 1, false)), QStringList({"##", "T.", " O", " #"}));
        QCOMPARE(picture(transformed(p, 2, false)), QStringList({"  T#", "#O.#"}));
        QCOMPARE(picture(transformed(p, 0, true)), QStringList({"#O.#", "  T#"}));
        QCOMPARE(picture(transformed(p, 1, true)), QStringList({" #", " O", "T.", "##"}));
        QCOMPARE(transformed(p, 4, false), p);
        QCOMPARE(transformed(transformed(p, 3, false), 1, false), p);
        QCOMPARE(transformed(transformed(p, 0, true), 0, true), p);
        QCOMPARE(outsideOf(p, {2, 0}), (Point{2, -1}));
        // Eight shapes for an asymmetric prefab, one for a symmetric one.
        QCOMPARE(prefabVariants(p, {0, 1, 2, 3}, true).size(), std::size_t{8});
        const Prefab square = drawn({{"id", "s"}, {"rows", {"###", "#.#", "###"}}});
        QCOMPARE(prefabVariants(square, {0, 1, 2, 3}, true).size(), std::size_t{1});
    }

    // What the editor's Prefabs dialog draws on: a walled blank, cut and grown from the
    // top-left corner, openings only where they can lead out.
    void blankAndResizedPrefabs() {
        QCOMPARE(picture(blankPrefab("b", 4, 3)), QStringList({"####", "#..#", "####"}));
        const Prefab clamped = blankPrefab("b", 0, kMaxPrefabSide + 5);
        QCOMPARE(clamped.width, 1);
        QCOMPARE(clamped.height, kMaxPrefabSide);
        const Prefab p = drawn({{"id", "r"}, {"rows", {"##D##", "#...#", "#...E", "#..A#", "#####"}},
                                {"legend", {{"D", {{"tile", "floor"}, {"opening", true}}}, {"E", {{"tile", "floor"}, {"opening", true}}},
                                            {"A", {{"tile", "floor"}, {"thing", "item"}}}}}});
        QVERIFY(canOpenAt(p, {2, 0}) && canOpenAt(p, {0, 1}) && canOpenAt(p, {4, 3}));
        QVERIFY(!canOpenAt(p, {0, 0}) && !canOpenAt(p, {4, 4}) && !canOpenAt(p, {2, 2}) && !canOpenAt(p, {5, 1}) && !canOpenAt(p, {-1, 1}));
        QVERIFY(canOpenAt(blankPrefab("line", 1, 3), {0, 0})); // one cell wide: no corners
        // Grown: new cells keep the level's own; the right-hand opening is inside now.
        QCOMPARE(picture(resizedPrefab(p, 6, 6)), QStringList({"##O## ", "#...# ", "#.... ", "#..T# ", "##### ", "      "}));
        // Cut: the thing outside goes, the top opening is on a corner now.
        const Prefab cut = resizedPrefab(p, 3, 3);
        QCOMPARE(picture(cut), QStringList({"##.", "#..", "#.."}));
        QVERIFY(cut.things.empty());
        QVERIFY(prefabProblems(cut, builtInTileKinds()).empty());
        QCOMPARE(resizedPrefab(p, 5, 5), p);
    }

    // A prefab a group places is in use, and so is a stage's sample; one neither uses is not.
    void prefabUsesNameTheGroupsAndSamples() {
        const Project shrines = loadProject(kShrines, builtinStages());
        const auto uses = prefabUses(shrines, "shrine", builtinStages());
        QVERIFY(!uses.empty());
        QVERIFY2(uses.front().starts_with("prefab group "), uses.front().c_str());
        QVERIFY(prefabUses(shrines, "no_such_prefab", builtinStages()).empty());
        const Project ruins = loadProject(BURROW_EXAMPLES "/wfc-ruins.burrow.json", builtinStages());
        const auto samples = prefabUses(ruins, "ruins", builtinStages());
        QCOMPARE(samples.size(), std::size_t(1));
        QCOMPARE(samples.front(), std::string("the sample of stage ruins"));
    }

    void drawnPrefabsWriteBackAsTheyRead() {
        const Prefab p = drawn({{"id", "vault"},
                                {"name", "A vault"},
                                {"rows", {"#+#", "#A#", "  #"}},
                                {"legend", {{"+", {{"tile", "door"}, {"opening", true}}}, {"A", {{"tile", "floor"}, {"thing", "item"}, {"properties", {{"gold", 5}}}}}}}});
        QCOMPARE(p.width, 3);
        QCOMPARE(p.height, 3);
        QVERIFY(p.at(1, 0).opening);
        QCOMPARE(p.at(1, 0).tile, Tile::Door);
        QVERIFY(p.at(0, 2).keep);
        QCOMPARE(p.things.size(), std::size_t{1});
        QCOMPARE(p.things[0].properties[0].name, std::string("gold"));
        const json written = json::parse(prefabToJson(p, builtInTileKinds()).dump());
        QCOMPARE(drawn(written), p);
        // Void's glyph is a space, which reads as "keep": it is written in the legend.
        Prefab v = p;
        v.at(0, 2) = PrefabCell{Tile::Void, false, false};
        QCOMPARE(drawn(json::parse(prefabToJson(v, builtInTileKinds()).dump())), v);

        // More kinds of marked cell than legend glyphs, two things on one cell, things
        // out of reading order: written and read back, nothing is lost, and the things
        // come back in reading order (the order they are placed in).
        Prefab crowded{"crowd", "crowd", 12, 12, std::vector<PrefabCell>(144), {}};
        for (int i = 0; i < 120; ++i)
            crowded.things.push_back({{11 - i % 12, 11 - i / 12}, "item", {{"gold", std::int64_t{i}}}});
        crowded.things.push_back({{0, 0}, "enemy", {}});
        crowded.at(5, 0).opening = true;
        crowded.at(3, 1) = PrefabCell{Tile::Void, false, false};
        const json many = json::parse(prefabToJson(crowded, builtInTileKinds()).dump());
        QVERIFY(many.contains("things")); // the legend ran out
        Prefab expected = crowded;
        orderThings(expected);
        QCOMPARE(drawn(many), expected);
        QCOMPARE(drawn(json::parse(prefabToJson(expected, builtInTileKinds()).dump())), expected);
    }

    void badPrefabsAreRefusedWithTheirPath_data() {
        QTest::addColumn<QString>("prefabs");
        QTest::addColumn<QString>("groups");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("words");
        const QString group = R"([{"name": "g", "kind": "prefabs", "scope": "level", "number": {"min": 1, "max": 1}, "prefabs": ["a"]}])";
        QTest::newRow("opening inside") << R"([{"id": "a", "rows": ["###", "#O#", "###"], "legend": {"O": {"tile": "floor", "opening": true}}}])" << group
                                        << "/prefabs/0/cells/1/1" << "not on the prefab's edge";
        QTest::newRow("opening on a corner") << R"([{"id": "a", "rows": ["O##", "#.#"], "legend": {"O": {"tile": "floor", "opening": true}}}])" << group
                                             << "/prefabs/0/cells/0/0" << "corner";
        QTest::newRow("opening on a wall") << R"([{"id": "a", "rows": ["#O#", "#.#"], "legend": {"O": {"tile": "wall", "opening": true}}}])" << group
                                           << "/prefabs/0/cells/1/0" << "walkable";
        QTest::newRow("unknown glyph") << R"([{"id": "a", "rows": ["#Q#"]}])" << group << "/prefabs/0/rows/0" << "'Q' at column 1";
        QTest::newRow("thing in a wall") << R"([{"id": "a", "rows": ["#T#"], "legend": {"T": {"tile": "wall", "thing": "item"}}}])" << group
                                         << "/prefabs/0/things/0" << "not a walkable tile";
        QTest::newRow("legend tile") << R"([{"id": "a", "rows": ["#L#"], "legend": {"L": {"tile": "lava"}}}])" << group << "/prefabs/0/legend/L/tile"
                                     << "not a tile kind";
        QTest::newRow("too large") << QString(R"([{"id": "a", "rows": ["%1"]}])").arg(QString(65, '#')) << group << "/prefabs/0/rows" << "1 to 64 cells";
        QTest::newRow("same id") << R"([{"id": "a", "rows": ["#"]}, {"id": "a", "rows": ["."]}])" << group << "/prefabs/1" << "another prefab";
        QTest::newRow("bad id") << R"([{"id": "a b", "rows": ["#"]}])" << "[]" << "/prefabs/0/id" << "letters, digits";
        QTest::newRow("unknown prefab") << R"([{"id": "shrine", "rows": ["#"]}])"
                                        << R"([{"name": "g", "kind": "prefabs", "number": {"min": 1, "max": 1}, "prefabs": ["shrien"]}])"
                                        << "/recipe/0/rules/groups/0/prefabs/0" << "did you mean \"shrine\"";
        QTest::newRow("turn") << R"([{"id": "a", "rows": ["#"]}])" << R"([{"name": "g", "kind": "prefabs", "number": {"min": 1, "max": 1}, "prefabs": ["a"], "rotations": [45]}])"
                              << "/recipe/0/rules/groups/0/rotations/0" << "0, 90, 180 or 270";
        QTest::newRow("placement") << R"([{"id": "a", "rows": ["#"]}])"
                                   << R"([{"name": "g", "kind": "prefabs", "number": {"min": 1, "max": 1}, "prefabs": ["a"], "placement": "ceiling"}])"
                                   << "/recipe/0/rules/groups/0/placement" << "\"floor\"";
        QTest::newRow("tunnel") << R"([{"id": "a", "rows": ["#"]}])"
                                << R"([{"name": "g", "kind": "prefabs", "number": {"min": 1, "max": 1}, "prefabs": ["a"], "tunnel": 1000}])"
                                << "/recipe/0/rules/groups/0/tunnel" << "from 0 to 64";
        QTest::newRow("spacing") << R"([{"id": "a", "rows": ["#"]}])"
                                 << R"([{"name": "g", "kind": "prefabs", "number": {"min": 1, "max": 1}, "prefabs": ["a"], "spacing": -2}])"
                                 << "/recipe/0/rules/groups/0/spacing" << "from 0 to 64";
        QTest::newRow("thing's template") << R"([{"id": "a", "rows": ["#T#"], "legend": {"T": {"tile": "floor", "thing": "dragon"}}}])"
                                          << R"([{"name": "g", "kind": "prefabs", "number": {"min": 1, "max": 1}, "prefabs": ["a"]}])"
                                          << "/prefabs/0/things/0" << "\"dragon\", which no population rules";
        QTest::newRow("missing tiled file") << R"([{"id": "a", "tiled": "nowhere.tmj"}])" << "[]" << "/prefabs/0" << "nowhere.tmj";
    }

    void badPrefabsAreRefusedWithTheirPath() {
        QFETCH(QString, prefabs);
        QFETCH(QString, groups);
        QFETCH(QString, path);
        QFETCH(QString, words);
        const json doc = {{"format", "burrow-project"},
                          {"version", 1},
                          {"size", {{"width", 40}, {"height", 30}, {"depth", 1}}},
                          {"prefabs", json::parse(prefabs.toStdString())},
                          {"recipe", {{{"stage", "populate"}, {"name", "p"}, {"params", json::object()},
                                       {"rules", {{"format", "burrow-rules"}, {"version", 1}, {"groups", json::parse(groups.toStdString())}}}}}}};
        std::vector<Diagnostic> problems;
        projectFromJson(doc, builtinStages(), problems, BURROW_TEST_DATA);
        const auto found = std::find_if(problems.begin(), problems.end(), [&](const Diagnostic& d) { return d.path == path.toStdString(); });
        QString all;
        for (const Diagnostic& d : problems) all += QString::fromStdString(d.path + ": " + d.message) + "\n";
        QVERIFY2(found != problems.end(), qPrintable(all));
        QVERIFY2(QString::fromStdString(found->message).contains(words), qPrintable(all));
    }

    void aTiledPrefabImportsEqualToTheDrawnOne() {
        const Project shrines = loadProject(kShrines, builtinStages());
        // examples/prefabs/crypt.tmj drawn again here, cell for cell.
        Prefab byHand = drawn({{"id", "crypt"},
                               {"name", "Sealed crypt"},
                               {"rows", {"%%%%%%%%%", "%\"\"\"\"\"\"\"%", "S\"\"M\"\"R\"%", "%\"\"\"\"\"\"\"%", "%%%%%%%%%"}},
                               {"legend",
                                {{"S", {{"tile", "secret_door"}, {"opening", true}}},
                                 {"M", {{"tile", "bones"}, {"thing", "mummy"}, {"properties", {{"asleep", true}}}}},
                                 {"R", {{"tile", "bones"}, {"thing", "relic"}}}}}},
                              shrines.tileKinds);
        const Prefab* imported = shrines.prefabs.find("crypt");
        QVERIFY(imported);
        // The same cells, openings and things; the things in the order Tiled lists them.
        QCOMPARE(imported->cells, byHand.cells);
        QCOMPARE(imported->things.size(), std::size_t{2});
        for (const PrefabThing& t : byHand.things) QVERIFY(std::find(imported->things.begin(), imported->things.end(), t) != imported->things.end());
        QCOMPARE(imported->name, std::string("Sealed crypt"));
        // A compressed layer and a tile whose type is no kind are refused, naming the file and path.
        QTemporaryDir dir;
        json map = parseJsonFile(fs::path(BURROW_EXAMPLES) / "prefabs" / "crypt.tmj");
        map["tilesets"][0]["image"] = (fs::path(BURROW_EXAMPLES) / "art" / "shrine-tiles.png").string();
        json compressed = map;
        compressed["layers"][0]["encoding"] = "base64";
        writeFileAtomically(fs::path(dir.path().toStdString()) / "c.tmj", compressed.dump());
        json unknown = map;
        unknown["tilesets"][0]["tiles"][2]["type"] = "gravel";
        writeFileAtomically(fs::path(dir.path().toStdString()) / "u.tmj", unknown.dump());
        // The same crypt as Tiled's XML, its tileset an external .tsx: the same prefab.
        const fs::path folder = dir.path().toStdString();
        writeFileAtomically(folder / "kinds.tsx",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.8\" name=\"kinds\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"4\" columns=\"4\">\n"
                            " <image source=\"shrine-tiles.png\" width=\"64\" height=\"16\"/>\n <tile id=\"0\" type=\"rune\"/>\n <tile id=\"1\" class=\"stonework\"/>\n"
                            " <tile id=\"2\" type=\"bones\"/>\n <tile id=\"3\" type=\"secret_door\"/>\n</tileset>\n");
        writeFileAtomically(folder / "crypt.tmx",
                            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"9\" height=\"5\" "
                            "tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n <tileset firstgid=\"1\" source=\"kinds.tsx\"/>\n"
                            " <layer id=\"1\" name=\"cells\" width=\"9\" height=\"5\">\n  <data encoding=\"csv\">\n2,2,2,2,2,2,2,2,2,\n2,3,3,3,3,3,3,3,2,\n"
                            "4,3,3,3,3,3,3,3,2,\n2,3,3,3,3,3,3,3,2,\n2,2,2,2,2,2,2,2,2\n</data>\n </layer>\n <objectgroup id=\"2\" name=\"marks\">\n"
                            "  <object id=\"1\" type=\"opening\" x=\"0\" y=\"32\" width=\"16\" height=\"16\"/>\n"
                            "  <object id=\"2\" name=\"relic\" x=\"104\" y=\"40\">\n   <point/>\n  </object>\n"
                            "  <object id=\"3\" name=\"mummy\" x=\"48\" y=\"32\" width=\"16\" height=\"16\">\n   <properties>\n"
                            "    <property name=\"asleep\" type=\"bool\" value=\"true\"/>\n   </properties>\n  </object>\n </objectgroup>\n</map>\n");
        const Prefab fromXml = prefabFromTiledMap(folder / "crypt.tmx", shrines.tileKinds);
        QCOMPARE(fromXml.cells, byHand.cells);
        QCOMPARE(fromXml.things.size(), std::size_t{2});
        for (const PrefabThing& t : byHand.things) QVERIFY(std::find(fromXml.things.begin(), fromXml.things.end(), t) != fromXml.things.end());
        for (const auto& [file, path, words] : {std::tuple{"c.tmj", "/layers/0/encoding", "CSV"}, std::tuple{"u.tmj", "/layers/0/data/10", "\"gravel\""}}) {
            try {
                prefabFromTiledMap(fs::path(dir.path().toStdString()) / file, shrines.tileKinds);
                QFAIL("accepted");
            } catch (const FileError& e) {
                QVERIFY2(QString(e.what()).contains(file), e.what());
                QVERIFY2(!e.problems().empty() && e.problems()[0].path == path, e.what());
                QVERIFY2(QString(e.what()).contains(words), e.what());
            }
        }
    }

    void countsAndTurnsFollowTheRules() {
        // Only a quarter turn: every stamp is the turned shape, never the drawn one.
        const json groups = {{{"name", "shrines"}, {"kind", "prefabs"}, {"scope", "level"}, {"number", {{"min", 3}, {"max", 3}}}, {"prefabs", {"shrine"}}, {"rotations", {90}}}};
        const Project project = caveProject(json::array({kShrine}), groups, 100, 60);
        const Prefab turned = transformed(*project.prefabs.find("shrine"), 1, false);
        int seedsWithThree = 0;
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            const MadeLevel made = makeLevel(project, seed);
            const int stamps = stampsOf(made.level, turned);
            QCOMPARE(stampsOf(made.level, *project.prefabs.find("shrine")), 0);
            const bool shortfall = std::any_of(made.warnings.begin(), made.warnings.end(), [](const StageWarning& w) { return w.code == "shortfall"; });
            // Three unless the level says why not.
            QVERIFY2(stamps == 3 || (stamps < 3 && shortfall), qPrintable(QString("seed %1: %2 stamps").arg(seed).arg(stamps)));
            seedsWithThree += stamps == 3;
        }
        QVERIFY(seedsWithThree >= 25);
    }

    // A group's spacing keeps that many cells between any two of its prefabs (where
    // there is no such place, fewer are placed and a warning says so); without it
    // they may crowd. It is saved only when set.
    void spacingKeepsAGroupsPrefabsApart() {
        const auto groups = [](int spacing) {
            return json::array({{{"name", "shrines"}, {"kind", "prefabs"}, {"scope", "level"}, {"number", {{"min", 5}, {"max", 5}}}, {"prefabs", {"shrine"}},
                                 {"spacing", spacing}}});
        };
        const auto closest = [](const std::vector<Point>& corners, int w, int h) {
            int gap = 1 << 20; // cells between two rectangles: the larger of the gaps across and down
            for (std::size_t i = 0; i < corners.size(); ++i)
                for (std::size_t j = i + 1; j < corners.size(); ++j) {
                    const int across = std::abs(corners[i].x - corners[j].x) - w, down = std::abs(corners[i].y - corners[j].y) - h;
                    gap = std::min(gap, std::max(across, down));
                }
            return gap;
        };
        const Project apart = caveProject(json::array({kShrine}), groups(10), 100, 60);
        const Project crowded = caveProject(json::array({kShrine}), groups(0), 100, 60);
        const Prefab& shrine = *apart.prefabs.find("shrine");
        int close = 0, placed = 0;
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            const MadeLevel made = makeLevel(apart, seed);
            const std::vector<Point> corners = stampCorners(made.level, shrine);
            QVERIFY2(closest(corners, shrine.width, shrine.height) >= 10, qPrintable(QString("seed %1: %2 apart").arg(seed).arg(closest(corners, shrine.width, shrine.height))));
            const bool shortfall = std::any_of(made.warnings.begin(), made.warnings.end(), [](const StageWarning& w) { return w.code == "shortfall"; });
            QVERIFY2(corners.size() == 5 || shortfall, qPrintable(QString("seed %1: %2 placed, no warning").arg(seed).arg(corners.size())));
            placed += static_cast<int>(corners.size());
            close += closest(stampCorners(makeLevel(crowded, seed).level, shrine), shrine.width, shrine.height) < 10;
        }
        QVERIFY2(placed >= 150, qPrintable(QString::number(placed))); // most fit
        QVERIFY2(close >= 10, qPrintable(QString::number(close)));    // the rule is what keeps them apart
        // Saved and read back; a group without it writes no "spacing".
        QTemporaryDir dir;
        saveProject(apart, fs::path(dir.path().toStdString()) / "apart.burrow.json");
        const Project again = loadProject(fs::path(dir.path().toStdString()) / "apart.burrow.json", builtinStages());
        QCOMPARE(again.recipe.stages.back().rules->groups[0].spacing, 10);
        nlohmann::ordered_json out;
        writePrefabGroup(crowded.recipe.stages.back().rules->groups[0], out);
        QVERIFY(!out.contains("spacing"));
    }

    void everyPrefabIsJoinedToTheLevel() {
        // On the floor and in the rock, every turn and mirror: what was all reachable
        // before the prefabs stays all reachable, their insides included, on 200 seeds.
        const json crypt = {{"id", "crypt"},
                            {"rows", {"#####", "#...#", "D...#", "#...#", "##D##"}},
                            {"legend", {{"D", {{"tile", "door"}, {"opening", true}}}}}};
        const json groups = {{{"name", "shrines"}, {"kind", "prefabs"}, {"scope", "level"}, {"number", {{"min", 1}, {"max", 3}}}, {"prefabs", {"shrine"}},
                              {"rotations", {0, 90, 180, 270}}, {"mirror", true}},
                             {{"name", "crypts"}, {"kind", "prefabs"}, {"scope", "level"}, {"number", {{"min", 1}, {"max", 3}}}, {"prefabs", {"crypt"}},
                              {"rotations", {0, 90, 180, 270}}, {"mirror", true}, {"placement", "rock"}, {"tunnel", 12}}};
        const Project project = caveProject(json::array({kShrine, crypt}), groups);
        int withDoors = 0; // only the prefabs have doors in a cave
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            const MadeLevel made = makeLevel(project, seed);
            const double share = reachableShare(made.level, project.movement);
            QVERIFY2(share == 1.0, qPrintable(QString("seed %1: reachable share %2\n%3").arg(seed).arg(share).arg(QString::fromStdString(asciiMap(made.level)))));
            withDoors += asciiMap(made.level).find('+') != std::string::npos;
        }
        QVERIFY(withDoors >= 190);
    }

    void theShrinesExampleKeepsItsLevelsWhole() {
        // Its depths are joined by stairs where caves overlap, which a few seeds'
        // caves do not: where the level without prefabs is all reachable, so is it with them.
        const Project shrines = loadProject(kShrines, builtinStages());
        Project bare = shrines;
        std::erase_if(bare.recipe.stages, [](const StageEntry& e) { return e.name == "place prefabs"; });
        int whole = 0;
        for (std::uint64_t seed = 1; seed <= 100; ++seed) {
            if (reachableShare(makeLevel(bare, seed).level, bare.movement) < 1.0) continue;
            ++whole;
            const MadeLevel made = makeLevel(shrines, seed);
            QVERIFY2(reachableShare(made.level, shrines.movement) == 1.0, qPrintable(QString("seed %1").arg(seed)));
            // Its three prefabs are there: the crypt's secret door and the shrine's rune floor.
            const std::string text = asciiMap(made.level);
            QVERIFY2(text.find('^') != std::string::npos && text.find(':') != std::string::npos, qPrintable(QString("seed %1").arg(seed)));
        }
        QVERIFY(whole >= 90);
    }

    void aPrefabThatFitsNowhereEndsWithAReason() {
        json rows = json::array();
        for (int y = 0; y < 30; ++y) rows.push_back(y == 29 ? std::string(14, '#') + "D" + std::string(15, '#') : std::string(30, '#'));
        json prefab = {{"id", "big"}, {"rows", rows}, {"legend", {{"D", {{"tile", "floor"}, {"opening", true}}}}}};
        for (const char* placement : {"floor", "rock"}) {
            const json groups = {{{"name", "bigs"}, {"kind", "prefabs"}, {"scope", "level"}, {"number", {{"min", 2}, {"max", 2}}}, {"prefabs", {"big"}},
                                  {"placement", placement}, {"tunnel", 0}}};
            const Project project = caveProject(json::array({prefab}), groups, 40, 32);
            const MadeLevel made = makeLevel(project, 3);
            const auto w = std::find_if(made.warnings.begin(), made.warnings.end(), [](const StageWarning& s) { return s.code == "shortfall"; });
            QVERIFY2(w != made.warnings.end(), placement);
            QVERIFY2(QString::fromStdString(w->message).contains("'big'"), w->message.c_str());
        }
    }

    void projectsWithPrefabsSaveAndReopenTheSame() {
        // In a copy of the examples folder, so the Tiled prefab and the art come along.
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        fs::copy(fs::path(BURROW_EXAMPLES), folder, fs::copy_options::recursive);
        const Project first = loadProject(folder / "shrines.burrow.json", builtinStages());
        saveProject(first, folder / "again.burrow.json");
        const Project second = loadProject(folder / "again.burrow.json", builtinStages());
        QCOMPARE(projectHash(second), projectHash(first));
        QCOMPARE(second.prefabs, first.prefabs);
        QCOMPARE(levelHash(makeLevel(second).level), levelHash(makeLevel(first).level));
        // The Tiled prefab stays a reference to its file.
        QVERIFY(readTextFile(folder / "again.burrow.json").find("\"tiled\": \"prefabs/crypt.tmj\"") != std::string::npos);
        // A prefab's drawing is part of what makes the level: a changed cell changes the hash.
        Project edited = first;
        edited.prefabs.prefabs[0].at(1, 1).tile = Tile::Water;
        QVERIFY(projectHash(edited) != projectHash(first));
    }
};

BURROW_TEST_GUILESS_MAIN(TestPrefabs)
#include "test_prefabs.moc"
