// Adding loops (Brogue's addLoops): opens a wall, or digs a short straight corridor,
// between two walkable cells when walking from one to the other takes at least
// `min_detour` times the cells between them, so a dead-end-heavy level gains the
// shortcuts that make it play better.
//
// Brogue searches the walk for each candidate wall: a search per candidate, the area
// squared. Here a few distance fields stand in for those searches. The first grows
// from one cell of every region at once (the start's region from the start); each
// next one from the cell of each region furthest from every field so far. For a pair
// of cells of one region the walk between them is at least the difference of their
// distances in any field (the triangle inequality), so the largest difference over
// the fields is a lower bound of the detour: a candidate it clears is a real one.
// The best candidates go first, each weighed again against the loops opened before
// it: a walk that uses one of them reaches one of its ends, crosses a loop and leaves
// from an end, so it is at least the nearest ends' bounds plus the shortest loop. The
// fields never need mending, and two loops never shortcut the same detour.
//
// Cells of different regions are never joined (connect_regions does that, and a
// region behind a door that does not open stays behind it). Cost: the fields are a
// few breadth-first passes over the depth, the candidates one pass, then at most
// max_loops x 64 candidates weighed against at most 2 x max_loops loop ends.
#include "regions/add_loops.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "model/directions.h"
#include "regions/region_map.h"

namespace burrow {
namespace loop_detail {

// How many distance fields stand in for the walks: more give tighter bounds.
constexpr int kFields = 2;
// Candidates weighed again, at most, for each loop asked for.
constexpr std::size_t kCandidatesPerLoop = 64;

struct Candidate {
    std::uint32_t a = 0, b = 0; // the walkable cells joined, as indices of the padded grid
    int length = 0;             // rock cells to open between them (1: a wall)
    bool horizontal = true;
    int bound = 0;              // the walk between a and b is at least this
    std::uint32_t tieBreak = 0;
};

class AddLoops final : public Stage {
public:
    AddLoops(const ParamValues& params, StageSetup setup)
        : rng_(setup.rng), movement_(setup.movement), minDetour_(params.real("min_detour")), maxLoops_(params.integer("max_loops")),
          longest_(params.integer("longest_corridor")), tile_(params.tile("tile", *setup.kinds)) {}

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (!planned_) {
            plan(canvas);
            return;
        }
        while (next_ < candidates_.size() && opened_ < maxLoops_) {
            Candidate& c = candidates_[next_++];
            if (boundOf(c) < threshold(c)) continue; // an earlier loop may have made this walk short
            open(canvas, c);
            describe("opened loop " + std::to_string(opened_) + ": a walk of at least " + std::to_string(c.bound) + " steps became " +
                     std::to_string(c.length + 1));
            return;
        }
        describe("opened " + std::to_string(opened_) + " loops");
        mark_ = {};
        finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (mark_.width > 0) out.push_back(Annotation::over(Annotation::Kind::Area, mark_.x, mark_.y, mark_.width, mark_.height));
    }

private:
    int threshold(const Candidate& c) const { return static_cast<int>(std::ceil(minDetour_ * (c.length + 1))); }

    // A loop joins open ground, never a door or stairs.
    static bool joinable(const TileKinds& kinds, Tile t) { return kinds.walkable(t) && !isPassage(t); }

    // The grid with a border of rock a cell wide, so a step never needs a bounds check.
    std::uint32_t padded(int x, int y) const { return static_cast<std::uint32_t>((y + 1) * stride_ + x + 1); }

    void plan(LevelCanvas& canvas) {
        planned_ = true;
        const TileGrid& grid = canvas.grid();
        const TileKinds& kinds = canvas.level().kinds;
        width_ = grid.width();
        height_ = grid.height();
        stride_ = width_ + 2;
        walkable_.assign(static_cast<std::size_t>(stride_) * static_cast<std::size_t>(height_ + 2), 0);
        for (int y = 0; y < height_; ++y)
            for (int x = 0; x < width_; ++x) walkable_[padded(x, y)] = kinds.walkable(grid(x, y)) ? 1 : 0;
        for (int s = 0; s < stepCount(movement_); ++s)
            offsets_.push_back(kSteps[static_cast<std::size_t>(s)].y * stride_ + kSteps[static_cast<std::size_t>(s)].x);
        regions_ = labelRegions(grid, movement_, kinds);
        growFields(canvas);
        findCandidates(grid, kinds);
        describe(std::to_string(candidates_.size()) + " places where a loop would save a long walk");
    }

    // Field 0 from each region's start (the start marker's region from it); each
    // next one from the cell of each region furthest from all fields so far.
    void growFields(LevelCanvas& canvas) {
        std::vector<std::uint32_t> sources(static_cast<std::size_t>(regions_.count()) + 1, kNone);
        for (const Marker& m : canvas.level().markers)
            if (m.name == "start" && m.at.z == canvas.depth() && regions_.labels(m.at.x, m.at.y) > 0)
                sources[static_cast<std::size_t>(regions_.labels(m.at.x, m.at.y))] = padded(m.at.x, m.at.y);
        for (int y = 0; y < height_; ++y)
            for (int x = 0; x < width_; ++x) {
                const int label = regions_.labels(x, y);
                if (label > 0 && sources[static_cast<std::size_t>(label)] == kNone) sources[static_cast<std::size_t>(label)] = padded(x, y);
            }
        std::vector<std::int32_t> nearest(walkable_.size(), std::numeric_limits<std::int32_t>::max());
        fields_.assign(kFields, std::vector<std::int32_t>(walkable_.size(), -1));
        std::vector<std::uint32_t> queue;
        queue.reserve(walkable_.size());
        for (std::size_t f = 0; f < fields_.size(); ++f) {
            queue.clear();
            for (std::uint32_t s : sources)
                if (s != kNone) {
                    fields_[f][s] = 0;
                    queue.push_back(s);
                }
            spread(fields_[f], queue);
            // The next sources: each region's cell furthest from every field so far.
            std::vector<std::int32_t> furthest(sources.size(), -1);
            for (int y = 0; y < height_; ++y)
                for (int x = 0; x < width_; ++x) {
                    const int label = regions_.labels(x, y);
                    if (label <= 0) continue;
                    const std::uint32_t i = padded(x, y);
                    nearest[i] = std::min(nearest[i], fields_[f][i]);
                    if (nearest[i] > furthest[static_cast<std::size_t>(label)]) {
                        furthest[static_cast<std::size_t>(label)] = nearest[i];
                        sources[static_cast<std::size_t>(label)] = i;
                    }
                }
        }
    }

    // Breadth-first from the cells in `queue` (their distances set), by the project's movement.
    void spread(std::vector<std::int32_t>& field, std::vector<std::uint32_t>& queue) const {
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const std::uint32_t at = queue[head];
            const std::int32_t next = field[at] + 1;
            for (const int offset : offsets_) {
                const std::uint32_t n = at + static_cast<std::uint32_t>(offset);
                if (!walkable_[n] || field[n] >= 0) continue;
                field[n] = next;
                queue.push_back(n);
            }
        }
    }

    // Straight runs of diggable rock, 1 to longest_corridor cells, between two open
    // cells of one region, their sides rock (a loop, not a breach into something
    // else); the best `max_loops` x 64 by their bound, in that order.
    void findCandidates(const TileGrid& grid, const TileKinds& kinds) {
        for (int y = 0; y < height_; ++y)
            for (int x = 0; x < width_; ++x) {
                if (!joinable(kinds, grid(x, y))) continue;
                for (const bool horizontal : {true, false}) {
                    Candidate c;
                    c.horizontal = horizontal;
                    c.a = padded(x, y);
                    if (!runFrom(grid, kinds, x, y, c)) continue;
                    c.bound = boundOf(c);
                    if (c.bound < threshold(c)) continue;
                    c.tieBreak = rng_.next32();
                    candidates_.push_back(c);
                }
            }
        const auto better = [](const Candidate& p, const Candidate& q) {
            const long long lp = static_cast<long long>(p.bound) * (q.length + 1), lq = static_cast<long long>(q.bound) * (p.length + 1);
            return lp != lq ? lp > lq : p.tieBreak < q.tieBreak;
        };
        const std::size_t keep = std::min(candidates_.size(), static_cast<std::size_t>(maxLoops_) * kCandidatesPerLoop);
        std::nth_element(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(keep), candidates_.end(), better);
        candidates_.resize(keep);
        std::sort(candidates_.begin(), candidates_.end(), better);
    }

    bool runFrom(const TileGrid& grid, const TileKinds& kinds, int x, int y, Candidate& c) const {
        const int dx = c.horizontal ? 1 : 0, dy = c.horizontal ? 0 : 1;
        for (int k = 1; k <= longest_ + 1; ++k) {
            const int px = x + dx * k, py = y + dy * k;
            if (px >= width_ || py >= height_) return false;
            const Tile t = grid(px, py);
            if (kinds.walkable(t)) {
                if (k == 1 || !joinable(kinds, t)) return false;
                c.b = padded(px, py);
                c.length = k - 1;
                return regions_.labels(x, y) == regions_.labels(px, py);
            }
            if (!kinds.diggable(t) && t != Tile::Void) return false;
            // Its sides stay rock, so the loop opens only between a and b.
            if (walkable_[padded(px + dy, py + dx)] || walkable_[padded(px - dy, py - dx)]) return false;
        }
        return false;
    }

    // A walk between two cells of one region, on the level as it was, is at least their
    // distances' difference in any field.
    int fieldBound(std::uint32_t u, std::uint32_t v) const {
        int bound = 0;
        for (const auto& field : fields_) bound = std::max(bound, std::abs(field[u] - field[v]));
        return bound;
    }

    // The walk between a candidate's cells now: on the level as it was, or through at
    // least one of the loops opened since, which means reaching one of their ends from
    // a, crossing one, and reaching b from one of their ends: at least the nearest end
    // from each, plus the shortest loop. So the fields need no mending.
    int boundOf(const Candidate& c) const {
        int bound = fieldBound(c.a, c.b);
        if (loopEnds_.empty()) return bound;
        int fromA = std::numeric_limits<int>::max(), fromB = std::numeric_limits<int>::max();
        for (std::uint32_t end : loopEnds_) {
            fromA = std::min(fromA, fieldBound(c.a, end));
            fromB = std::min(fromB, fieldBound(end, c.b));
        }
        return std::min(bound, fromA + shortestLoop_ + fromB);
    }

    void open(LevelCanvas& canvas, Candidate& c) {
        const int ax = static_cast<int>(c.a % static_cast<std::uint32_t>(stride_)) - 1, ay = static_cast<int>(c.a / static_cast<std::uint32_t>(stride_)) - 1;
        const int dx = c.horizontal ? 1 : 0, dy = c.horizontal ? 0 : 1;
        mark_ = {ax + dx, ay + dy, c.horizontal ? c.length : 1, c.horizontal ? 1 : c.length};
        for (int k = 1; k <= c.length; ++k) canvas.set(ax + dx * k, ay + dy * k, tile_);
        loopEnds_.push_back(c.a);
        loopEnds_.push_back(c.b);
        shortestLoop_ = std::min(shortestLoop_, c.length + 1);
        ++opened_;
    }

    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    Rng rng_;
    Connectivity movement_;
    double minDetour_;
    int maxLoops_, longest_;
    Tile tile_;
    bool planned_ = false;
    int width_ = 0, height_ = 0, stride_ = 0;
    std::vector<std::uint8_t> walkable_; // padded
    std::vector<int> offsets_;           // kSteps as index offsets in the padded grid
    RegionMap regions_;
    std::vector<std::vector<std::int32_t>> fields_;
    std::vector<Candidate> candidates_;
    std::size_t next_ = 0;
    std::vector<std::uint32_t> loopEnds_;
    int shortestLoop_ = std::numeric_limits<int>::max();
    int opened_ = 0;
    Rect mark_;
};

} // namespace loop_detail

StageType addLoopsStage() {
    StageType type;
    type.id = "add_loops";
    type.label = "Add loops";
    type.technique = "Opens walls where a short way through would save a long walk round (Brogue's loops)";
    type.params = {
        realParam("min_detour", "Least detour", 5.0, 1.5, 100.0,
                  "A wall opens only where walking round takes at least this many times the cells it would cut through"),
        intParam("max_loops", "Most loops", 8, 0, 1000, "How many loops at most"),
        intParam("longest_corridor", "Longest dig", 3, 1, 20, "The most cells of rock one loop may dig through (1: single walls only)"),
        tileParam("tile", "Tile", "floor", {"floor", "corridor"}, ProjectKinds::Walkable, "What an opened wall becomes"),
    };
    type.create = stageFactory<loop_detail::AddLoops>();
    return type;
}

} // namespace burrow
