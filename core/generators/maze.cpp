// Maze: a growing tree on the odd lattice (Jamis Buck's family of maze algorithms,
// rot.js's mazes), around rooms an earlier stage made and joined to them through
// doors (Bob Nystrom's "rooms and mazes"), with dead ends opened into loops (braid).
//
// Passages lie on the odd lattice: (2i+1, 2j+1) is a passage cell, the cell between
// two of them is wall until the maze opens it, and a cell with both coordinates even
// is always wall. So two open cells touch diagonally only around an open corner: under
// eight-way movement there is no shortcut through a wall. A level with an even side
// keeps its last column or row as wall.
//
// The growing tree keeps a list of cells with unvisited neighbours; it extends the
// newest one (a backtracker's long winding corridors) with probability `winding`,
// else a random one (Prim's short branches). With no rooms and no braid, the open
// cells form one tree under four-way moves: one path between any two cells.
//
// Around rooms, a passage cell keeps all eight neighbours clear of any room, so
// rooms and maze meet only through doors, chosen like a spanning tree (maze::Doorways,
// generators/maze_doorways.h). The braid is maze::Braid (generators/maze_braid.h).
//
// Steps: the preparation, then one carve, one door or one loop each.
#include "generators/maze.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "generators/maze_braid.h"
#include "generators/maze_doorways.h"

namespace burrow {
namespace {

constexpr int kLeastSide = 5; // two passages with a wall between, inside a border

using maze::carvable;

// For each set of directions (bit d for direction d), its i-th direction in order.
constexpr auto kOption = [] {
    std::array<std::array<int, 4>, 16> table{};
    for (unsigned set = 0; set < 16; ++set) {
        int i = 0;
        for (int d = 0; d < 4; ++d)
            if (set & (1u << d)) table[set][static_cast<std::size_t>(i++)] = d;
    }
    return table;
}();
constexpr auto kOptionCount = [] {
    std::array<int, 16> table{};
    for (unsigned set = 0; set < 16; ++set) table[set] = (set & 1) + (set >> 1 & 1) + (set >> 2 & 1) + (set >> 3 & 1);
    return table;
}();

class Maze final : public Stage {
public:
    Maze(const ParamValues& params, StageSetup setup)
        : rng_(setup.rng), movement_(setup.movement), width_(setup.size.width), height_(setup.size.height),
          latticeWidth_((setup.size.width - 1) / 2), latticeHeight_((setup.size.height - 1) / 2), winding_(params.real("winding")), windingOdds_(winding_),
          braidChance_(params.real("braid")), extraDoors_(params.real("extra_doors")), aroundRooms_(params.flag("around_rooms")),
          passage_(params.tile("passage_tile", *setup.kinds)), door_(params.tile("door_tile", *setup.kinds)) {
        if (latticeWidth_ < 2 || latticeHeight_ < 2) finish(); // refused before it is made (sizeProblem); a guard only
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        switch (phase_) {
        case Phase::Prepare:
            prepare(canvas);
            describe(hasRooms_ ? "found the rooms to carve around" : "laid out the lattice of passages");
            break;
        case Phase::Carve:
            if (grow(canvas, 1) == 1) describe("carved passage " + std::to_string(carved_));
            else describe("the maze reaches every free cell");
            break;
        case Phase::Join:
            if (openNextDoor(canvas)) describe("opened door " + std::to_string(doorsOpened_));
            else describe(partsApart_ > 1 ? std::to_string(partsApart_) + " parts could not be joined" : "rooms and maze are joined");
            break;
        case Phase::Braid:
            if (openNextLoop(canvas)) describe("opened dead end " + std::to_string(braid_->loopsOpened()) + " into a loop");
            else describe("opened " + std::to_string(braid_ ? braid_->loopsOpened() : 0) + " dead ends into loops");
            break;
        }
    }

    // The same phases without a description a step: a megacell maze is a million
    // steps. Carved in batches, so the generation can stop a long run between them.
    void run(LevelCanvas& canvas) override {
        constexpr std::size_t kCarvesBetweenPolls = std::size_t{1} << 16;
        if (phase_ == Phase::Prepare && !finished()) prepare(canvas);
        while (phase_ == Phase::Carve && !finished()) {
            grow(canvas, kCarvesBetweenPolls);
            poll();
        }
        for (unsigned steps = 1; phase_ == Phase::Join && !finished(); ++steps) {
            openNextDoor(canvas);
            if (steps % kStepsBetweenPolls == 0) poll();
        }
        for (std::size_t steps = 1; !finished(); ++steps) {
            openNextLoop(canvas);
            if (steps % kCarvesBetweenPolls == 0) poll();
        }
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (mark_.x >= 0) out.push_back(Annotation::at(Annotation::Kind::Walker, mark_.x, mark_.y));
    }

private:
    enum class Phase { Prepare, Carve, Join, Braid };
    // A lattice cell. Its own type, not std::uint8_t: a store through unsigned char
    // may alias anything, the random stream's state and the lists' ends included.
    enum class Lattice : std::uint8_t { Free, Blocked, Carved };

    // The lattice is stored with a border of blocked cells, so a neighbour needs no
    // bounds test, and with as many cells a row as the level (the last ones blocked
    // too): then the level's cell of lattice cell i is 2i - width - 1, and a step in
    // the lattice is the same offset as the step to the wall between.
    std::size_t latticeStride() const { return static_cast<std::size_t>(width_); }
    std::size_t cellOf(std::size_t lattice) const { return 2 * lattice - static_cast<std::size_t>(width_) - 1; }
    std::size_t latticeIndex(int lx, int ly) const { return static_cast<std::size_t>(ly + 1) * latticeStride() + static_cast<std::size_t>(lx + 1); }

    // Which lattice cells the maze may use: all of them on a fresh level; around rooms,
    // those that are rock with no walkable cell among their eight neighbours.
    void prepare(LevelCanvas& canvas) {
        const TileKinds& kinds = canvas.level().kinds;
        if (!aroundRooms_) canvas.fill(Tile::Wall);
        const bool allRock = solidRock(canvas.grid());
        if (!allRock)
            for (int y = 0; y < height_; ++y)
                for (int x = 0; x < width_; ++x) hasRooms_ |= kinds.walkable(canvas.get(x, y));
        // On solid rock the wall between a cell and a free neighbour is rock too (only
        // carving into the neighbour opens it): no need to look at it each step.
        wallsToCheck_ = !allRock;
        state_.assign(latticeStride() * (static_cast<std::size_t>(latticeHeight_) + 2), Lattice::Blocked);
        for (int ly = 0; ly < latticeHeight_; ++ly)
            std::fill_n(state_.begin() + static_cast<std::ptrdiff_t>(latticeIndex(0, ly)), latticeWidth_, Lattice::Free);
        active_.reserve(static_cast<std::size_t>(latticeWidth_) * static_cast<std::size_t>(latticeHeight_)); // a backtracker's list can hold every cell at once
        if (!allRock)
            for (int ly = 0; ly < latticeHeight_; ++ly)
                for (int lx = 0; lx < latticeWidth_; ++lx)
                    if (!clearAround(canvas, 2 * lx + 1, 2 * ly + 1, kinds)) state_[latticeIndex(lx, ly)] = Lattice::Blocked;
        nextPickDraw_ = rng_.next32();
        phase_ = Phase::Carve;
    }

    // Whether every cell is rock, a row at a time without a branch a cell (the common
    // case, a maze on a fresh level, reads each cell once).
    static bool solidRock(const TileGrid& grid) {
        for (int y = 0; y < grid.height(); ++y) {
            const Tile* row = grid.row(y);
            std::uint8_t other = 0; // a byte, not a bool: GCC vectorizes this reduction only
            for (int x = 0; x < grid.width(); ++x) other |= static_cast<std::uint8_t>(!carvable(row[x]));
            if (other != 0) return false;
        }
        return true;
    }

    bool clearAround(LevelCanvas& canvas, int x, int y, const TileKinds& kinds) const {
        if (!carvable(canvas.get(x, y))) return false;
        if (!hasRooms_) return true;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if (kinds.walkable(canvas.get(x + dx, y + dy))) return false;
        return true;
    }

    // Extends the tree by up to `budget` cells (one a step, all in a run), starting a
    // new tree where the lattice is cut off by rooms; the cells carved. Fewer than
    // `budget` when every free cell is carved. One loop for both: a run pays no call a
    // cell.
    std::size_t grow(LevelCanvas& canvas, std::size_t budget) {
        const auto latticeRow = static_cast<std::ptrdiff_t>(latticeStride());
        const std::ptrdiff_t latticeStep[4] = {1, latticeRow, -1, -latticeRow}; // right, down, left, up
        std::size_t carved = 0;
        while (carved < budget) {
            if (active_.empty()) {
                // A new tree at the next free cell in reading order.
                while (nextFree_ < state_.size() && state_[nextFree_] != Lattice::Free) ++nextFree_;
                if (nextFree_ == state_.size()) {
                    finishCarving(canvas);
                    break;
                }
                ++trees_;
                carve(canvas, static_cast<std::uint32_t>(nextFree_));
                ++carved;
                continue;
            }
            const std::size_t pick = pickActive();
            const std::uint32_t at = active_[pick];
            // The free neighbours as four bits (right, down, left, up), without a branch
            // on each: whether a neighbour is free is a coin toss the CPU cannot predict.
            const Lattice* near = state_.data() + at;
            unsigned options = static_cast<unsigned>(near[1] == Lattice::Free) | static_cast<unsigned>(near[latticeRow] == Lattice::Free) << 1 |
                               static_cast<unsigned>(near[-1] == Lattice::Free) << 2 |
                               static_cast<unsigned>(near[-latticeRow] == Lattice::Free) << 3;
            if (wallsToCheck_)
                for (int d = 0; d < 4; ++d)
                    if (!carvable(canvas.getAt(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cellOf(at)) + latticeStep[d])))) options &= ~(1u << d);
            if (options == 0) { // its neighbours were carved from elsewhere: it no longer grows
                leave(pick);
                continue;
            }
            // The options in direction order, the draw skipped when there is one.
            const int count = kOptionCount[options];
            const auto d = static_cast<std::size_t>(kOption[options][count == 1 ? 0 : rng_.below(static_cast<std::uint32_t>(count))]);
            canvas.setAt(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cellOf(at)) + latticeStep[d]), passage_);
            const auto next = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(at) + latticeStep[d]);
            if (count == 1) {
                // Its last way on taken, the cell leaves the list now rather than when
                // next picked (at the default winding, one pick in six), the new cell
                // the newest in its place.
                active_[pick] = active_.back();
                active_.back() = next;
                state_[next] = Lattice::Carved;
                canvas.setAt(cellOf(next), passage_);
            } else carve(canvas, next);
            ++carved;
        }
        carved_ += static_cast<int>(carved);
        if (!active_.empty()) mark_ = pointOf(cellOf(active_.back()));
        return carved;
    }

    void carve(LevelCanvas& canvas, std::uint32_t lattice) {
        state_[lattice] = Lattice::Carved;
        canvas.setAt(cellOf(lattice), passage_);
        active_.push_back(lattice);
    }

    // Takes the list's i-th cell out, the newest taking its place.
    void leave(std::size_t i) {
        active_[i] = active_.back();
        active_.pop_back();
    }

    void finishCarving(LevelCanvas& canvas) {
        mark_ = {-1, -1};
        phase_ = hasRooms_ || trees_ > 1 ? Phase::Join : Phase::Braid;
        if (phase_ == Phase::Braid) startBraid(canvas);
    }

    Point pointOf(std::size_t cell) const {
        return {static_cast<int>(cell % static_cast<std::size_t>(width_)), static_cast<int>(cell / static_cast<std::size_t>(width_))};
    }

    // The newest cell, or with probability 1 - winding a random one. The draws are
    // skipped at the ends of the range, so a pure backtracker draws only directions.
    //
    // A random pick lands anywhere in a lattice of megabytes: its neighbours are not
    // in the cache. So the draw for the next random pick is taken now, and where it
    // would land today (the list's size changes little before it is used, and a
    // place moves by at most as many cells) is fetched while the maze grows
    // elsewhere: 3 % of the time at the default winding.
    std::size_t pickActive() {
        const std::size_t newest = active_.size() - 1;
        if (winding_ >= 1.0 || active_.size() == 1) return newest;
        if (winding_ > 0.0 && rng_.chance(windingOdds_)) return newest;
        const auto size = static_cast<std::uint32_t>(active_.size());
        const std::uint32_t pick = rng_.belowFrom(nextPickDraw_, size);
        nextPickDraw_ = rng_.next32();
        const std::uint32_t ahead = active_[Rng::scaled(nextPickDraw_, size)];
        const auto row = static_cast<std::ptrdiff_t>(latticeStride());
        __builtin_prefetch(&state_[ahead] - row);
        __builtin_prefetch(&state_[ahead]);
        __builtin_prefetch(&state_[ahead] + row);
        return pick;
    }

    // The doors between the rooms and the maze's trees, one a step; then the braid.
    bool openNextDoor(LevelCanvas& canvas) {
        if (!doorways_) {
            doorways_ = std::make_unique<maze::Doorways>(canvas, movement_, rng_);
            for (int ly = 0; ly < latticeHeight_; ++ly)
                for (int lx = 0; lx < latticeWidth_; ++lx)
                    if (state_[latticeIndex(lx, ly)] == Lattice::Carved) doorways_->markMaze(2 * lx + 1, 2 * ly + 1);
        }
        if (const std::optional<Point> door = doorways_->openNext(canvas, rng_, extraDoors_, door_, passage_)) {
            mark_ = *door;
            ++doorsOpened_;
            return true;
        }
        partsApart_ = doorways_->partsApart();
        doorways_.reset();
        if (partsApart_ > 1)
            warn("maze_parts_apart", std::to_string(partsApart_) + " parts of the level (rooms and maze) stay apart: no wall one or two cells thick lies "
                                     "between them; a connect_regions stage after the maze joins them");
        mark_ = {-1, -1};
        phase_ = Phase::Braid;
        startBraid(canvas);
        return false;
    }

    // The dead ends, found once the maze is joined, then opened one a step.
    void startBraid(LevelCanvas& canvas) {
        if (braidChance_ <= 0.0) {
            finish();
            return;
        }
        std::vector<std::uint8_t> passages(static_cast<std::size_t>(latticeWidth_) * static_cast<std::size_t>(latticeHeight_));
        for (int ly = 0; ly < latticeHeight_; ++ly) {
            const Lattice* row = &state_[latticeIndex(0, ly)];
            for (int lx = 0; lx < latticeWidth_; ++lx)
                passages[static_cast<std::size_t>(ly) * static_cast<std::size_t>(latticeWidth_) + static_cast<std::size_t>(lx)] = row[lx] == Lattice::Carved;
        }
        braid_.emplace(canvas, braidChance_, latticeWidth_, latticeHeight_, std::move(passages), rng_);
    }

    bool openNextLoop(LevelCanvas& canvas) {
        if (const std::optional<Point> opened = braid_->openNext(canvas, rng_, passage_, door_)) {
            mark_ = *opened;
            return true;
        }
        mark_ = {-1, -1};
        finish();
        return false;
    }

    Rng rng_;
    Connectivity movement_;
    int width_, height_;
    int latticeWidth_, latticeHeight_;
    double winding_;
    Odds windingOdds_; // winding_, for a draw a carve
    double braidChance_;
    double extraDoors_;
    bool aroundRooms_;
    Tile passage_, door_;

    Phase phase_ = Phase::Prepare;
    bool hasRooms_ = false;
    bool wallsToCheck_ = true;
    std::vector<Lattice> state_;
    std::vector<std::uint32_t> active_; // the growing tree's cells that may still grow (lattice indices)
    std::size_t nextFree_ = 0;
    std::uint32_t nextPickDraw_ = 0; // drawn at the previous random pick (pickActive)
    int trees_ = 0;
    int carved_ = 0;

    std::unique_ptr<maze::Doorways> doorways_; // while the doors open
    int partsApart_ = 0;
    int doorsOpened_ = 0;

    std::optional<maze::Braid> braid_; // once the maze is joined
    Point mark_{-1, -1};
};

} // namespace

StageType mazeStage() {
    StageType type;
    type.id = "maze";
    type.label = "Maze";
    type.technique = "A growing-tree maze on the odd lattice, around rooms, braided";
    type.params = {
        realParam("braid", "Braid", 0.0, 0.0, 1.0,
                  "Share of dead ends opened into loops: 0 is a perfect maze (one path between any two cells), 1 leaves no dead end"),
        realParam("winding", "Winding", 0.75, 0.0, 1.0,
                  "How often the maze goes on from its newest passage: 1 gives long winding corridors (a backtracker), "
                  "0 short branches everywhere (Prim's)"),
        boolParam("around_rooms", "Around rooms", true,
                  "Carve around what earlier stages opened and join it through doors (rooms and mazes); off: start from solid rock"),
        realParam("extra_doors", "Extra doors", 0.0, 0.0, 1.0,
                  "Chance that a wall between a room and a passage already joined gets a door too (more ways in and out)"),
        tileParam("passage_tile", "Passage tile", "corridor", {"corridor", "floor"}, ProjectKinds::Walkable,
                  "What passages are carved as: corridor, floor or a walkable tile kind of the project's own"),
        tileParam("door_tile", "Door tile", "door", {"door", "floor", "corridor"}, ProjectKinds::Walkable,
                  "What joins a room to the maze: a door, open ground or a walkable tile kind of the project's own"),
    };
    type.sizeProblem = [](const ParamValues&, const LevelSize& size) -> std::optional<std::string> {
        if (size.width >= kLeastSide && size.height >= kLeastSide) return std::nullopt;
        return "a maze needs a level at least " + std::to_string(kLeastSide) + " x " + std::to_string(kLeastSide) +
               " (two passages each way, walls between and around them); this one is " + std::to_string(size.width) + " x " +
               std::to_string(size.height);
    };
    type.create = stageFactory<Maze>();
    return type;
}

} // namespace burrow
