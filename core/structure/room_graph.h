#pragma once
// A designer's room graph (the project's "room_graphs"): the level's structure drawn
// first, as in Edgar or Dungeon Architect. Nodes are rooms, each with the shapes it
// may take and tags saying what it is for (start, exit, boss, treasure or the
// designer's own); edges say which rooms join and how: a corridor, a door between
// touching rooms, or a locked door with the id of its lock. Cycles are allowed.
// The `room_graph` stage lays a graph out (generators/room_graph_layout.cpp).
#include <string>
#include <vector>

namespace burrow {

// The most nodes a graph may have: its layout searches are bounded by it.
inline constexpr std::size_t kMaxRoomGraphNodes = 64;

// One shape a node's room may take: a rectangle or a cave of a size in these ranges
// (the floor, without its walls), or one of the project's prefabs as drawn.
struct RoomTemplate {
    enum class Shape { Rectangle, Cave, Prefab };
    Shape shape = Shape::Rectangle;
    std::string prefab; // Shape::Prefab: its id
    int minWidth = 5, maxWidth = 9;
    int minHeight = 4, maxHeight = 7;
    friend bool operator==(const RoomTemplate&, const RoomTemplate&) = default;
};

struct RoomNode {
    std::string id;
    std::vector<RoomTemplate> templates;
    std::vector<std::string> tags;
    bool hasTag(const std::string& tag) const;
    friend bool operator==(const RoomNode&, const RoomNode&) = default;
};

struct RoomEdge {
    enum class Kind { Corridor, Door, Locked };
    std::string from, to;
    Kind kind = Kind::Corridor;
    std::string lock; // Kind::Locked: the lock's id (its key opens it)
    friend bool operator==(const RoomEdge&, const RoomEdge&) = default;
};

struct RoomGraph {
    std::string id;
    std::vector<RoomNode> nodes;
    std::vector<RoomEdge> edges;

    // The index of the node with this id, or -1.
    int nodeIndex(const std::string& nodeId) const;
    // The node the level starts in: the one tagged "start", else the first.
    int startNode() const;
    friend bool operator==(const RoomGraph&, const RoomGraph&) = default;
};

using RoomGraphs = std::vector<RoomGraph>;

const char* edgeKindId(RoomEdge::Kind kind);
const char* roomShapeId(RoomTemplate::Shape shape);

} // namespace burrow
