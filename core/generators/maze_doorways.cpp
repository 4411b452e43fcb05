#include "generators/maze_doorways.h"

#include <algorithm>
#include <numeric>
#include <span>

namespace burrow::maze {

class DisjointParts {
public:
    explicit DisjointParts(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
    int find(int i) {
        while (parent_[static_cast<std::size_t>(i)] != i) i = parent_[static_cast<std::size_t>(i)] = parent_[static_cast<std::size_t>(parent_[static_cast<std::size_t>(i)])];
        return i;
    }
    bool join(int a, int b) {
        a = find(a);
        b = find(b);
        if (a == b) return false;
        parent_[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
        return true;
    }

private:
    std::vector<int> parent_;
};

Doorways::Doorways(LevelCanvas& canvas, Connectivity movement, Rng& rng) : width_(canvas.width()), height_(canvas.height()) {
    labelParts(canvas, movement);
    findCandidates(canvas);
    rng.shuffle(std::span<Candidate>(candidates_));
    // Thin walls first: a door, not a door and a passage, wherever one will do.
    std::stable_partition(candidates_.begin(), candidates_.end(), [](const Candidate& w) { return w.length == 1; });
}

Doorways::~Doorways() = default;

// Each walkable cell's part, by a flood from each cell not labelled yet in reading order.
void Doorways::labelParts(LevelCanvas& canvas, Connectivity movement) {
    const TileKinds& kinds = canvas.level().kinds;
    const auto index = [this](int x, int y) { return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x); };
    part_.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), -1);
    std::vector<int> queue;
    const int directions = movement == Connectivity::Eight ? 8 : 4;
    constexpr int ax[8] = {1, 0, -1, 0, 1, 1, -1, -1};
    constexpr int ay[8] = {0, 1, 0, -1, 1, -1, 1, -1};
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
            if (part_[index(x, y)] >= 0 || !kinds.walkable(canvas.get(x, y))) continue;
            part_[index(x, y)] = partCount_;
            queue.assign(1, static_cast<int>(index(x, y)));
            for (std::size_t head = 0; head < queue.size(); ++head) {
                const int cx = queue[head] % width_, cy = queue[head] / width_;
                for (int d = 0; d < directions; ++d) {
                    const int nx = cx + ax[d], ny = cy + ay[d];
                    if (nx < 0 || ny < 0 || nx >= width_ || ny >= height_) continue;
                    int& p = part_[index(nx, ny)];
                    if (p >= 0 || !kinds.walkable(canvas.get(nx, ny))) continue;
                    p = partCount_;
                    queue.push_back(static_cast<int>(index(nx, ny)));
                }
            }
            ++partCount_;
        }
    joined_ = std::make_unique<DisjointParts>(static_cast<std::size_t>(partCount_));
    isMaze_.assign(static_cast<std::size_t>(partCount_), 0);
}

// Every wall one or two cells of rock thick, in a straight line between two parts.
void Doorways::findCandidates(const LevelCanvas& canvas) {
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
            const int from = part_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)];
            if (from < 0) continue;
            for (int d = 0; d < 4; ++d)
                for (int length = 1; length <= 2; ++length) {
                    const int tx = x + kDx[d] * (length + 1), ty = y + kDy[d] * (length + 1);
                    if (tx < 0 || ty < 0 || tx >= width_ || ty >= height_) break;
                    if (!carvable(canvas.get(x + kDx[d] * length, y + kDy[d] * length))) break;
                    const int to = part_[static_cast<std::size_t>(ty) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(tx)];
                    if (to < 0) continue;
                    if (from < to) candidates_.push_back({x + kDx[d], y + kDy[d], d, length, from, to});
                    break;
                }
        }
}

void Doorways::markMaze(int x, int y) {
    const int p = part_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)];
    if (p >= 0) isMaze_[static_cast<std::size_t>(p)] = 1;
}

std::optional<Point> Doorways::openNext(LevelCanvas& canvas, Rng& rng, double extraDoors, Tile door, Tile passage) {
    while (next_ < candidates_.size()) {
        const Candidate& w = candidates_[next_++];
        if (!carvable(canvas.get(w.x, w.y)) || (w.length == 2 && !carvable(canvas.get(w.x + kDx[w.dir], w.y + kDy[w.dir])))) continue;
        if (!joined_->join(w.a, w.b) && !(extraDoors > 0.0 && rng.chance(extraDoors))) continue;
        // The door stands beside the room; a passage leads on to the maze.
        const bool fromRoom = !isMaze_[static_cast<std::size_t>(w.a)];
        const bool toRoom = !isMaze_[static_cast<std::size_t>(w.b)];
        if (w.length == 1) canvas.set(w.x, w.y, fromRoom || toRoom ? door : passage);
        else {
            canvas.set(w.x, w.y, fromRoom ? door : passage);
            canvas.set(w.x + kDx[w.dir], w.y + kDy[w.dir], fromRoom || !toRoom ? passage : door);
        }
        return Point{w.x, w.y};
    }
    return std::nullopt;
}

int Doorways::partsApart() {
    int roots = 0;
    for (int p = 0; p < partCount_; ++p) roots += joined_->find(p) == p;
    return roots;
}

} // namespace burrow::maze
