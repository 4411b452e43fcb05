#pragma once
// The doors of "rooms and mazes" (Bob Nystrom's method), for the maze stage once its
// passages are carved: every part of the level (each room, each tree of the maze)
// gets a number, and every wall one or two cells thick between two parts is a
// candidate door. The candidates open like a spanning tree (Kruskal's algorithm over
// them in a random order, thin walls first): each joins two parts not yet joined, and
// with the chance `extra_doors` one joining parts already joined opens too.
#include <memory>
#include <optional>
#include <vector>

#include "generation/level_canvas.h"
#include "model/connectivity.h"
#include "random/rng.h"

namespace burrow::maze {

// Where a maze may carve: rock, or the void an earlier stage culled.
inline bool carvable(Tile t) { return t == Tile::Wall || t == Tile::Void; }

// The four sides in the maze's order (right, down, left, up): its draws follow it.
inline constexpr int kDx[4] = {1, 0, -1, 0};
inline constexpr int kDy[4] = {0, 1, 0, -1};

class DisjointParts;

class Doorways {
public:
    // The parts of the canvas's depth under `movement` and the candidate doors between
    // them, shuffled by `rng`.
    Doorways(LevelCanvas& canvas, Connectivity movement, Rng& rng);
    ~Doorways();
    Doorways(const Doorways&) = delete;
    Doorways& operator=(const Doorways&) = delete;

    // The part holding (x, y), a cell the maze carved, is maze, not room: a door from
    // a room to it stands by the room and a passage leads on.
    void markMaze(int x, int y);

    // Opens the next candidate that joins two parts apart (or, with chance
    // `extraDoors`, two joined) as `door` and `passage` cells; its first cell, or none
    // once every candidate is spent.
    std::optional<Point> openNext(LevelCanvas& canvas, Rng& rng, double extraDoors, Tile door, Tile passage);

    // How many groups of parts no door joins (1: the level is one).
    int partsApart();

private:
    // A wall between two parts that a door would join: one cell (room, door, part) or
    // two (room, door, passage, part) in a straight line from `from`.
    struct Candidate {
        int x = 0, y = 0; // the cell next to `from`
        int dir = 0;
        int length = 1;
        int a = 0, b = 0; // the parts it joins
    };

    void labelParts(LevelCanvas& canvas, Connectivity movement);
    void findCandidates(const LevelCanvas& canvas);

    int width_, height_;
    std::vector<int> part_; // a cell's part, -1 where not walkable
    int partCount_ = 0;
    std::vector<std::uint8_t> isMaze_; // by part
    std::unique_ptr<DisjointParts> joined_;
    std::vector<Candidate> candidates_;
    std::size_t next_ = 0;
};

} // namespace burrow::maze
