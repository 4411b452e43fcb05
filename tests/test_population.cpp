// Population rules: seed 002's file as written, scopes, placement that never hangs,
// validation with JSON paths, and a reroll that leaves the layout alone.
#include <QTest>

#include <fstream>
#include <set>

#include "test_main.h"
#include "generation/generation.h"
#include "pipeline/builtin_stages.h"
#include "content/rules_json.h"
#include "content/template_edits.h"
#include "io/file_io.h"
#include "project/project.h"
#include "population/placement.h"
#include "population/scope_areas.h"
#include "random/rng.h"
#include "regions/reachability.h"
#include "stage_entries.h"

using namespace burrow;
using nlohmann::json;

namespace {

Project roomGridWith(std::shared_ptr<const PopulationRules> rules) {
    Project p = loadProject(std::string(BURROW_EXAMPLES) + "/room-grid.burrow.json", builtinStages());
    for (auto& s : p.recipe.stages)
        if (s.type == "populate") {
            s.rules = std::move(rules);
            s.rulesFile.clear();
        }
    return p;
}

Level generate(const Project& p, std::vector<std::string>* warnings = nullptr) {
    return generateLevel(p.size, p.seed, p.recipe, builtinStages(), warnings, p.movement);
}

QStringList problemsOf(const std::string& text, LevelSize size = {81, 51, 1}) {
    std::vector<Diagnostic> problems;
    const PopulationRules rules = rulesFromJson(json::parse(text), problems);
    checkRulesFit(rules, size, problems);
    QStringList lines;
    for (const auto& d : problems) lines << QString::fromStdString(d.path + "|" + d.message);
    return lines;
}

int countIn(const Level& level, const Rect& r, Tile t) {
    int n = 0;
    for (int y = r.y; y < r.bottom(); ++y)
        for (int x = r.x; x < r.right(); ++x) n += level.at(x, y, 0) == t;
    return n;
}

} // namespace

class TestPopulation : public QObject {
    Q_OBJECT
private slots:
    // Templates made, copied, renamed and removed as the Population dock does: a
    // rename carries the groups with it, a placed template is not removed, the
    // defaults stay, and a refusal changes nothing.
    void templatesAreEditedWithTheirGroups() {
        PopulationRules rules;
        PopulationGroup g;
        g.name = "monsters";
        g.entities = {{"enemy", {}}};
        rules.groups.push_back(g);
        const std::string made = addTemplate(rules);
        QCOMPARE(made, std::string("creature"));
        QCOMPARE(addTemplate(rules), std::string("creature-2"));
        QCOMPARE(duplicateTemplate(rules, "enemy"), std::optional<std::string>("enemy-copy"));
        QCOMPARE(rules.findTemplate("enemy-copy")->attack, rules.findTemplate("enemy")->attack);
        QVERIFY(!duplicateTemplate(rules, "nobody"));
        rules.groups[0].entities.push_back({"enemy-copy", {}});
        QVERIFY(!renameTemplate(rules, "enemy-copy", "brute"));
        QCOMPARE(rules.groups[0].entities[1].templateName, std::string("brute"));
        QVERIFY(rules.findTemplate("brute") && !rules.findTemplate("enemy-copy"));
        const PopulationRules before = rules;
        QVERIFY(renameTemplate(rules, "brute", "creature")->find("already named") != std::string::npos);
        QVERIFY(renameTemplate(rules, "enemy", "foe")->find("defaults") != std::string::npos);
        QVERIFY(renameTemplate(rules, "brute", "")->find("needs a name") != std::string::npos);
        const auto placed = removeTemplate(rules, "brute");
        QVERIFY(placed && placed->find("\"monsters\"") != std::string::npos);
        QVERIFY(removeTemplate(rules, "player")->find("defaults") != std::string::npos);
        QVERIFY(rules == before);
        QVERIFY(!removeTemplate(rules, "creature-2"));
        QVERIFY(!rules.findTemplate("creature-2"));
        // A changed default, removed, is the default again.
        EntityTemplate strong = *rules.findTemplate("enemy");
        strong.attack = 99;
        rules.templates.push_back(strong);
        QVERIFY(!removeTemplate(rules, "enemy"));
        QCOMPARE(rules.findTemplate("enemy")->attack, defaultTemplates()[1].attack);
    }

    void seed002FileLoadsAsWritten() {
        const PopulationRules rules = loadRules(BURROW_TEST_DATA "/seed-002-population.json");
        QCOMPARE(rules.groups.size(), std::size_t(3)); // obstacles, enemies, and the seed's exit
        const PopulationGroup& obstacles = rules.groups[0];
        QCOMPARE(obstacles.kind, PopulationGroup::Kind::Tiles);
        QCOMPARE(obstacles.scope, Scope::EachRoom);
        QCOMPARE(obstacles.number, (CountRange{3, 5}));
        QCOMPARE(obstacles.sizes.size(), std::size_t(5));
        QCOMPARE(obstacles.tileIndices, std::vector<int>{10});
        QCOMPARE(obstacles.layer, std::string("collision"));
        const PopulationGroup& enemies = rules.groups[1];
        QCOMPARE(enemies.entities.size(), std::size_t(1));
        QCOMPARE(enemies.entities[0].templateName, std::string("enemy"));
        QCOMPARE(enemies.entities[0].properties.size(), std::size_t(2));
        QCOMPARE(rules.groups[2].scope, Scope::FurthestRoom);
        // Burrow's format keeps all of it.
        std::vector<Diagnostic> problems;
        const PopulationRules again = rulesFromJson(json::parse(rulesToJson(rules).dump()), problems);
        QVERIFY(problems.empty());
        QCOMPARE(again.groups.size(), rules.groups.size());
        QCOMPARE(again.groups[0].tileIndices, obstacles.tileIndices);
        QCOMPARE(again.groups[1].entities, enemies.entities);
    }

    void seed002RulesOnTheRoomGrid() {
        const auto rules = std::make_shared<PopulationRules>(loadRules(BURROW_TEST_DATA "/seed-002-population.json"));
        for (std::uint64_t seed : {3ull, 11ull, 12345ull}) {
            Project p = roomGridWith(rules);
            p.seed = seed;
            std::vector<std::string> warnings;
            const Level level = generate(p, &warnings);
            QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings[0].c_str());
            int exits = 0;
            for (Tile t : level.tiles(0)) exits += t == Tile::Exit;
            QCOMPARE(exits, 1);
            // The room with the longest walk from the start holds the exit.
            const Cell start = *defaultStart(level);
            const DistanceMap d = distanceMap(level, std::vector<Cell>{start}, p.movement);
            const Area* furthest = nullptr;
            int best = -1;
            for (const Area& room : level.areas) {
                int nearest = 1 << 30;
                for (int y = room.bounds.y; y < room.bounds.bottom(); ++y)
                    for (int x = room.bounds.x; x < room.bounds.right(); ++x)
                        if (d.at(x, y, 0) >= 0) nearest = std::min(nearest, d.at(x, y, 0));
                if (nearest < (1 << 30) && nearest > best) {
                    best = nearest;
                    furthest = &room;
                }
            }
            QVERIFY(furthest);
            QCOMPARE(countIn(level, furthest->bounds, Tile::Exit), 1);
            for (const Area& room : level.areas) {
                int enemies = 0;
                for (const Entity& e : level.entities) enemies += e.templateName == "enemy" && room.bounds.contains(e.at.x, e.at.y);
                QVERIFY2(enemies >= 1 && enemies <= 3, qPrintable(QString::number(enemies)));
                const int obstacleCells = countIn(level, room.bounds, Tile::Obstacle);
                QVERIFY2(obstacleCells >= 3 && obstacleCells <= 15, qPrintable(QString::number(obstacleCells)));
            }
            // Obstacles cut nothing off: one region, all of it reachable.
            QCOMPARE(reachability(level, p.movement).unreachable.size(), std::size_t(0));
        }
    }

    void thingsStandOnFreeWalkableCells() {
        const Project p = loadProject(std::string(BURROW_EXAMPLES) + "/rooms-and-hallways.burrow.json", builtinStages());
        const Level level = generate(p);
        QVERIFY(level.entities.size() >= 9); // the player and an item in each of 8 rooms
        std::set<std::tuple<int, int, int>> cells;
        for (const Entity& e : level.entities) {
            QVERIFY2(isWalkable(level.at(e.at.x, e.at.y, e.at.z)), "something stands on a wall");
            QVERIFY2(cells.insert({e.at.x, e.at.y, e.at.z}).second, "two things on one cell");
        }
        int players = 0;
        for (const Entity& e : level.entities) players += e.templateName == "player";
        QCOMPARE(players, 1);
    }

    void anImpossibleRuleEndsWithAWarning() {
        auto rules = std::make_shared<PopulationRules>();
        PopulationGroup big;
        big.name = "boulders";
        big.kind = PopulationGroup::Kind::Tiles;
        big.scope = Scope::EachRoom;
        big.number = {2, 2};
        big.sizes = {{20, 20}}; // rooms of this grid are 15 x 9
        big.tiles = {Tile::Obstacle};
        rules->groups.push_back(big);
        std::vector<std::string> warnings;
        const Level level = generate(roomGridWith(rules), &warnings);
        QCOMPARE(warnings.size(), level.areas.size());
        QVERIFY2(QString::fromStdString(warnings[0]).contains("placed 0 of 2 'boulders' in room 1: no free 20x20 area"), warnings[0].c_str());
    }

    void populationIsSeededAndRerollLeavesTheLayout() {
        Project p = loadProject(std::string(BURROW_EXAMPLES) + "/room-grid.burrow.json", builtinStages());
        Project layoutOnly = p;
        layoutOnly.recipe.stages.pop_back();
        const Level layout = generate(layoutOnly);
        const Level a = generate(p), b = generate(p);
        QVERIFY(a == b);
        p.recipe.stages.back().reroll = 1;
        const Level c = generate(p);
        QVERIFY(!(a.entities == c.entities));
        for (const Level* level : {&a, &c})
            for (int y = 0; y < layout.height(); ++y)
                for (int x = 0; x < layout.width(); ++x) {
                    const Tile t = level->at(x, y, 0);
                    if (t != Tile::Obstacle && t != Tile::Exit) QCOMPARE(t, layout.at(x, y, 0));
                }
        QVERIFY(a.areas == layout.areas && a.doors == layout.doors);
        // One thing a step.
        LevelBuild stepped(p, p.seed, {true});
        std::size_t before = 0;
        while (stepped.step())
            if (stepped.level().entities.size() > before) {
                QCOMPARE(stepped.level().entities.size(), before + 1);
                before = stepped.level().entities.size();
            }
        QVERIFY(stepped.finished()); // the templates of placed things resolved, as makeLevel() resolves them
        QVERIFY(stepped.level() == c);
    }

    void badRulesNameTheirPath_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("words");
        const QString head = R"({"format": "burrow-rules", "version": 1, "groups": [)";
        QTest::newRow("min above max") << head + R"({"name": "a", "kind": "entities", "number": {"min": 5, "max": 2}, "entities": [{"template": "enemy"}]}]})"
                                       << "/groups/0/number" << "min (5) is above max (2)";
        QTest::newRow("negative count") << head + R"({"name": "a", "kind": "entities", "number": {"min": -1, "max": 2}, "entities": [{"template": "enemy"}]}]})"
                                        << "/groups/0/number/min" << "from 0";
        QTest::newRow("no entities") << head + R"({"name": "a", "kind": "entities", "number": {"min": 1, "max": 2}, "entities": []}]})"
                                     << "/groups/0/entities" << "at least one";
        QTest::newRow("no tiles") << head + R"({"name": "a", "kind": "tiles", "number": {"min": 1, "max": 2}, "tiles": []}]})"
                                  << "/groups/0/tiles" << "at least one";
        QTest::newRow("no sizes") << head + R"({"name": "a", "kind": "tiles", "number": {"min": 1, "max": 2}, "sizes": [], "tiles": ["obstacle"]}]})"
                                  << "/groups/0/sizes" << "at least one";
        QTest::newRow("unknown template") << head + R"({"name": "a", "kind": "entities", "number": {"min": 1, "max": 2}, "entities": [{"template": "dragon"}]}]})"
                                          << "/groups/0/entities/0/template" << "unknown template \"dragon\"";
        QTest::newRow("size larger than the level")
            << head + R"({"name": "a", "kind": "tiles", "number": {"min": 1, "max": 2}, "sizes": [{"x": 1, "y": 1}, {"x": 90, "y": 1}], "tiles": ["obstacle"]}]})"
            << "/groups/0/sizes/1" << "larger than the 81 x 51 level";
        QTest::newRow("unknown scope") << head + R"({"name": "a", "kind": "entities", "scope": "each_castle", "number": {"min": 1, "max": 2}, "entities": [{"template": "enemy"}]}]})"
                                       << "/groups/0/scope" << "known scopes";
        QTest::newRow("scope a list") << head + R"({"name": "a", "kind": "entities", "scope": [1], "number": {"min": 1, "max": 2}, "entities": [{"template": "enemy"}]}]})"
                                      << "/groups/0/scope" << "found a list";
        QTest::newRow("seed 002 unknown prefab")
            << R"({"prefabs": {"enemies": {"number": {"min": 1, "max": 3}, "possible_prefabs": [{"prefab": "orc"}]}}})"
            << "/prefabs/enemies/possible_prefabs/0/prefab" << "unknown template \"orc\"";
        QTest::newRow("seed 002 min above max")
            << R"({"tiles": {"rocks": {"number": {"min": 4, "max": 3}, "sizes": [{"x": 1, "y": 1}], "possible_tiles": [10]}}})"
            << "/tiles/rocks/number" << "min (4) is above max (3)";
    }
    void badRulesNameTheirPath() {
        QFETCH(QString, text);
        QFETCH(QString, path);
        QFETCH(QString, words);
        const QStringList problems = problemsOf(text.toStdString());
        bool found = false;
        for (const QString& p : problems) found |= p.startsWith(path + "|") && p.contains(words);
        QVERIFY2(found, qPrintable(problems.join("\n")));
    }

    void projectsReportRulesProblemsWithTheirFile() {
        QTemporaryDir dir;
        const std::string rulesFile = dir.path().toStdString() + "/bad.rules.json";
        std::ofstream(rulesFile) << R"({"format": "burrow-rules", "version": 1, "groups": [{"name": "a", "kind": "entities", "number": {"min": 3, "max": 1}, "entities": [{"template": "enemy"}]}]})";
        json project = json::parse(burrow::readTextFile(std::string(BURROW_EXAMPLES) + "/room-grid.burrow.json"));
        project["recipe"].back()["rules"] = "bad.rules.json";
        const std::string projectFile = dir.path().toStdString() + "/p.burrow.json";
        std::ofstream(projectFile) << project.dump();
        try {
            loadProject(projectFile, builtinStages());
            QFAIL("loaded bad rules");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("/recipe/1/rules") && QString(e.what()).contains("bad.rules.json: at /groups/0/number"), e.what());
        }
    }

    // The index of free spots holds exactly the spots a scan by hand finds, in scan
    // order, for footprints of several sizes, as things (some of them doors, which
    // push blocking footprints away) are placed one after another over a whole
    // multi-depth cave level.
    void freeSpotsHoldWhatAScanFinds() {
        Recipe caves;
        caves.stages.push_back(entry("cellular_caves"));
        Level level = generateLevel({90, 60, 3}, 4, caves);
        const auto areas = scopeAreas(level, Scope::Level, Connectivity::Eight);
        QCOMPARE(areas.size(), std::size_t(1));
        const ScopeArea& area = areas[0];
        Occupancy occupancy(level.size());
        const auto byHand = [&](int w, int h, bool blocking) {
            std::vector<Cell> spots;
            for (const AreaPart& part : area.parts)
                for (int y = part.bounds.y; y + h <= part.bounds.bottom(); ++y)
                    for (int x = part.bounds.x; x + w <= part.bounds.right(); ++x) {
                        bool fits = true;
                        for (int v = y; v < y + h && fits; ++v)
                            for (int u = x; u < x + w && fits; ++u) {
                                const TileGrid& t = level.tiles(part.depth);
                                fits = part.contains(u, v) && !occupancy.taken(u, v, part.depth) && !isPassage(t(u, v));
                                for (const Point d : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}})
                                    if (blocking && t.contains(u + d.x, v + d.y) && isPassage(t(u + d.x, v + d.y))) fits = false;
                            }
                        if (fits) spots.push_back({x, y, part.depth});
                    }
            return spots;
        };
        std::vector<FreeSpots> indexes;
        for (const auto& [w, h, blocking] : {std::tuple{1, 1, false}, std::tuple{3, 1, true}, std::tuple{2, 2, true}, std::tuple{1, 4, false}})
            indexes.emplace_back(level, occupancy, area, w, h, blocking);
        Rng rng(9);
        for (int i = 0; i < 200; ++i) {
            for (const FreeSpots& spots : indexes) {
                const std::vector<Cell> expected = byHand(spots.width(), spots.height(), spots.blocking());
                QCOMPARE(spots.size(), expected.size());
                for (std::size_t k = 0; k < expected.size(); k += 1 + expected.size() / 50) QCOMPARE(spots.at(k), expected[k]);
            }
            // Place a footprint of a random index's size; every third one a door.
            const FreeSpots& from = indexes[rng.below(static_cast<std::uint32_t>(indexes.size()))];
            if (from.size() == 0) continue;
            const Cell at = from.at(rng.below(static_cast<std::uint32_t>(from.size())));
            const Tile tile = i % 3 == 0 ? Tile::Door : Tile::Obstacle;
            for (int y = at.y; y < at.y + from.height(); ++y)
                for (int x = at.x; x < at.x + from.width(); ++x) {
                    occupancy.take(x, y, at.z);
                    level.tiles(at.z)(x, y) = tile;
                }
            const Rect placed{at.x, at.y, from.width(), from.height()};
            for (FreeSpots& spots : indexes) spots.placed(placed, at.z, isPassage(tile));
        }
    }

    // An obstacle never cuts the way: in a one-cell corridor only its two ends can be
    // blocked, whatever the draw; beside it, a corridor two cells wide takes one
    // anywhere, since the way around is the cell beside it.
    void obstaclesNeverCutTheWay() {
        for (const int wide : {1, 2}) {
            Level level({40, 9, 1});
            for (int y = 4; y < 4 + wide; ++y)
                for (int x = 1; x <= 10; ++x) level.tiles(0)(x, y) = Tile::Floor;
            const auto areas = scopeAreas(level, Scope::Level, Connectivity::Four);
            Occupancy occupancy(level.size());
            const FreeSpots spots(level, occupancy, areas[0], 1, 1, true);
            QCOMPARE(spots.size(), std::size_t(10 * wide));
            std::set<int> columns;
            for (std::uint64_t seed = 0; seed < 200; ++seed) {
                Rng rng(seed);
                const SpotSearch search = findSpot(level, areas[0], spots, Connectivity::Four, rng);
                QVERIFY(search.spot);
                columns.insert(search.spot->at.x);
            }
            const std::set<int> ends{1, 10}, everywhere{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
            QVERIFY(columns == (wide == 1 ? ends : everywhere));
        }
    }
};

BURROW_TEST_APPLESS_MAIN(TestPopulation)
#include "test_population.moc"
