#pragma once
// Lays a room graph out on a level, one room at a time: geometry only (rectangles
// and one-cell passages), so the room_graph stage decides the tiles and the editor
// watches each room land.
//
// The rooms are placed in breadth-first order from the start, each beside the room
// it is joined to through its tree edge: at a side drawn from the stream, a door's
// width (one cell of wall) or a corridor's length away, sliding along that side so
// the two overlap. Of a few candidates that fit (inside the level, a wall between it
// and every other room, its passage touching nothing else) the one nearest the rooms
// it must still join through cycle edges wins, so cycles stay short. A room no
// candidate fits starts the attempt again; after `attempts` the planner gives up,
// naming the edge. A cycle edge with no way starts it again too, while attempts remain. Then each cycle edge is dug as the shortest passage between its two
// rooms that touches nothing else (a breadth-first search near them), or is reported
// as not laid.
//
// Bounded: an attempt tries a fixed number of candidates a room, each checked against
// the rooms and passages so far (at most 64 rooms), and attempts are counted; no
// clock, so the same seed lays the same level on any machine.
#include <optional>
#include <vector>

#include "model/grid.h"
#include "model/level.h"
#include "random/rng.h"
#include "structure/room_graph.h"

namespace burrow {

struct PlannedRoom {
    int templateIndex = 0;
    Rect floor; // the room's floor bounds; its wall ring lies around it
};

// One-cell-wide legs from the first room's wall to the second's, and at each end the
// passage cell beside the room with the step that leads into it (a cave's or a
// prefab's floor may lie further in: the stage digs on until it reaches it).
struct PlannedPassage {
    int edge = -1;
    int roomA = -1, roomB = -1; // nodes
    std::vector<Rect> legs;
    Point endA, stepA, endB, stepB;
};

struct RoomGraphPlanSettings {
    int corridorMin = 2, corridorMax = 6; // a corridor's length in cells between the rooms' walls
    int attempts = 20;
};

class RoomGraphPlanner {
public:
    // `templateSizes[n][t]`: the least and most floor size of node n's template t
    // (a prefab's own size twice).
    struct SizeRange {
        int minWidth, maxWidth, minHeight, maxHeight;
    };
    RoomGraphPlanner(const RoomGraph& graph, std::vector<std::vector<SizeRange>> templateSizes, LevelSize size, Rng rng,
                     RoomGraphPlanSettings settings);

    enum class Event {
        Placed,    // lastNode() was placed, joined to its parent by lastPassage()
        Restarted, // lastEdge() could not be laid; all is cleared and begins again
        Joined,    // the cycle edge lastEdge() was dug: lastPassage()
        Unjoined,  // the cycle edge lastEdge() found no way in the last attempt
        GaveUp,    // out of attempts; lastEdge() could not be laid (the last attempt's rooms stay)
        Done,
    };
    Event next();
    bool finished() const { return finished_; }

    const std::vector<std::optional<PlannedRoom>>& rooms() const { return rooms_; }
    const std::vector<PlannedPassage>& passages() const { return passages_; }
    int lastNode() const { return lastNode_; }
    // The edge that joined `node` to the graph as it was laid (-1 for the start).
    int treeEdge(int node) const { return treeEdge_[static_cast<std::size_t>(node)]; }
    int lastEdge() const { return lastEdge_; }
    const PlannedPassage& lastPassage() const { return passages_.back(); }
    int attempt() const { return attempt_; }

private:
    void beginAttempt();
    Event placeNext();
    Event joinNext();
    std::optional<std::pair<PlannedRoom, PlannedPassage>> besideParent(int node, int parent, int edge);
    std::optional<PlannedPassage> cyclePassage(int edge);
    bool roomFits(const Rect& floor, int except) const;
    bool passageFits(const std::vector<Rect>& legs, int a, int b) const;
    int distanceToPartners(const Rect& floor, int node) const;

    const RoomGraph& graph_;
    std::vector<std::vector<SizeRange>> sizes_;
    LevelSize size_;
    Rng rng_;
    RoomGraphPlanSettings settings_;

    std::vector<int> order_;      // breadth-first from the start
    std::vector<int> treeEdge_;   // per node: the edge that reaches it (-1 for the start)
    std::vector<std::pair<int, int>> ends_; // each edge's two rooms
    std::vector<int> cycleEdges_; // the edges not in the tree
    std::vector<std::vector<int>> partners_; // per node: the rooms its cycle edges join it to
    std::vector<std::optional<PlannedRoom>> rooms_;
    std::vector<PlannedPassage> passages_;
    std::size_t placed_ = 0, joined_ = 0;
    int attempt_ = 0;
    int lastNode_ = -1, lastEdge_ = -1;
    bool finished_ = false;
};

} // namespace burrow
