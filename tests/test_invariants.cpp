// What every level of every example must satisfy, over 200 seeds each: stairs in
// pairs and one to a cell, no region under the prune threshold, nothing standing
// on a wall or on another thing, the player on the start, one exit to a cell, every
// key reached without passing its own door, and exports whose objects are exactly
// the level's things.
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "test_main.h"
#include "export/tiled_export.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "regions/keyed_flood.h"
#include "regions/reachability.h"
#include "regions/region_map.h"

using namespace burrow;

namespace {

// Under the sanitizers the seeds are there to reach every path with memory and
// undefined behaviour checked, which the first fifty do; the properties over many
// seeds are the plain build's to check (it runs all 200). So in test_palette and the
// runtime's sweep of every example.
#ifdef BURROW_SANITIZED_BUILD
constexpr std::uint64_t kSeeds = 50;
#else
constexpr std::uint64_t kSeeds = 200;
#endif

Project example(const QString& name) {
    return loadProject(std::string(BURROW_EXAMPLES) + "/" + name.toStdString() + ".burrow.json", builtinStages());
}

QString where(std::uint64_t seed, int x, int y, int z) { return QString("seed %1 at (%2, %3, depth %4)").arg(seed).arg(x).arg(y).arg(z); }

void checkStairs(const Level& level, std::uint64_t seed) {
    std::set<std::tuple<int, int, int>> pairs;
    for (const StairsPair& s : level.stairs) {
        QVERIFY2(pairs.insert({s.x, s.y, s.upperDepth}).second, qPrintable("two stairs pairs on one cell, " + where(seed, s.x, s.y, s.upperDepth)));
        QVERIFY2(level.at(s.x, s.y, s.upperDepth) == Tile::StairsDown, qPrintable("planned > missing, " + where(seed, s.x, s.y, s.upperDepth)));
        QVERIFY2(level.at(s.x, s.y, s.upperDepth + 1) == Tile::StairsUp, qPrintable("planned < missing, " + where(seed, s.x, s.y, s.upperDepth + 1)));
    }
    for (int z = 0; z < level.depthCount(); ++z)
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x) {
                const Tile t = level.at(x, y, z);
                if (t == Tile::StairsDown)
                    QVERIFY2(z + 1 < level.depthCount() && level.at(x, y, z + 1) == Tile::StairsUp && pairs.count({x, y, z}),
                             qPrintable("> without < below, " + where(seed, x, y, z)));
                if (t == Tile::StairsUp)
                    QVERIFY2(z > 0 && level.at(x, y, z - 1) == Tile::StairsDown && pairs.count({x, y, z - 1}),
                             qPrintable("< without > above, " + where(seed, x, y, z)));
            }
}

// No region under a prune stage's threshold, as that stage left the level: a later
// stage may split a region on purpose (lava laid across a cave), so the level is made
// again up to the prune, with the same streams, and measured through its own kinds.
void checkPruned(const Project& project, std::uint64_t seed) {
    for (std::size_t i = 0; i < project.recipe.stages.size(); ++i) {
        const StageEntry& e = project.recipe.stages[i];
        if (!e.enabled || e.type != "prune_regions" || e.params.flag("keep_largest_only")) continue;
        Project upToPrune = project;
        upToPrune.recipe.stages.resize(i + 1);
        const Level level = makeLevel(upToPrune, seed).level;
        const auto most = e.params.integer("max_size");
        for (int z = 0; z < level.depthCount(); ++z) {
            if (!e.depths.empty() && std::find(e.depths.begin(), e.depths.end(), z) == e.depths.end()) continue;
            for (const RegionInfo& r : labelRegions(level.tiles(z), project.movement, level.kinds).regions)
                QVERIFY2(r.size > most, qPrintable(QString("region of %1 cells (prune removes up to %2), seed %3 depth %4").arg(r.size).arg(most).arg(seed).arg(z)));
        }
    }
}

void checkThings(const Level& level, std::uint64_t seed) {
    std::set<std::tuple<int, int, int>> taken;
    int players = 0;
    for (const Entity& e : level.entities) {
        QVERIFY2(level.kinds.walkable(level.at(e.at.x, e.at.y, e.at.z)), qPrintable(QString::fromStdString(e.templateName) + " on a cell no one can stand on, " + where(seed, e.at.x, e.at.y, e.at.z)));
        QVERIFY2(taken.insert({e.at.x, e.at.y, e.at.z}).second, qPrintable("two things on one cell, " + where(seed, e.at.x, e.at.y, e.at.z)));
        const EntityTemplate* t = level.findTemplate(e.templateName);
        QVERIFY2(t, qPrintable("the level does not hold the template " + QString::fromStdString(e.templateName)));
        if (t->kind == EntityKind::Player) {
            ++players;
            const auto start = std::find_if(level.markers.begin(), level.markers.end(), [](const Marker& m) { return m.name == "start"; });
            QVERIFY2(start != level.markers.end() && start->at == e.at, qPrintable("the player is not on the start, seed " + QString::number(seed)));
        }
    }
    QVERIFY(players <= 1);
    std::set<std::tuple<std::string, int, int, int>> markers;
    for (const Marker& m : level.markers) QVERIFY2(markers.insert({m.name, m.at.x, m.at.y, m.at.z}).second, "a marker twice on one cell");
    QVERIFY(std::count_if(level.markers.begin(), level.markers.end(), [](const Marker& m) { return m.name == "start"; }) <= 1);
}

// The TMJ object layers hold every thing once, every stairs pair on both ends, and
// the markers no thing stands for; nothing else.
void checkExport(const Level& level, std::uint64_t seed) {
    std::multiset<std::tuple<std::string, int, int, int>> expected, exported;
    for (const Entity& e : level.entities) expected.insert({e.templateName, e.at.x, e.at.y, e.at.z});
    for (const StairsPair& s : level.stairs) {
        expected.insert({"stairs down", s.x, s.y, s.upperDepth});
        expected.insert({"stairs up", s.x, s.y, s.upperDepth + 1});
    }
    for (const Marker& m : level.markers) {
        const bool shown = std::any_of(level.entities.begin(), level.entities.end(), [&](const Entity& e) {
            const EntityTemplate* t = level.findTemplate(e.templateName);
            return e.at == m.at && t && ((m.name == "start" && t->kind == EntityKind::Player) || (m.name == "exit" && t->kind == EntityKind::Exit));
        });
        if (!shown) expected.insert({m.name, m.at.x, m.at.y, m.at.z});
    }
    for (const Door& d : level.doors) // a locked door's object names its lock
        if (!d.lock.empty() && level.at(d.at.x, d.at.y, d.at.z) == Tile::LockedDoor) expected.insert({"locked door", d.at.x, d.at.y, d.at.z});
    const ExportInfo info{"invariants", seed, "", levelHash(level)};
    for (int z = 0; z < level.depthCount(); ++z) {
        const auto map = nlohmann::json::parse(tmjMap(level, z, info, 8, "tiles.png"));
        for (const auto& o : map["layers"][1]["objects"]) {
            exported.insert({o["name"].get<std::string>(), o["x"].get<int>() / 8, o["y"].get<int>() / 8, z});
            std::set<std::string> names;
            if (o.contains("properties"))
                for (const auto& p : o["properties"]) QVERIFY2(names.insert(p["name"].get<std::string>()).second, "a property twice on one object");
        }
    }
    QVERIFY2(exported == expected, qPrintable(QString("exported objects differ from the level's things, seed %1 (%2 vs %3)").arg(seed).arg(exported.size()).arg(expected.size())));
}

// A key lies where the start reaches with its own lock's doors shut for good (the
// other keys may open theirs).
void checkKeys(const Level& level, Connectivity movement, std::uint64_t seed) {
    for (const Entity& e : level.entities) {
        const std::string lock = keyOpens(e);
        if (lock.empty()) continue;
        Level shut = level;
        for (Door& d : shut.doors)
            if (d.lock == lock) d.lock.clear();
        KeyedFlood flood(shut, movement);
        flood.run(defaultStart(level).value_or(Cell{}));
        QVERIFY2(flood.reached(e.at), qPrintable(QString("seed %1: the key of %2 lies behind its own door").arg(seed).arg(QString::fromStdString(lock))));
    }
}

} // namespace

class TestInvariants : public QObject {
    Q_OBJECT
private slots:
    void everyExampleOverManySeeds_data() {
        QTest::addColumn<QString>("name");
        // Every example, those to come included, each read through its own tile kinds.
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(BURROW_EXAMPLES)) {
            const std::string file = entry.path().filename().string();
            if (file.ends_with(".burrow.json")) names.push_back(file.substr(0, file.size() - 12));
        }
        std::sort(names.begin(), names.end());
        QVERIFY(names.size() >= 8);
        for (const std::string& n : names) QTest::newRow(n.c_str()) << QString::fromStdString(n);
    }
    void everyExampleOverManySeeds() {
        QFETCH(QString, name);
        const Project project = example(name);
        std::size_t stairs = 0, things = 0;
        for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
            const Level level = makeLevel(project, seed).level;
            checkStairs(level, seed);
            checkPruned(project, seed);
            checkThings(level, seed);
            checkExport(level, seed);
            checkKeys(level, project.movement, seed);
            if (QTest::currentTestFailed()) return;
            stairs += level.stairs.size();
            things += level.entities.size();
        }
        // The checks saw something to check where the example makes it.
        if (project.size.depth > 1) QVERIFY(stairs > 0);
        const bool populates = std::any_of(project.recipe.stages.begin(), project.recipe.stages.end(), [](const StageEntry& e) { return e.enabled && e.type == "populate"; });
        if (populates) QVERIFY(things > 0);
    }
};

BURROW_TEST_GUILESS_MAIN(TestInvariants)
#include "test_invariants.moc"
