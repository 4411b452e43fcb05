#include "structure/room_graph.h"

#include <algorithm>

namespace burrow {

bool RoomNode::hasTag(const std::string& tag) const { return std::find(tags.begin(), tags.end(), tag) != tags.end(); }

int RoomGraph::nodeIndex(const std::string& nodeId) const {
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].id == nodeId) return static_cast<int>(i);
    return -1;
}

int RoomGraph::startNode() const {
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].hasTag("start")) return static_cast<int>(i);
    return nodes.empty() ? -1 : 0;
}

const char* edgeKindId(RoomEdge::Kind kind) {
    switch (kind) {
    case RoomEdge::Kind::Corridor: return "corridor";
    case RoomEdge::Kind::Door: return "door";
    case RoomEdge::Kind::Locked: return "locked";
    }
    return "corridor";
}

const char* roomShapeId(RoomTemplate::Shape shape) {
    switch (shape) {
    case RoomTemplate::Shape::Rectangle: return "rectangle";
    case RoomTemplate::Shape::Cave: return "cave";
    case RoomTemplate::Shape::Prefab: return "prefab";
    }
    return "rectangle";
}

} // namespace burrow
