#pragma once
// The numbers that describe a level, per depth and in total: how open it is, how
// it splits into regions, how much of it a player can reach and how far that is.
// What `burrow stats` prints; the raw material of expressive-range plots.
#include <vector>

#include "model/connectivity.h"
#include "model/level.h"
#include "regions/reachability.h"

namespace burrow {

struct DepthMetrics {
    int depth = 0;
    int walkable = 0;
    double floorShare = 0;          // walkable cells / all cells
    int regions = 0;
    double largestRegionShare = 0;  // largest region / walkable cells
    int stairsDown = 0;             // stairs pairs leading to the depth below
    double reachableShare = 0;      // cells reachable from the start / walkable cells
    int longestPath = 0;            // the farthest reachable cell of this depth, in steps from the start
    int deadEnds = 0;               // walkable cells with exactly one walkable neighbour
    int rooms = 0;
    int hallways = 0;
    std::vector<UnreachableRegion> unreachable;
};

struct LevelMetrics {
    Connectivity movement = Connectivity::Eight;
    std::optional<Cell> start;
    std::vector<DepthMetrics> depths;
    // Totals over all depths (shares weighted by cells).
    double floorShare = 0;
    int regions = 0;
    int stairsPairs = 0;
    double reachableShare = 0;
    int longestPath = 0;
    int deadEnds = 0;
    int rooms = 0;
    int hallways = 0;
};

LevelMetrics measureLevel(const Level& level, Connectivity movement);

} // namespace burrow
