#include "structure/room_graph_json.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "io/diagnostic.h"

namespace burrow {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// The largest side a generated room may ask for: far beyond any level a layout can fill.
constexpr int kMaxRoomSide = 4096;

std::string quoted(const std::vector<std::string>& words, std::size_t most = 12) {
    std::string out;
    for (std::size_t i = 0; i < words.size() && i < most; ++i) out += (out.empty() ? "\"" : ", \"") + words[i] + "\"";
    if (words.size() > most) out += " and " + std::to_string(words.size() - most) + " more";
    return out;
}

class GraphReader {
public:
    GraphReader(JsonChecker& check, const ProjectPrefabs& prefabs, const LevelSize& size) : check_(check), prefabs_(prefabs), size_(size) {}

    RoomGraph read(const json& object, const std::string& path) {
        RoomGraph graph;
        if (!check_.isObject(object, path, "a room graph ({\"id\", \"nodes\", \"edges\"})")) return graph;
        check_.onlyKnownFields(object, path, {"id", "nodes", "edges"});
        if (const json* id = check_.field(object, path, "id", true))
            if (auto text = check_.text(*id, path + "/id")) graph.id = *text;
        bool nodesRead = false;
        if (const json* nodes = check_.field(object, path, "nodes", true); nodes && check_.isArray(*nodes, path + "/nodes", "a list of rooms")) {
            if (nodes->empty()) check_.fail(path + "/nodes", "expected at least one room");
            if (nodes->size() > kMaxRoomGraphNodes) {
                check_.fail(path + "/nodes", "a graph may have at most " + std::to_string(kMaxRoomGraphNodes) + " rooms, this one has " + std::to_string(nodes->size()));
            } else {
                for (std::size_t i = 0; i < nodes->size(); ++i) graph.nodes.push_back(node((*nodes)[i], path + "/nodes/" + std::to_string(i), graph));
                nodesRead = !nodes->empty();
            }
        }
        // Joins name rooms: with the rooms refused, each would be "no room" again, a
        // line a join burying the one message that matters.
        if (const json* edges = check_.field(object, path, "edges", false); nodesRead && edges && check_.isArray(*edges, path + "/edges", "a list of joins")) {
            constexpr std::size_t kMostJoins = kMaxRoomGraphNodes * (kMaxRoomGraphNodes - 1) / 2; // one a pair of rooms
            if (edges->size() > kMostJoins)
                check_.fail(path + "/edges", "a graph may have at most " + std::to_string(kMostJoins) + " joins (one a pair of its rooms), this one has " +
                                                 std::to_string(edges->size()));
            else
                for (std::size_t i = 0; i < edges->size(); ++i) graph.edges.push_back(edge((*edges)[i], path + "/edges/" + std::to_string(i), graph));
        }
        const bool joinsRead = std::all_of(graph.edges.begin(), graph.edges.end(), [&](const RoomEdge& e) { return graph.nodeIndex(e.from) >= 0 && graph.nodeIndex(e.to) >= 0; });
        if (joinsRead && !graph.nodes.empty()) checkWhole(graph, path);
        return graph;
    }

private:
    RoomNode node(const json& object, const std::string& path, const RoomGraph& graph) {
        RoomNode n;
        if (!check_.isObject(object, path, "a room ({\"id\", \"rooms\", \"tags\"})")) return n;
        check_.onlyKnownFields(object, path, {"id", "rooms", "tags"});
        if (const json* id = check_.field(object, path, "id", true))
            if (auto text = check_.text(*id, path + "/id")) {
                if (graph.nodeIndex(*text) >= 0) check_.fail(path + "/id", "two rooms are called \"" + shortText(*text, 40) + "\"");
                n.id = *text;
            }
        if (const json* rooms = check_.field(object, path, "rooms", true); rooms && check_.isArray(*rooms, path + "/rooms", "a list of room templates")) {
            if (rooms->empty())
                check_.fail(path + "/rooms", "expected at least one room template (a prefab id, or {\"shape\": \"rectangle\" or \"cave\", \"width\", \"height\"})");
            for (std::size_t i = 0; i < rooms->size() && i < 64; ++i) n.templates.push_back(roomTemplate((*rooms)[i], path + "/rooms/" + std::to_string(i)));
        }
        if (const json* tags = check_.field(object, path, "tags", false); tags && check_.isArray(*tags, path + "/tags", "a list of tags"))
            for (std::size_t i = 0; i < tags->size() && i < 64; ++i)
                if (auto tag = check_.text((*tags)[i], path + "/tags/" + std::to_string(i))) n.tags.push_back(*tag);
        return n;
    }

    RoomTemplate roomTemplate(const json& value, const std::string& path) {
        RoomTemplate t;
        if (value.is_string()) return prefabTemplate(value.get<std::string>(), path);
        if (!check_.isObject(value, path, "a prefab id, or {\"shape\": \"rectangle\" or \"cave\", \"width\", \"height\"}")) return t;
        check_.onlyKnownFields(value, path, {"shape", "prefab", "width", "height"});
        if (const json* prefab = check_.field(value, path, "prefab", false)) {
            if (auto id = check_.text(*prefab, path + "/prefab")) return prefabTemplate(*id, path + "/prefab");
            return t;
        }
        if (const json* shape = check_.field(value, path, "shape", true)) {
            if (*shape == "rectangle") t.shape = RoomTemplate::Shape::Rectangle;
            else if (*shape == "cave") t.shape = RoomTemplate::Shape::Cave;
            else check_.fail(path + "/shape", "expected \"rectangle\" or \"cave\" (or a \"prefab\" id instead), found " + excerpt(*shape));
        }
        const int smallest = t.shape == RoomTemplate::Shape::Cave ? 4 : 2;
        range(value, path, "width", smallest, t.minWidth, t.maxWidth);
        range(value, path, "height", smallest, t.minHeight, t.maxHeight);
        // A room and its walls must fit the level.
        if (t.minWidth + 2 > size_.width || t.minHeight + 2 > size_.height)
            check_.fail(path, "a room of at least " + std::to_string(t.minWidth) + " x " + std::to_string(t.minHeight) + " with its walls is larger than the level (" +
                                  std::to_string(size_.width) + " x " + std::to_string(size_.height) + ")");
        return t;
    }

    // "width": 6 or [5, 9].
    void range(const json& object, const std::string& path, const char* key, int smallest, int& lo, int& hi) {
        const json* value = check_.field(object, path, key, false);
        if (!value) return;
        const std::string where = jsonPath(path, key);
        if (value->is_array() && value->size() == 2) {
            auto a = check_.integer((*value)[0], where + "/0", smallest, kMaxRoomSide);
            auto b = check_.integer((*value)[1], where + "/1", smallest, kMaxRoomSide);
            if (a && b && *a > *b) check_.fail(where, "expected [least, most], found " + excerpt(*value));
            if (a && b) lo = *a, hi = *b;
        } else if (value->is_number_integer()) {
            if (auto v = check_.integer(*value, where, smallest, kMaxRoomSide)) lo = hi = *v;
        } else {
            check_.fail(where, "expected a whole number or [least, most] (from " + std::to_string(smallest) + "), found " + excerpt(*value));
        }
    }

    RoomTemplate prefabTemplate(const std::string& id, const std::string& path) {
        RoomTemplate t;
        t.shape = RoomTemplate::Shape::Prefab;
        t.prefab = id;
        const Prefab* prefab = prefabs_.find(id);
        if (!prefab && prefabs_.isUnreadable(id)) return t; // refused where it is named
        if (!prefab) {
            std::vector<std::string> ids;
            for (const Prefab& p : prefabs_.prefabs) ids.push_back(p.id);
            if (ids.empty()) check_.fail(path, "no prefab \"" + shortText(id, 40) + "\": the project has none (add one under \"prefabs\")");
            else if (auto near = closestWord(id, ids)) check_.fail(path, "no prefab \"" + shortText(id, 40) + "\" in the project; did you mean \"" + *near + "\"?");
            else check_.fail(path, "no prefab \"" + shortText(id, 40) + "\" in the project; its prefabs are " + quoted(ids));
            return t;
        }
        t.minWidth = t.maxWidth = prefab->width;
        t.minHeight = t.maxHeight = prefab->height;
        if (prefab->width > size_.width || prefab->height > size_.height)
            check_.fail(path, "the prefab \"" + id + "\" (" + std::to_string(prefab->width) + " x " + std::to_string(prefab->height) + ") is larger than the level (" +
                                  std::to_string(size_.width) + " x " + std::to_string(size_.height) + ")");
        return t;
    }

    RoomEdge edge(const json& object, const std::string& path, const RoomGraph& graph) {
        RoomEdge e;
        if (!check_.isObject(object, path, "a join ({\"from\", \"to\", \"kind\"})")) return e;
        check_.onlyKnownFields(object, path, {"from", "to", "kind", "lock"});
        e.from = nodeName(object, path, "from", graph);
        e.to = nodeName(object, path, "to", graph);
        if (!e.from.empty() && e.from == e.to) check_.fail(path + "/to", "a room cannot join itself (\"" + shortText(e.to, 40) + "\")");
        if (const json* kind = check_.field(object, path, "kind", false)) {
            if (*kind == "corridor") e.kind = RoomEdge::Kind::Corridor;
            else if (*kind == "door") e.kind = RoomEdge::Kind::Door;
            else if (*kind == "locked") e.kind = RoomEdge::Kind::Locked;
            else check_.fail(path + "/kind", "expected \"corridor\", \"door\" or \"locked\", found " + excerpt(*kind));
        }
        const json* lock = check_.field(object, path, "lock", false);
        if (lock) {
            if (auto id = check_.text(*lock, path + "/lock")) e.lock = *id;
            if (e.kind != RoomEdge::Kind::Locked) check_.fail(path + "/lock", "only a \"locked\" join has a lock (this one is a " + std::string(edgeKindId(e.kind)) + ")");
        } else if (e.kind == RoomEdge::Kind::Locked) {
            check_.fail(path, "a \"locked\" join needs a \"lock\": the id its key opens");
        }
        return e;
    }

    std::string nodeName(const json& object, const std::string& path, const char* key, const RoomGraph& graph) {
        const json* value = check_.field(object, path, key, true);
        if (!value) return {};
        auto id = check_.text(*value, jsonPath(path, key));
        if (!id) return {};
        if (graph.nodeIndex(*id) >= 0) return *id;
        std::vector<std::string> ids;
        for (const RoomNode& n : graph.nodes) ids.push_back(n.id);
        if (auto near = closestWord(*id, ids)) check_.fail(jsonPath(path, key), "no room \"" + shortText(*id, 40) + "\" in the graph; did you mean \"" + *near + "\"?");
        else check_.fail(jsonPath(path, key), "no room \"" + shortText(*id, 40) + "\" in the graph; its rooms are " + quoted(ids));
        return {};
    }

    // Every room reachable from the start, by any join.
    void checkWhole(const RoomGraph& graph, const std::string& path) {
        if (graph.nodes.empty()) return;
        std::vector<int> parent(graph.nodes.size());
        std::iota(parent.begin(), parent.end(), 0);
        const auto root = [&](int i) {
            while (parent[static_cast<std::size_t>(i)] != i) i = parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
            return i;
        };
        for (const RoomEdge& e : graph.edges) parent[static_cast<std::size_t>(root(graph.nodeIndex(e.from)))] = root(graph.nodeIndex(e.to));
        const int start = root(graph.startNode());
        std::vector<std::string> apart;
        for (std::size_t i = 0; i < graph.nodes.size(); ++i)
            if (root(static_cast<int>(i)) != start) apart.push_back(graph.nodes[i].id);
        if (!apart.empty())
            check_.fail(path + "/edges", "the graph is in pieces: no join leads from \"" + graph.nodes[static_cast<std::size_t>(graph.startNode())].id + "\" to " +
                                             quoted(apart) + "; add joins so every room is reached");
        else
            checkKeys(graph, path);
    }

    // Every lock's key needs a room a player reaches without passing its door, other
    // than the start room (a key at the start is no puzzle): the locks_and_keys stage
    // places it there. Walks the graph as a player would, a lock opening once some
    // room besides the start is reached before it.
    void checkKeys(const RoomGraph& graph, const std::string& path) {
        std::vector<char> reached(graph.nodes.size(), 0);
        std::vector<std::string> open;
        reached[static_cast<std::size_t>(graph.startNode())] = 1;
        std::size_t count = 1;
        for (bool grew = true; grew;) {
            grew = false;
            for (const RoomEdge& e : graph.edges) {
                if (e.kind == RoomEdge::Kind::Locked && std::find(open.begin(), open.end(), e.lock) == open.end()) continue;
                char &a = reached[static_cast<std::size_t>(graph.nodeIndex(e.from))], &b = reached[static_cast<std::size_t>(graph.nodeIndex(e.to))];
                if (a != b) a = b = 1, ++count, grew = true;
            }
            if (grew || count < 2) continue;
            for (const RoomEdge& e : graph.edges) // the locks the player stands at: their keys lie in the rooms reached
                if (e.kind == RoomEdge::Kind::Locked && (reached[static_cast<std::size_t>(graph.nodeIndex(e.from))] || reached[static_cast<std::size_t>(graph.nodeIndex(e.to))]) &&
                    std::find(open.begin(), open.end(), e.lock) == open.end())
                    open.push_back(e.lock), grew = true;
        }
        if (count > 1) return;
        const std::string& start = graph.nodes[static_cast<std::size_t>(graph.startNode())].id;
        for (std::size_t i = 0; i < graph.edges.size(); ++i)
            if (graph.edges[i].kind == RoomEdge::Kind::Locked && (graph.edges[i].from == start || graph.edges[i].to == start)) {
                check_.fail(path + "/edges/" + std::to_string(i) + "/lock",
                            "the key of lock \"" + shortText(graph.edges[i].lock, 40) + "\" could only lie behind its own door: every join of the start room \"" +
                                shortText(start, 40) + "\" is locked, and a key never lies in the start room; join it to another room by a door or a corridor");
                return;
            }
    }

    JsonChecker& check_;
    const ProjectPrefabs& prefabs_;
    LevelSize size_;
};

} // namespace

RoomGraphs roomGraphsFromJson(const json& list, const std::string& path, JsonChecker& check, const ProjectPrefabs& prefabs, const LevelSize& size) {
    RoomGraphs graphs;
    if (!check.isArray(list, path, "a list of room graphs")) return graphs;
    if (list.size() > 256) {
        check.fail(path, "a project may have at most 256 room graphs, this one has " + std::to_string(list.size()));
        return graphs;
    }
    std::set<std::string> ids;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = path + "/" + std::to_string(i);
        RoomGraph graph = GraphReader(check, prefabs, size).read(list[i], where);
        if (!graph.id.empty() && !ids.insert(graph.id).second) check.fail(where + "/id", "two room graphs are called \"" + shortText(graph.id, 40) + "\"");
        graphs.push_back(std::move(graph));
    }
    return graphs;
}

ordered_json roomGraphsToJson(const RoomGraphs& graphs) {
    ordered_json list = ordered_json::array();
    for (const RoomGraph& g : graphs) {
        ordered_json nodes = ordered_json::array();
        for (const RoomNode& n : g.nodes) {
            ordered_json rooms = ordered_json::array();
            for (const RoomTemplate& t : n.templates) {
                if (t.shape == RoomTemplate::Shape::Prefab) {
                    rooms.push_back(t.prefab);
                    continue;
                }
                const auto side = [](int lo, int hi) { return lo == hi ? ordered_json(lo) : ordered_json::array({lo, hi}); };
                rooms.push_back({{"shape", roomShapeId(t.shape)}, {"width", side(t.minWidth, t.maxWidth)}, {"height", side(t.minHeight, t.maxHeight)}});
            }
            ordered_json node = {{"id", n.id}, {"rooms", rooms}};
            if (!n.tags.empty()) node["tags"] = n.tags;
            nodes.push_back(std::move(node));
        }
        ordered_json edges = ordered_json::array();
        for (const RoomEdge& e : g.edges) {
            ordered_json edge = {{"from", e.from}, {"to", e.to}, {"kind", edgeKindId(e.kind)}};
            if (!e.lock.empty()) edge["lock"] = e.lock;
            edges.push_back(std::move(edge));
        }
        list.push_back({{"id", g.id}, {"nodes", nodes}, {"edges", edges}});
    }
    return list;
}

} // namespace burrow
