#include "structure/room_graph_edits.h"

#include <algorithm>
#include <sstream>

#include "io/json_checker.h"
#include "structure/room_graph_json.h"

namespace burrow {

std::string addRoom(RoomGraph& graph, const std::string& joinTo) {
    std::string id;
    for (int n = static_cast<int>(graph.nodes.size()) + 1;; ++n)
        if (graph.nodeIndex(id = "room " + std::to_string(n)) < 0) break;
    RoomNode node;
    node.id = id;
    const int like = graph.nodeIndex(joinTo);
    if (like >= 0 && !graph.nodes[static_cast<std::size_t>(like)].templates.empty())
        node.templates = {graph.nodes[static_cast<std::size_t>(like)].templates.front()};
    else
        node.templates = {RoomTemplate{}};
    graph.nodes.push_back(std::move(node));
    if (like >= 0) graph.edges.push_back({joinTo, id, RoomEdge::Kind::Door, {}});
    return id;
}

void removeRoom(RoomGraph& graph, const std::string& id) {
    std::erase_if(graph.nodes, [&](const RoomNode& n) { return n.id == id; });
    std::erase_if(graph.edges, [&](const RoomEdge& e) { return e.from == id || e.to == id; });
}

bool renameRoom(RoomGraph& graph, const std::string& from, const std::string& to) {
    const int index = graph.nodeIndex(from);
    if (index < 0 || to.empty() || (to != from && graph.nodeIndex(to) >= 0)) return false;
    graph.nodes[static_cast<std::size_t>(index)].id = to;
    for (RoomEdge& e : graph.edges) {
        if (e.from == from) e.from = to;
        if (e.to == from) e.to = to;
    }
    return true;
}

int joinRooms(RoomGraph& graph, const std::string& a, const std::string& b) {
    if (a == b || graph.nodeIndex(a) < 0 || graph.nodeIndex(b) < 0) return -1;
    for (const RoomEdge& e : graph.edges)
        if ((e.from == a && e.to == b) || (e.from == b && e.to == a)) return -1;
    graph.edges.push_back({a, b, RoomEdge::Kind::Door, {}});
    return static_cast<int>(graph.edges.size()) - 1;
}

RoomGraph newRoomGraph(const std::string& id) {
    RoomGraph graph;
    graph.id = id;
    graph.nodes.push_back({"entrance", {RoomTemplate{}}, {"start"}});
    graph.nodes.push_back({"exit", {RoomTemplate{}}, {"exit"}});
    graph.edges.push_back({"entrance", "exit", RoomEdge::Kind::Corridor, {}});
    return graph;
}

std::vector<Diagnostic> roomGraphProblems(const RoomGraphs& graphs, const ProjectPrefabs& prefabs, const LevelSize& size) {
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    // Through the file's form: the editor refuses exactly what the reader would.
    roomGraphsFromJson(nlohmann::json::parse(roomGraphsToJson(graphs).dump()), "/room_graphs", check, prefabs, size);
    return problems;
}

namespace {

std::string sizeText(int lo, int hi) { return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi); }

// "5" or "5-9" (spaces allowed around the dash).
bool readRange(std::istringstream& in, int& lo, int& hi) {
    if (!(in >> lo)) return false;
    hi = lo;
    in >> std::ws;
    if (in.peek() == '-') {
        in.get();
        if (!(in >> hi)) return false;
    }
    return lo > 0 && hi >= lo && hi <= 4096;
}

std::string trimmed(const std::string& s) {
    const auto a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

} // namespace

std::string roomTemplatesText(const std::vector<RoomTemplate>& templates) {
    std::string text;
    for (const RoomTemplate& t : templates) {
        if (!text.empty()) text += "; ";
        if (t.shape == RoomTemplate::Shape::Prefab) text += t.prefab;
        else text += std::string(roomShapeId(t.shape)) + " " + sizeText(t.minWidth, t.maxWidth) + " x " + sizeText(t.minHeight, t.maxHeight);
    }
    return text;
}

std::optional<std::vector<RoomTemplate>> roomTemplatesFromText(const std::string& text, std::string& error) {
    std::vector<RoomTemplate> templates;
    std::istringstream parts(text);
    for (std::string part; std::getline(parts, part, ';');) {
        part = trimmed(part);
        if (part.empty()) continue;
        std::istringstream in(part);
        std::string word;
        in >> word;
        RoomTemplate t;
        if (word == "rectangle" || word == "cave") {
            t.shape = word == "cave" ? RoomTemplate::Shape::Cave : RoomTemplate::Shape::Rectangle;
            char x = 0;
            if (!readRange(in, t.minWidth, t.maxWidth) || !(in >> x) || (x != 'x' && x != 'X') || !readRange(in, t.minHeight, t.maxHeight) || !(in >> std::ws).eof()) {
                error = "\"" + part + "\": expected " + word + " WIDTH x HEIGHT, each a number or least-most (\"" + word + " 5-9 x 4-7\")";
                return std::nullopt;
            }
        } else {
            if (part.find(' ') != std::string::npos && part.find_first_of("0123456789") != std::string::npos) {
                error = "\"" + part + "\": expected \"rectangle W x H\", \"cave W x H\" or a prefab's id";
                return std::nullopt;
            }
            t.shape = RoomTemplate::Shape::Prefab;
            t.prefab = part;
        }
        templates.push_back(t);
    }
    if (templates.empty()) {
        error = "a room needs at least one shape: \"rectangle 5-9 x 4-7\", \"cave 6-8 x 5-6\" or a prefab's id";
        return std::nullopt;
    }
    return templates;
}

} // namespace burrow
