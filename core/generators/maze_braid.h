#pragma once
// The braid of the maze stage, once its passages are carved and joined: dead ends
// (passages with one way out) opened into loops, in a random order, each with the
// chance `braid`. A dead end opens into a passage beside it, one that is a dead end
// too when it can (two gone with one opening); against a room, through into it; at
// braid 1, with nothing to open into, it is filled back in up to the nearest fork,
// so no dead end is left.
#include <cstdint>
#include <optional>
#include <vector>

#include "generation/level_canvas.h"
#include "random/rng.h"

namespace burrow::maze {

class Braid {
public:
    // The maze's dead ends on the canvas, shuffled by `rng`. `passages` says which
    // cells of the latticeWidth x latticeHeight lattice (row by row; lattice cell
    // (lx, ly) is level cell (2 lx + 1, 2 ly + 1)) the maze carved.
    Braid(const LevelCanvas& canvas, double braid, int latticeWidth, int latticeHeight, std::vector<std::uint8_t> passages, Rng& rng);

    // Opens (or fills) the next dead end its chance picks, as `passage` and `door`
    // cells; the cell changed first, or none once every dead end had its turn.
    std::optional<Point> openNext(LevelCanvas& canvas, Rng& rng, Tile passage, Tile door);

    int loopsOpened() const { return loopsOpened_; }

private:
    bool isPassage(int lx, int ly) const {
        return passages_[static_cast<std::size_t>(ly) * static_cast<std::size_t>(latticeWidth_) + static_cast<std::size_t>(lx)] != 0;
    }
    int openNeighbours(const LevelCanvas& canvas, int x, int y) const;
    std::optional<Point> openIntoRoom(LevelCanvas& canvas, int x, int y, Tile passage, Tile door);
    std::optional<Point> fillDeadEnd(LevelCanvas& canvas, int x, int y, Tile passage, Tile door);

    double braid_;
    Odds braidOdds_;
    int width_, height_; // the level's
    int latticeWidth_, latticeHeight_;
    std::vector<std::uint8_t> passages_;
    std::vector<std::uint32_t> deadEnds_; // lattice cells, ly * latticeWidth + lx
    std::size_t next_ = 0;
    int loopsOpened_ = 0;
};

} // namespace burrow::maze
