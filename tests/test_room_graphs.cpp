// Room graphs: the project's "room_graphs" read, written and refused with their JSON
// paths; the room_graph stage lays every room and join of a graph with cycles over
// many seeds (each room once, recorded with its node and tags, a wall between rooms,
// one region, doors where the graph says), deterministically and in steps; a layout
// that cannot fit ends with a warning naming the edge; tagged_room puts a group in
// the rooms with its tag.
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/measure.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/level_build.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "level_helpers.h"
#include "project_test_helpers.h"
#include "test_main.h"

using namespace burrow;

namespace room_graph_test {

using nlohmann::json;

#ifdef BURROW_SANITIZED_BUILD
constexpr std::uint64_t kManySeeds = 40;
#else
constexpr std::uint64_t kManySeeds = 200;
#endif

json rectangle(int lo, int hi) { return {{"shape", "rectangle"}, {"width", {lo, hi}}, {"height", {lo - 1, hi - 2}}}; }

// Twelve rooms: a loop of five around the hall, a locked vault with a way round, and a
// cave; two cycles.
json graphJson() {
    json nodes = json::array();
    const auto node = [&](const char* id, json rooms, json tags = json::array()) { nodes.push_back({{"id", id}, {"rooms", rooms}, {"tags", tags}}); };
    node("entry", json::array({rectangle(5, 7)}), json::array({"start"}));
    node("hall", json::array({rectangle(7, 10)}));
    node("west", json::array({rectangle(4, 6)}));
    node("east", json::array({rectangle(4, 6)}));
    node("north", json::array({rectangle(4, 6)}));
    node("lair", json::array({{{"shape", "cave"}, {"width", {8, 11}}, {"height", {6, 8}}}}), json::array({"boss"}));
    node("vault", json::array({rectangle(4, 5)}), json::array({"treasure"}));
    node("shrine", json::array({"altar"}));
    node("well", json::array({rectangle(3, 5)}));
    node("store", json::array({rectangle(3, 5)}));
    node("crypt", json::array({rectangle(4, 6)}));
    node("gate", json::array({rectangle(4, 5)}), json::array({"exit"}));
    json edges = json::array();
    const auto edge = [&](const char* a, const char* b, const char* kind) { edges.push_back({{"from", a}, {"to", b}, {"kind", kind}}); };
    edge("entry", "hall", "door");
    edge("hall", "west", "corridor");
    edge("hall", "east", "corridor");
    edge("west", "north", "corridor");
    edge("east", "north", "corridor"); // cycle: hall west north east
    edge("north", "lair", "door");
    edges.push_back({{"from", "lair"}, {"to", "vault"}, {"kind", "locked"}, {"lock", "vault"}});
    edge("hall", "shrine", "corridor");
    edge("shrine", "well", "door");
    edge("well", "store", "corridor");
    edge("store", "hall", "corridor"); // cycle: hall shrine well store
    edge("west", "crypt", "door");
    edge("lair", "gate", "corridor");
    return {{"id", "keep"}, {"nodes", nodes}, {"edges", edges}};
}

json projectJson(json graphs, json recipe, int width = 80, int height = 50) {
    return {{"format", "burrow-project"},
            {"version", 1},
            {"name", "graphs"},
            {"seed", std::uint64_t{1}},
            {"size", {{"width", width}, {"height", height}, {"depth", 1}}},
            {"movement", 8},
            {"prefabs", json::array({{{"id", "altar"}, {"name", "Altar"}, {"rows", {".....", "..~..", "....."}}}})},
            {"room_graphs", std::move(graphs)},
            {"recipe", std::move(recipe)}};
}

json layingOut(const char* graph = "keep") { return json::array({{{"stage", "room_graph"}, {"params", {{"graph", graph}}}}}); }

using test::projectOf;

// The reader's problems as "path|message" lines, one text.
QString problemsOf(const json& document) { return test::problemsOf(document).join("\n"); }

bool separated(const Rect& a, const Rect& b) { return a.right() < b.x || b.right() < a.x || a.bottom() < b.y || b.bottom() < a.y; }

class TestRoomGraphs : public QObject {
    Q_OBJECT
private slots:
    void roomGraphsRoundTrip() {
        const Project p = projectOf(projectJson(json::array({graphJson()}), layingOut()));
        QCOMPARE(p.roomGraphs.size(), std::size_t(1));
        QCOMPARE(p.roomGraphs[0].nodes.size(), std::size_t(12));
        QCOMPARE(p.roomGraphs[0].edges[6].lock, std::string("vault"));
        QVERIFY(p.roomGraphs[0].nodes[7].templates[0].shape == RoomTemplate::Shape::Prefab);
        std::vector<Diagnostic> problems;
        const Project again = projectFromJson(json::parse(projectToJson(p).dump()), builtinStages(), problems);
        QVERIFY(problems.empty());
        QVERIFY(again == p);
        QCOMPARE(projectHash(again), projectHash(p));
        // The graph decides the level: another graph, another hash.
        Project other = p;
        other.roomGraphs[0].edges.pop_back();
        QVERIFY(projectHash(other) != projectHash(p));
    }

    // Every room once, with its node and tags; a wall between any two; one region;
    // the start marker in the start room; each door join a door between its rooms.
    void everyRoomAndJoinIsLaid() {
        const Project p = projectOf(projectJson(json::array({graphJson()}), layingOut()));
        const RoomGraph& graph = p.roomGraphs[0];
        int warned = 0;
        for (std::uint64_t seed = 1; seed <= kManySeeds; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            warned += !made.warnings.empty();
            if (!made.warnings.empty()) continue;
            const QString where = QString("seed %1").arg(seed);
            std::map<std::string, const Area*> rooms;
            for (const Area& a : made.level.areas)
                if (a.kind == AreaKind::Room) QVERIFY2(rooms.emplace(a.node, &a).second, qPrintable(where + ": two rooms for " + QString::fromStdString(a.node)));
            QCOMPARE(rooms.size(), graph.nodes.size());
            for (const RoomNode& n : graph.nodes) QVERIFY(rooms.at(n.id)->tags == n.tags);
            for (auto a = rooms.begin(); a != rooms.end(); ++a)
                for (auto b = std::next(a); b != rooms.end(); ++b)
                    QVERIFY2(separated(a->second->bounds, b->second->bounds), qPrintable(where + ": " + QString::fromStdString(a->first + " and " + b->first) + " touch"));
            // One region once the locked doors open (shut, each is a wall until its key comes).
            Level opened = made.level;
            for (Tile& t : opened.tiles(0))
                if (t == Tile::LockedDoor) t = Tile::Door;
            QCOMPARE(testing::metric(measure(opened, p.movement), "regions"), 1.0);
            const auto start = std::find_if(made.level.markers.begin(), made.level.markers.end(), [](const Marker& m) { return m.name == "start"; });
            QVERIFY(start != made.level.markers.end() && rooms.at("entry")->bounds.contains(start->at.x, start->at.y));
            int doorJoins = 0;
            for (const RoomEdge& e : graph.edges) doorJoins += e.kind != RoomEdge::Kind::Corridor;
            int doorsLaid = 0;
            for (const Door& d : made.level.doors) {
                QCOMPARE(made.level.at(d.at.x, d.at.y, 0), d.lock.empty() ? Tile::Door : Tile::LockedDoor); // a locked join keeps its lock's id
                doorsLaid += d.areaA >= 0 && d.areaB >= 0;
            }
            QVERIFY2(doorsLaid >= doorJoins - 1, qPrintable(where)); // a cycle's door join may find no way and warn
        }
        // Bounded retries find a layout for nearly every seed of a graph this size.
        QVERIFY2(warned * 20 <= static_cast<int>(kManySeeds), qPrintable(QString("%1 seeds of %2 warned").arg(warned).arg(kManySeeds)));
    }

    // Same seed, same level; stepping gives the run's level, a room a step.
    void deterministicAndSteppable() {
        const Project p = projectOf(projectJson(json::array({graphJson()}), layingOut()));
        const Level a = makeLevel(p, 5).level;
        QVERIFY(a == makeLevel(p, 5).level);
        QVERIFY(!(a == makeLevel(p, 6).level));
        LevelBuild stepped(p, 5, GenerationOptions{.recordTimeline = true});
        int steps = 0;
        while (stepped.step()) ++steps;
        QVERIFY(steps >= 12);
        QVERIFY(stepped.level() == a);
    }

    // Too many large rooms for the level: a warning naming the join, after the attempts.
    void anImpossibleLayoutWarnsNamingTheEdge() {
        json nodes = json::array(), edges = json::array();
        for (int i = 0; i < 30; ++i) {
            nodes.push_back({{"id", "r" + std::to_string(i)}, {"rooms", json::array({rectangle(12, 14)})}});
            if (i > 0) edges.push_back({{"from", "r" + std::to_string(i - 1)}, {"to", "r" + std::to_string(i)}, {"kind", "door"}});
        }
        json recipe = json::array({{{"stage", "room_graph"}, {"params", {{"graph", "crowd"}, {"attempts", 5}}}}});
        const Project p = projectOf(projectJson(json::array({{{"id", "crowd"}, {"nodes", nodes}, {"edges", edges}}}), recipe, 60, 40));
        const MadeLevel made = makeLevel(p, 1);
        QVERIFY(!made.warnings.empty());
        QVERIFY2(QString::fromStdString(made.warnings.front().message).contains(QRegularExpression("the door from \"r\\d+\" to \"r\\d+\" after 5 attempts")),
                 made.warnings.front().message.c_str());
        // Every room joined to every other, 64 of them, with the most attempts: no
        // plane holds that; it ends, with a warning, in bounded work.
        nodes = json::array(), edges = json::array();
        for (int i = 0; i < 64; ++i) {
            nodes.push_back({{"id", "k" + std::to_string(i)}, {"rooms", json::array({rectangle(4, 6)})}});
            for (int j = 0; j < i; ++j) edges.push_back({{"from", "k" + std::to_string(j)}, {"to", "k" + std::to_string(i)}});
        }
        recipe = json::array({{{"stage", "room_graph"}, {"params", {{"graph", "all"}, {"attempts", 1000}}}}});
        const MadeLevel dense = makeLevel(projectOf(projectJson(json::array({{{"id", "all"}, {"nodes", nodes}, {"edges", edges}}}), recipe, 300, 300)), 1);
        QVERIFY(!dense.warnings.empty());
        QVERIFY(QString::fromStdString(dense.warnings.front().message).contains("after 1000 attempts"));
    }

    // The boss in the boss room, by its tag.
    void taggedRoomsTakeTheirGroups() {
        json recipe = layingOut();
        recipe.push_back({{"stage", "populate"},
                          {"rules",
                           {{"format", "burrow-rules"},
                            {"version", 1},
                            {"templates", json::array({{{"name", "ogre"}, {"glyph", "O"}, {"colour", "#c04040"}, {"kind", "creature"}}})},
                            {"groups", json::array({{{"name", "boss"}, {"kind", "entities"}, {"scope", "tagged_room"}, {"tag", "boss"},
                                                     {"number", {{"min", 1}, {"max", 1}}}, {"entities", json::array({{{"template", "ogre"}}})}}})}}}});
        const Project p = projectOf(projectJson(json::array({graphJson()}), recipe));
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            const auto lair = std::find_if(made.level.areas.begin(), made.level.areas.end(), [](const Area& a) { return a.node == "lair"; });
            QVERIFY(lair != made.level.areas.end());
            int ogres = 0;
            for (const Entity& e : made.level.entities)
                if (e.templateName == "ogre") {
                    ++ogres;
                    QVERIFY(lair->bounds.contains(e.at.x, e.at.y));
                }
            QCOMPARE(ogres, 1);
        }
    }

    void badGraphsAreRefusedWithTheirPath() {
        const auto refused = [](json graph, json recipe = layingOut()) { return problemsOf(projectJson(json::array({std::move(graph)}), std::move(recipe))); };
        json g = graphJson();
        g["edges"][0]["to"] = "hal";
        QString text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/edges/0/to") && text.contains("did you mean \"hall\""), qPrintable(text));
        g = graphJson();
        g["nodes"][2]["rooms"] = json::array();
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/nodes/2/rooms") && text.contains("at least one room template"), qPrintable(text));
        g = graphJson();
        g["nodes"][1]["rooms"] = json::array({rectangle(90, 95)});
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/nodes/1/rooms/0") && text.contains("larger than the level"), qPrintable(text));
        g = graphJson();
        g["nodes"][7]["rooms"] = json::array({"altr"});
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/nodes/7/rooms/0") && text.contains("did you mean \"altar\""), qPrintable(text));
        g = graphJson();
        g["edges"].erase(g["edges"].begin() + 12); // lair - gate
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/edges") && text.contains("in pieces") && text.contains("\"gate\""), qPrintable(text));
        g = graphJson();
        g["edges"][6].erase("lock");
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/edges/6") && text.contains("needs a \"lock\""), qPrintable(text));
        g = graphJson();
        g["edges"][0]["kind"] = "locked"; // entry's only join, locked: its key has nowhere to lie but behind it
        g["edges"][0]["lock"] = "gate";
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/edges/0/lock") && text.contains("could only lie behind its own door"), qPrintable(text));
        g["edges"].push_back({{"from", "entry"}, {"to", "crypt"}, {"kind", "corridor"}}); // a second way out: the key lies there
        QVERIFY(refused(g).isEmpty());
        g = graphJson();
        g["edges"][0]["lock"] = "x";
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/edges/0/lock") && text.contains("only a \"locked\" join"), qPrintable(text));
        g = graphJson();
        g["edges"][0]["to"] = "entry";
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/edges/0/to") && text.contains("cannot join itself"), qPrintable(text));
        text = refused(graphJson(), layingOut("keeep"));
        QVERIFY2(text.contains("/recipe/0/params/graph") && text.contains("did you mean \"keep\""), qPrintable(text));
        g = graphJson();
        for (int i = 0; i < 60; ++i) g["nodes"].push_back({{"id", "extra" + std::to_string(i)}, {"rooms", json::array({rectangle(3, 4)})}});
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/nodes") && text.contains("at most 64 rooms"), qPrintable(text));
        QVERIFY2(!text.contains("no room"), qPrintable(text)); // its joins are not each refused again for naming the refused rooms
        g = graphJson();
        for (int i = 0; i < 2100; ++i) g["edges"].push_back(g["edges"][0]);
        text = refused(g);
        QVERIFY2(text.contains("/room_graphs/0/edges") && text.contains("at most 2016 joins (one a pair of its rooms), this one has 2"), qPrintable(text));
        json recipe = layingOut();
        recipe.push_back({{"stage", "populate"},
                          {"rules", {{"format", "burrow-rules"}, {"version", 1}, {"groups", json::array({{{"name", "boss"}, {"kind", "entities"}, {"scope", "tagged_room"},
                                                                                                           {"number", {{"min", 1}, {"max", 1}}}, {"entities", json::array({{{"template", "player"}}})}}})}}}});
        text = refused(graphJson(), recipe);
        QVERIFY2(text.contains("/recipe/1/rules/groups/0") && text.contains("needs a \"tag\""), qPrintable(text));
    }
};

} // namespace room_graph_test

BURROW_TEST_GUILESS_MAIN(room_graph_test::TestRoomGraphs)

#include "test_room_graphs.moc"
