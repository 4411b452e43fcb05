#include "generators/maze_braid.h"

#include <span>
#include <utility>

#include "generators/maze_doorways.h"

namespace burrow::maze {

Braid::Braid(const LevelCanvas& canvas, double braid, int latticeWidth, int latticeHeight, std::vector<std::uint8_t> passages, Rng& rng)
    : braid_(braid), braidOdds_(braid), width_(canvas.width()), height_(canvas.height()), latticeWidth_(latticeWidth), latticeHeight_(latticeHeight), passages_(std::move(passages)) {
    for (int ly = 0; ly < latticeHeight_; ++ly)
        for (int lx = 0; lx < latticeWidth_; ++lx)
            if (isPassage(lx, ly) && openNeighbours(canvas, 2 * lx + 1, 2 * ly + 1) == 1)
                deadEnds_.push_back(static_cast<std::uint32_t>(ly * latticeWidth_ + lx));
    rng.shuffle(std::span<std::uint32_t>(deadEnds_));
}

int Braid::openNeighbours(const LevelCanvas& canvas, int x, int y) const {
    const TileKinds& kinds = canvas.level().kinds;
    int open = 0;
    for (int d = 0; d < 4; ++d) {
        const int nx = x + kDx[d], ny = y + kDy[d];
        if (nx >= 0 && ny >= 0 && nx < width_ && ny < height_ && kinds.walkable(canvas.get(nx, ny))) ++open;
    }
    return open;
}

// Opens the wall from the next dead end to a passage beside it, preferring one that
// is a dead end too.
std::optional<Point> Braid::openNext(LevelCanvas& canvas, Rng& rng, Tile passage, Tile door) {
    while (next_ < deadEnds_.size()) {
        const auto lattice = static_cast<int>(deadEnds_[next_++]);
        const int x = 2 * (lattice % latticeWidth_) + 1, y = 2 * (lattice / latticeWidth_) + 1;
        if (openNeighbours(canvas, x, y) != 1) continue; // opened already by a neighbour
        if (braid_ < 1.0 && !rng.chance(braidOdds_)) continue;
        int choices[4], deadChoices[4];
        int count = 0, deadCount = 0;
        for (int d = 0; d < 4; ++d) {
            const int lx = x / 2 + kDx[d], ly = y / 2 + kDy[d];
            if (lx < 0 || ly < 0 || lx >= latticeWidth_ || ly >= latticeHeight_ || !isPassage(lx, ly)) continue;
            if (!carvable(canvas.get(x + kDx[d], y + kDy[d]))) continue;
            choices[count++] = d;
            if (openNeighbours(canvas, 2 * lx + 1, 2 * ly + 1) == 1) deadChoices[deadCount++] = d;
        }
        if (count == 0) {
            // Against a room's wall, no passage beside it: a way through into the room.
            if (auto opened = openIntoRoom(canvas, x, y, passage, door)) return opened;
            // Nothing to open into: at braid 1 the dead end is filled back in instead,
            // with the passage up to the nearest fork, so none is left.
            if (braid_ >= 1.0)
                if (auto filled = fillDeadEnd(canvas, x, y, passage, door)) return filled;
            continue;
        }
        const int d = deadCount > 0 ? deadChoices[rng.below(static_cast<std::uint32_t>(deadCount))] : choices[rng.below(static_cast<std::uint32_t>(count))];
        canvas.set(x + kDx[d], y + kDy[d], passage);
        ++loopsOpened_;
        return Point{x + kDx[d], y + kDy[d]};
    }
    return std::nullopt;
}

// A dead end one or two cells of rock from open ground it does not reach yet opens
// straight through to it, the cell by the room a door.
std::optional<Point> Braid::openIntoRoom(LevelCanvas& canvas, int x, int y, Tile passage, Tile door) {
    const TileKinds& kinds = canvas.level().kinds;
    for (int length = 1; length <= 2; ++length)
        for (int d = 0; d < 4; ++d) {
            const int tx = x + kDx[d] * (length + 1), ty = y + kDy[d] * (length + 1);
            if (tx < 0 || ty < 0 || tx >= width_ || ty >= height_ || !kinds.walkable(canvas.get(tx, ty))) continue;
            bool rock = true;
            for (int i = 1; i <= length; ++i) rock = rock && carvable(canvas.get(x + kDx[d] * i, y + kDy[d] * i));
            if (!rock) continue;
            for (int i = 1; i <= length; ++i) canvas.set(x + kDx[d] * i, y + kDy[d] * i, i == length ? door : passage);
            ++loopsOpened_;
            return Point{x + kDx[d], y + kDy[d]};
        }
    return std::nullopt;
}

// The dead end and the passage behind it back to rock, up to the nearest fork; the
// fork, or none when the cell was no passage.
std::optional<Point> Braid::fillDeadEnd(LevelCanvas& canvas, int x, int y, Tile passage, Tile door) {
    const TileKinds& kinds = canvas.level().kinds;
    bool filled = false;
    // Bounded by the cells of the level: each pass fills one for good.
    while (openNeighbours(canvas, x, y) == 1 && (canvas.get(x, y) == passage || canvas.get(x, y) == door)) {
        canvas.set(x, y, Tile::Wall);
        filled = true;
        for (int d = 0; d < 4; ++d) {
            const int nx = x + kDx[d], ny = y + kDy[d];
            if (nx >= 0 && ny >= 0 && nx < width_ && ny < height_ && kinds.walkable(canvas.get(nx, ny))) {
                x = nx;
                y = ny;
                break;
            }
        }
    }
    if (!filled) return std::nullopt;
    ++loopsOpened_;
    return Point{x, y};
}

} // namespace burrow::maze
