// The project's own kinds in stages and after the project was made. Stages that lay
// a tile kind of the project's own: hallways of bridge, tunnels of
// bridge, walkers leaving lava. The kind only relabels what the stage digs, so each
// level is compared with the same seed dug with a built-in tile: every cell equal,
// the chosen kind exactly where the built-in was. Bad choices are refused with their
// JSON path, and a walkable-only parameter refuses a kind that is not walkable.
// Kinds changed later (the editor's Tile kinds dialog: core's withTileKinds): a
// rename or a removal is followed by everything that names a kind, and a kind in use
// is not removed.
#include <QTest>

#include "test_main.h"
#include "io/file_io.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "model/level_hash.h"
#include "project/project.h"
#include "project/tile_kind_edits.h"
#include "regions/region_map.h"
#include "project_test_helpers.h"

using namespace burrow;
using burrow::test::problemsOf;
using burrow::test::projectOf;
using nlohmann::json;

namespace {

const json kStageLava = {{"id", "lava"}, {"name", "Lava"}, {"glyph", "="}, {"walkable", false}, {"transparent", true}};
const json kBridge = {{"id", "bridge"}, {"name", "Bridge"}, {"glyph", "H"}, {"walkable", true}, {"transparent", true}};

json example(const char* name) {
    json doc = json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/" + name));
    doc["tile_kinds"] = {kStageLava, kBridge};
    return doc;
}

json& stageNamed(json& doc, const std::string& name) {
    for (json& stage : doc["recipe"])
        if (stage["name"] == name) return stage;
    throw std::runtime_error("no stage " + name);
}

// Whether `chosen` is `plain` with `builtIn` relabelled as `kind`, cell for cell on
// every depth, things and stairs alike; `count` gets how many cells were relabelled.
QString differenceAsRelabelled(const Level& chosen, const Level& plain, Tile builtIn, Tile kind, long long& count) {
    count = 0;
    for (int z = 0; z < plain.depthCount(); ++z)
        for (int y = 0; y < plain.height(); ++y)
            for (int x = 0; x < plain.width(); ++x) {
                const Tile a = chosen.at(x, y, z), b = plain.at(x, y, z);
                count += a == kind;
                if ((a == kind) != (b == builtIn) || (a != kind && a != b))
                    return QString("(%1, %2, %3): %4 where the built-in level has %5").arg(x).arg(y).arg(z).arg(int(a)).arg(int(b));
            }
    if (chosen.entities.size() != plain.entities.size()) return "the things differ";
    if (chosen.stairs.size() != plain.stairs.size()) return "the stairs differ";
    return {};
}

// Over seeds 1..100: `chosen` makes `plain`'s level with `builtIn` relabelled as the
// kind `kindId`, and relabels at least one cell in each.
QString relabelledOverSeeds(const Project& chosen, const Project& plain, Tile builtIn, const char* kindId) {
    const Tile kind = *chosen.tileKinds.find(kindId);
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        long long relabelled = 0;
        const QString difference = differenceAsRelabelled(makeLevel(chosen, seed).level, makeLevel(plain, seed).level, builtIn, kind, relabelled);
        if (!difference.isEmpty()) return QString("seed %1: %2").arg(seed).arg(difference);
        if (relabelled == 0) return QString("seed %1 laid no %2").arg(seed).arg(kindId);
    }
    return {};
}

} // namespace

class TestKindsInStages : public QObject {
    Q_OBJECT
private slots:
    // Hallways dug as bridge: the same rooms, the same culled stone, the same things;
    // bridge exactly where corridor was, and the rooms still one walkable region.
    void hallwaysOfTheProjectsOwnKind() {
        json doc = example("rooms-and-hallways.burrow.json");
        const Project corridors = projectOf(doc);
        stageNamed(doc, "rooms")["params"]["hall_tile"] = "bridge";
        const Project bridges = projectOf(doc);
        const QString difference = relabelledOverSeeds(bridges, corridors, Tile::Corridor, "bridge");
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        for (std::uint64_t seed = 1; seed <= 100; seed += 9) {
            const Level level = makeLevel(bridges, seed).level;
            QCOMPARE(countRegions(level.tiles(0), bridges.movement, level.kinds), std::size_t{1});
        }
    }

    // Tunnels between regions dug as bridge join the depth into one region, counted
    // with the project's kinds; stairs still pair up across depths.
    void tunnelsOfTheProjectsOwnKind() {
        json doc = example("cellular-depths.burrow.json");
        // Join the caves instead of pruning the small ones.
        stageNamed(doc, "prune") = {{"stage", "connect_regions"}, {"name", "connect"}, {"params", {{"tile", "bridge"}}}};
        const Project p = projectOf(doc);
        const Tile bridge = *p.tileKinds.find("bridge");
        long long bridgeCells = 0;
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            const Level level = makeLevel(p, seed).level;
            for (int z = 0; z < level.depthCount(); ++z) {
                QCOMPARE(countRegions(level.tiles(z), p.movement, level.kinds), std::size_t{1});
                for (Tile t : level.tiles(z)) bridgeCells += t == bridge;
            }
            for (const StairsPair& s : level.stairs) {
                QCOMPARE(level.at(s.x, s.y, s.upperDepth), Tile::StairsDown);
                QCOMPARE(level.at(s.x, s.y, s.upperDepth + 1), Tile::StairsUp);
            }
        }
        QVERIFY2(bridgeCells > 30, qPrintable(QString("%1 bridge cells in 30 seeds").arg(bridgeCells)));
    }

    // Walkers may lay a kind nobody can walk: lava goes exactly where their water
    // went (same stream, same walk), and never where the drones left rock.
    void walkersLeaveLavaWhereWaterWent() {
        json doc = example("drone-caves.burrow.json");
        const Project water = projectOf(doc);
        stageNamed(doc, "water")["params"]["tile"] = "lava";
        const Project lava = projectOf(doc);
        const QString difference = relabelledOverSeeds(lava, water, Tile::Water, "lava");
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void badTileChoicesAreRefusedWithTheirPath_data() {
        QTest::addColumn<QString>("stage");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("ownKinds");
        QTest::addColumn<QString>("words");
        QTest::newRow("hallways of lava") << "rooms" << "hall_tile" << "lava" << true << "expected a walkable tile kind: \"lava\" is not walkable";
        QTest::newRow("unknown kind") << "rooms" << "hall_tile" << "magma" << true << "one of \"corridor\", \"floor\", \"bridge\", got \"magma\"";
        QTest::newRow("no kinds of its own") << "rooms" << "hall_tile" << "bridge" << false << "(or a walkable tile kind of the project's own)";
        QTest::newRow("a built-in not offered") << "rooms" << "hall_tile" << "wall" << true << "got \"wall\"";
        QTest::newRow("walkers of an unknown kind") << "water" << "tile" << "magma" << true << "\"water\", \"lava\", \"bridge\", got";
    }
    void badTileChoicesAreRefusedWithTheirPath() {
        QFETCH(QString, stage);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(bool, ownKinds);
        QFETCH(QString, words);
        json doc = example(stage == "rooms" ? "rooms-and-hallways.burrow.json" : "drone-caves.burrow.json");
        if (!ownKinds) doc.erase("tile_kinds");
        json& entry = stageNamed(doc, stage.toStdString());
        entry["params"][key.toStdString()] = value.toStdString();
        int index = 0;
        while (doc["recipe"][index]["name"] != stage.toStdString()) ++index;
        const QString path = QString("/recipe/%1/params/%2|").arg(index).arg(key);
        const QStringList problems = problemsOf(doc);
        bool found = false;
        for (const QString& p : problems) found |= p.startsWith(path) && p.contains(words);
        QVERIFY2(found, qPrintable(problems.join("\n")));
    }

    // The choice is saved as the kind's id and reads back to the same project and level.
    void aChosenKindRoundTrips() {
        json doc = example("rooms-and-hallways.burrow.json");
        stageNamed(doc, "rooms")["params"]["hall_tile"] = "bridge";
        const Project p = projectOf(doc);
        json saved = json::parse(projectToJson(p).dump());
        QCOMPARE(QString::fromStdString(stageNamed(saved, "rooms")["params"]["hall_tile"].get<std::string>()), QString("bridge"));
        const Project back = projectOf(saved);
        QVERIFY(back == p);
        QVERIFY(makeLevel(back, 5).level.tiles(0) == makeLevel(p, 5).level.tiles(0));
    }
};

// The project's own kinds as they are, for withTileKinds: each kept as it was.
std::vector<EditedKind> keptKinds(const Project& p) {
    std::vector<EditedKind> kinds;
    for (int i = kTileKindCount; i < p.tileKinds.count(); ++i) kinds.push_back({p.tileKinds[p.tileKinds.tileAt(i)], p.tileKinds.tileAt(i)});
    return kinds;
}

class TestKindEdits : public QObject {
    Q_OBJECT
private slots:
    // Lava renamed magma in the lava caves: the rules, the game's tiles and the level
    // follow, and the saved project reads back to the same level.
    void aRenameIsFollowedEverywhere() {
        const Project p = loadProject(std::string(BURROW_EXAMPLES) + "/lava-caves.burrow.json", builtinStages());
        std::vector<EditedKind> kinds = keptKinds(p);
        QCOMPARE(kinds[0].kind.id, std::string("lava"));
        kinds[0].kind.id = "magma";
        auto made = withTileKinds(p, kinds, builtinStages());
        QVERIFY2(std::holds_alternative<Project>(made), std::get_if<std::string>(&made) ? std::get<std::string>(made).c_str() : "");
        const Project renamed = std::get<Project>(made);
        QVERIFY(renamed.tileKinds.find("magma") && !renamed.tileKinds.find("lava"));
        QVERIFY(renamed.gameTiles.kinds.count("magma") && !renamed.gameTiles.kinds.count("lava"));
        const Level before = makeLevel(p, 7).level, after = makeLevel(renamed, 7).level;
        for (int z = 0; z < before.depthCount(); ++z) QVERIFY(before.tiles(z) == after.tiles(z));
        const std::string text = projectToJson(renamed).dump();
        QVERIFY(text.find("\"magma\"") != std::string::npos && text.find("\"lava\"") == std::string::npos);
        std::vector<Diagnostic> problems;
        const Project back = projectFromJson(json::parse(text), builtinStages(), problems, BURROW_EXAMPLES);
        QVERIFY(problems.empty());
        QCOMPARE(levelHash(makeLevel(back, 7).level), levelHash(after));
    }

    // A kind nothing uses goes, and the kinds after it are renumbered wherever they
    // are named by number (hand edits, prefabs, tile groups); one in use stays, and
    // the reason says where it is used.
    void onlyUnusedKindsAreRemoved() {
        json doc = example("rooms-and-hallways.burrow.json");
        doc["edits"] = {{3, 3, 0, "bridge"}};
        stageNamed(doc, "rooms")["params"]["hall_tile"] = "bridge";
        const Project p = projectOf(doc);
        std::vector<EditedKind> kinds = keptKinds(p); // lava, bridge
        const std::vector<EditedKind> withoutBridge = {kinds[0]};
        auto refused = withTileKinds(p, withoutBridge, builtinStages());
        QVERIFY(std::holds_alternative<std::string>(refused));
        QCOMPARE(QString::fromStdString(std::get<std::string>(refused)),
                 QString("bridge is still used (1 hand-edited cell, parameter hall_tile of stage rooms): change those first"));
        const std::vector<EditedKind> withoutLava = {kinds[1]};
        auto made = withTileKinds(p, withoutLava, builtinStages());
        QVERIFY(std::holds_alternative<Project>(made));
        const Project removed = std::get<Project>(made);
        const Tile bridge = *removed.tileKinds.find("bridge");
        QCOMPARE(static_cast<int>(bridge), kTileKindCount);
        QCOMPARE(removed.edits.at({3, 3, 0}), std::optional<Tile>(bridge));
        QCOMPARE(levelHash(makeLevel(removed, 4).level), levelHash(makeLevel(projectOf(json::parse(projectToJson(removed).dump())), 4).level));
        const Level level = makeLevel(removed, 4).level;
        QCOMPARE(level.at(3, 3, 0), bridge);
        // A kind that does not fit says which.
        std::vector<EditedKind> clash = keptKinds(p);
        clash[1].kind.glyph = '=';
        auto bad = withTileKinds(p, clash, builtinStages());
        QVERIFY(std::holds_alternative<std::string>(bad) && std::get<std::string>(bad).rfind("kind 2 (bridge): ", 0) == 0);
    }

    // A parameter naming a renamed kind names it by its new id.
    void aRenamedKindKeepsItsParameters() {
        json doc = example("rooms-and-hallways.burrow.json");
        stageNamed(doc, "rooms")["params"]["hall_tile"] = "bridge";
        const Project p = projectOf(doc);
        std::vector<EditedKind> kinds = keptKinds(p);
        kinds[1].kind.id = "plank";
        const Project renamed = std::get<Project>(withTileKinds(p, kinds, builtinStages()));
        QCOMPARE(renamed.recipe.stages[0].params.choice("hall_tile"), std::string("plank"));
        QCOMPARE(levelHash(makeLevel(renamed, 2).level) == levelHash(makeLevel(p, 2).level), false); // the kinds differ (their ids)
        QVERIFY(makeLevel(renamed, 2).level.tiles(0) == makeLevel(p, 2).level.tiles(0));
    }
};

BURROW_TEST_APPLESS_MAIN(TestKindsInStages, TestKindEdits)
#include "test_kinds_in_stages.moc"
