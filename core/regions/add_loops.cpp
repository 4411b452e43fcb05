// Adding loops (Brogue's addLoops): opens a wall, or digs a short straight corridor,
// between two walkable cells when walking from one to the other takes at least
// `min_detour` times the cells between them, so a dead-end-heavy level gains the
// shortcuts that make it play better.
//
// Brogue searches the walk for each candidate wall: a search per candidate, the area
// squared. Here two distance fields stand in for those searches. The first grows
// from one cell of every region (the start's region from the start), labelling the
// regions as it goes; the second from the cell of each region furthest from the
// first, two ends of a long walk. For a pair
// of cells of one region the walk between them is at least the difference of their
// distances in any field (the triangle inequality), so the largest difference over
// the fields is a lower bound of the detour: a candidate it clears is a real one.
// The best candidates go first, each weighed again against the loops opened before
// it: a walk that uses one of them reaches one of its ends, crosses a loop and leaves
// from an end, so it is at least the nearest ends' bounds plus the shortest loop. The
// fields never need mending, and two loops never shortcut the same detour.
//
// Cells of different regions are never joined (connect_regions does that, and a
// region behind a door that does not open stays behind it). Cost: one pass to read
// the level, two breadth-first searches, the candidates one pass, then at most
// max_loops x 64 candidates weighed against at most 2 x max_loops loop ends.
#include "regions/add_loops.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/byte_order.h"
#include "model/directions.h"
#include "regions/neighbour_words.h"

namespace burrow {
namespace loop_detail {

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
            if (boundOf(c) < thresholds_[static_cast<std::size_t>(c.length)]) continue; // an earlier loop may have made this walk short
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
    // What each cell of the padded grid is to this stage, in a byte, so the passes
    // below stay in the cache: walkable, and then open ground a loop may join (not a
    // door or stairs); else rock it may dig (or the void); neither stops a dig. A
    // search marks the cells it has reached in the same byte.
    static constexpr std::uint8_t kWalkable = 1, kJoinable = 2, kDiggable = 4, kReached = 8;

    // The grid with a border a cell wide, so a step never needs a bounds check.
    std::uint32_t padded(int x, int y) const { return static_cast<std::uint32_t>((y + 1) * stride_ + x + 1); }

    void plan(LevelCanvas& canvas) {
        planned_ = true;
        classify(canvas.grid(), canvas.level().kinds);
        for (int s = 0; s < stepCount(movement_); ++s)
            offsets_.push_back(static_cast<std::uint32_t>(kSteps[static_cast<std::size_t>(s)].y * stride_ + kSteps[static_cast<std::size_t>(s)].x));
        if (movement_ == Connectivity::Eight) queueSteps_.emplace(stride_);
        for (int length = 0; length <= longest_; ++length) thresholds_.push_back(static_cast<int>(std::ceil(minDetour_ * (length + 1))));
        growFields(canvas);
        findCandidates();
        describe(std::to_string(candidates_.size()) + " places where a loop would save a long walk");
    }

    void classify(const TileGrid& grid, const TileKinds& kinds) {
        width_ = grid.width();
        height_ = grid.height();
        stride_ = width_ + 2;
        const std::size_t cells = static_cast<std::size_t>(stride_) * static_cast<std::size_t>(height_ + 2);
        std::array<std::uint8_t, 256> classOf{}; // what each kind of tile is here
        for (std::size_t k = 0; k < classOf.size(); ++k) {
            const Tile t = static_cast<Tile>(k);
            if (kinds.walkable(t))
                classOf[k] = isPassage(t) ? kWalkable : kWalkable | kJoinable;
            else if (kinds.diggable(t) || t == Tile::Void)
                classOf[k] = kDiggable;
        }
        cells_.assign(cells + 3, 0); // the border stops everything; three bytes more for spreadBy<8>'s words
        std::size_t walkable = 0;
        for (int y = 0; y < height_; ++y) {
            const Tile* from = grid.row(y);
            std::uint8_t* to = cells_.data() + padded(0, y);
            for (int x = 0; x < width_; ++x) {
                to[x] = classOf[static_cast<std::uint8_t>(from[x])];
                walkable += to[x] & kWalkable;
            }
        }
        // Read only where walkable, and every walkable cell is reached: left unset.
        fromStarts_ = std::make_unique_for_overwrite<std::int32_t[]>(cells);
        fromFurthest_ = std::make_unique_for_overwrite<std::int32_t[]>(cells);
        queue_.resize(walkable + 8); // a search writes a step past its end before it knows the cell is new
    }

    // The first field grows from each region's start: the start marker's region from
    // it, every other region from its first cell in reading order, one region after
    // another, so it labels them as it goes (only once there is a second: most levels
    // have one). The second grows from each region's cell furthest from the first
    // (the first in reading order of those), which the first finds as it goes.
    void growFields(LevelCanvas& canvas) {
        std::vector<std::uint32_t> furthest;
        std::size_t queued = 0;
        const auto region = [&](std::uint32_t source) {
            if (++regions_ == 2) {
                regionOf_ = std::make_unique_for_overwrite<std::uint32_t[]>(cells_.size());
                for (std::size_t i = 0; i < queued; ++i) regionOf_[queue_[i]] = 1;
            }
            const std::size_t first = queued;
            cells_[source] |= kReached;
            queue_[queued++] = source;
            std::uint32_t far = source;
            std::int32_t farthest = 0;
            queued = spread(fromStarts_.get(), first, queued, [&](std::uint32_t at, std::int32_t distance) {
                if (regions_ > 1) regionOf_[at] = regions_;
                if (distance > farthest || at < far) far = at, farthest = distance; // by distance, then reading order
            });
            furthest.push_back(far);
        };
        // The last start marker of a region is its start, as a later marker wins.
        const auto& markers = canvas.level().markers;
        for (auto m = markers.rbegin(); m != markers.rend(); ++m)
            if (m->name == "start" && m->at.z == canvas.depth() && canvas.grid().contains(m->at.x, m->at.y) &&
                (cells_[padded(m->at.x, m->at.y)] & (kWalkable | kReached)) == kWalkable)
                region(padded(m->at.x, m->at.y));
        for (std::uint32_t i = nextUnreached(0); i < cells_.size(); i = nextUnreached(i + 1)) region(i);
        for (std::uint8_t& cell : cells_) cell &= static_cast<std::uint8_t>(~kReached);
        queued = 0;
        for (std::uint32_t s : furthest) {
            cells_[s] |= kReached;
            queue_[queued++] = s;
        }
        spread(fromFurthest_.get(), 0, queued, [](std::uint32_t, std::int32_t) {});
    }

    // The first walkable cell not reached yet at or after `i`, or the end: eight
    // cells at a time, as most levels hold one region and the first search reached it.
    std::uint32_t nextUnreached(std::uint32_t i) const {
        static_assert(kWalkable == 1 && kReached == 8);
        constexpr std::uint64_t kLowBits = 0x0101010101010101u;
        const auto size = static_cast<std::uint32_t>(cells_.size());
        for (; i + 8 <= size; i += 8) {
            std::uint64_t eight = 0;
            std::memcpy(&eight, &cells_[i], 8);
            // Bit 0 of each byte: walkable and not reached.
            if (const std::uint64_t unreached = eight & ~(eight >> 3) & kLowBits) return i + static_cast<std::uint32_t>(std::countr_zero(unreached) / 8);
        }
        for (; i < size; ++i)
            if ((cells_[i] & (kWalkable | kReached)) == kWalkable) return i;
        return size;
    }

    // Breadth-first from queue_[head, tail), all at distance 0, by the project's
    // movement, a distance at a time; `reached(cell, distance)` hears of each cell as
    // it is taken from the queue. Returns the queue's new tail.
    template <typename Reached>
    std::size_t spread(std::int32_t* field, std::size_t head, std::size_t tail, Reached reached) {
        return offsets_.size() == 4 ? spreadBy<4>(field, head, tail, reached) : spreadBy<8>(field, head, tail, reached);
    }

    // The search is the stage's hot loop: the steps' count is known to the compiler,
    // which unrolls them, and a step reads only the cells' bytes. Under 8 directions
    // a cell's neighbours are read and written as three words
    // (regions/neighbour_words.h).
    template <std::size_t Steps, typename Reached>
    std::size_t spreadBy(std::int32_t* field, std::size_t head, std::size_t tail, Reached reached) {
        std::array<std::uint32_t, Steps> offsets{};
        std::copy_n(offsets_.begin(), Steps, offsets.begin());
        std::uint8_t* const cells = cells_.data();
        std::uint32_t* const queue = queue_.data();
        const std::size_t from = head;
        layerEnds_.clear();
        for (std::int32_t distance = 0; head < tail; ++distance) {
            for (const std::size_t end = tail; head < end; ++head) {
                const std::uint32_t at = queue[head];
                reached(at, distance);
                if constexpr (Steps == 8) tail = spreadByWords(cells, at, queue, tail);
                else
                    // Without a branch: whether a neighbour is new is a coin toss on most
                    // levels, and a mispredicted branch costs more than the writes.
                    for (const std::uint32_t offset : offsets) {
                        const std::uint32_t n = at + offset;
                        const bool fresh = (cells[n] & (kWalkable | kReached)) == kWalkable;
                        cells[n] |= static_cast<std::uint8_t>(fresh ? kReached : 0);
                        queue[tail] = n;
                        tail += fresh;
                    }
            }
            layerEnds_.push_back(static_cast<std::uint32_t>(head));
        }
        // The distances written after the search, a distance at a time: written during
        // it, the field (four bytes a cell, more than the cache holds) pushed the cells'
        // bytes the search reads out of the cache.
        std::size_t i = from;
        for (std::size_t distance = 0; distance < layerEnds_.size(); ++distance)
            for (; i < layerEnds_[distance]; ++i) field[queue[i]] = static_cast<std::int32_t>(distance);
        return tail;
    }

    // Queues the new neighbours of `at` under 8 directions (walkable, not reached),
    // marking them reached; returns the queue's new tail.
    std::size_t spreadByWords(std::uint8_t* cells, std::uint32_t at, std::uint32_t* queue, std::size_t tail) const {
        namespace nw = neighbour_words;
        static_assert(kWalkable == 1 && kReached == 8, "bit 0 of a byte is walkable, bit 3 reached");
        constexpr std::uint32_t kEach = 0x01010101u;
        const nw::Neighbourhood around(cells, at, stride_);
        return around.spread([](std::uint32_t w, std::uint32_t mask) { return w & ~(w >> 3) & mask & kEach; }, // walkable, not reached
                             [](std::uint32_t w, std::uint32_t fresh, nw::Neighbourhood::Row) { return w | fresh << 3; }, queue, tail, *queueSteps_);
    }

    // Straight runs of diggable rock, 1 to longest_corridor cells, between two open
    // cells of one region, their sides rock (a loop, not a breach into something
    // else); the best `max_loops` x 64 by their bound, in that order.
    void findCandidates() {
        const std::size_t keep = static_cast<std::size_t>(maxLoops_) * kCandidatesPerLoop;
        // Room for whole words of eight cells: the bytes past the row start nothing.
        const std::size_t words = (static_cast<std::size_t>(width_) + 63) / 64;
        std::vector<std::uint8_t> starts(words * 64);
        std::vector<std::uint64_t> right(words), below(words);
        for (int y = 0; y < height_; ++y) {
            findStarts(padded(0, y), starts);
            startBits(starts, right, below);
            // Only the cells that start a run, by their bits: a test a cell, whether it
            // starts one, was a coin toss the CPU mispredicted on a maze.
            for (std::size_t w = 0; w < words; ++w)
                for (std::uint64_t any = right[w] | below[w]; any != 0; any &= any - 1) {
                    const int bit = std::countr_zero(any);
                    const int x = static_cast<int>(w * 64) + bit;
                    if (right[w] >> bit & 1) consider(padded(x, y), true, keep);
                    if (below[w] >> bit & 1) consider(padded(x, y), false, keep);
                }
        }
        std::sort_heap(candidates_.begin(), candidates_.end(), better);
    }

    // The run from `a` one way, kept if it is among the best.
    void consider(std::uint32_t a, bool horizontal, std::size_t keep) {
        Candidate c;
        c.horizontal = horizontal;
        c.a = a;
        if (!runFrom(c)) return;
        c.bound = boundOf(c);
        if (c.bound < thresholds_[static_cast<std::size_t>(c.length)]) return;
        c.tieBreak = rng_.next32();
        keepIfBest(c, keep);
    }

    // The start bytes as bits, a word a 64 cells: bit 0 of a byte (a run to the right)
    // into `right`, bit 1 (a run down) into `below`. Eight bytes at a time, by a
    // multiply that gathers their low bits into one byte.
    static void startBits(const std::vector<std::uint8_t>& starts, std::vector<std::uint64_t>& right, std::vector<std::uint64_t>& below) {
        constexpr std::uint64_t kLowBits = 0x0101010101010101u, kGather = 0x0102040810204080u;
        for (std::size_t w = 0; w < right.size(); ++w) {
            std::uint64_t r = 0, b = 0;
            for (std::size_t k = 0; k < 8; ++k) {
                std::uint64_t eight = 0;
                std::memcpy(&eight, &starts[w * 64 + k * 8], 8);
                // Byte i's bit lands at bit 56 + i (little-endian, so cell order).
                r |= (((eight & kLowBits) * kGather) >> 56) << (k * 8);
                b |= ((((eight >> 1) & kLowBits) * kGather) >> 56) << (k * 8);
            }
            right[w] = r;
            below[w] = b;
        }
    }

    // Which cells of a row may start a run: open ground with rock beside it, that
    // rock's sides rock too; bit 0 for a run to the right, bit 1 for one down (each
    // exactly where runFrom's first step goes on). Branch-free, so the compiler runs
    // it on many cells at once, and the candidates' pass skips the rest. `starts` is
    // longer than the row: the rest stays zero.
    void findStarts(std::uint32_t row, std::vector<std::uint8_t>& starts) const {
        // The row and those above and below it (the border gives every cell both).
        const std::uint8_t* here = cells_.data() + row;
        const std::uint8_t* up = here - stride_;
        const std::uint8_t* down = here + stride_;
        const auto width = static_cast<std::ptrdiff_t>(width_);
        for (std::ptrdiff_t x = 0; x < width; ++x) { // signed: down[x - 1] at x = 0 is the border
            const std::uint8_t right = here[x + 1], below = down[x];
            const std::uint8_t rightSides = up[x + 1] | down[x + 1], belowSides = down[x - 1] | down[x + 1];
            // Zero where the cell is diggable, not walkable, and its sides not walkable.
            const std::uint8_t notRockRight = ((right & (kWalkable | kDiggable)) ^ kDiggable) | (rightSides & kWalkable);
            const std::uint8_t notRockBelow = ((below & (kWalkable | kDiggable)) ^ kDiggable) | (belowSides & kWalkable);
            const std::uint8_t joinable = (here[x] & kJoinable) >> 1; // kJoinable is 2
            starts[static_cast<std::size_t>(x)] = static_cast<std::uint8_t>((joinable & (notRockRight == 0 ? 1 : 0)) | (joinable & (notRockBelow == 0 ? 1 : 0)) << 1);
        }
    }

    // The best `keep` so far, in a heap with the worst of them on top: most
    // candidates are weighed against it alone and dropped.
    void keepIfBest(const Candidate& c, std::size_t keep) {
        if (candidates_.size() < keep) {
            candidates_.push_back(c);
            std::push_heap(candidates_.begin(), candidates_.end(), better);
        } else if (keep > 0 && better(c, candidates_.front())) {
            std::pop_heap(candidates_.begin(), candidates_.end(), better);
            candidates_.back() = c;
            std::push_heap(candidates_.begin(), candidates_.end(), better);
        }
    }

    // Which candidate goes first: the larger share of detour to dig, then the stage's
    // own draw, then the cell (a strict order, so every library sorts alike).
    static bool better(const Candidate& p, const Candidate& q) {
        const long long lp = static_cast<long long>(p.bound) * (q.length + 1), lq = static_cast<long long>(q.bound) * (p.length + 1);
        if (lp != lq) return lp > lq;
        if (p.tieBreak != q.tieBreak) return p.tieBreak < q.tieBreak;
        return p.a != q.a ? p.a < q.a : p.horizontal && !q.horizontal;
    }

    bool runFrom(Candidate& c) const {
        const std::uint32_t along = c.horizontal ? 1u : static_cast<std::uint32_t>(stride_);
        const std::uint32_t side = c.horizontal ? static_cast<std::uint32_t>(stride_) : 1u;
        std::uint32_t at = c.a;
        for (int k = 1; k <= longest_ + 1; ++k) {
            at += along;
            const std::uint8_t cell = cells_[at];
            if (cell & kWalkable) {
                if (k == 1 || (cell & kJoinable) == 0) return false;
                c.b = at;
                c.length = k - 1;
                return regions_ == 1 || regionOf_[c.a] == regionOf_[at];
            }
            if ((cell & kDiggable) == 0) return false;
            // Its sides stay rock, so the loop opens only between a and b.
            if ((cells_[at + side] | cells_[at - side]) & kWalkable) return false;
        }
        return false;
    }

    // A walk between two cells of one region, on the level as it was, is at least their
    // distances' difference in either field.
    int fieldBound(std::uint32_t u, std::uint32_t v) const {
        return std::max(std::abs(fromStarts_[u] - fromStarts_[v]), std::abs(fromFurthest_[u] - fromFurthest_[v]));
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


    Rng rng_;
    Connectivity movement_;
    double minDetour_;
    int maxLoops_, longest_;
    Tile tile_;
    bool planned_ = false;
    int width_ = 0, height_ = 0, stride_ = 0;
    std::vector<std::uint8_t> cells_;        // padded, kWalkable and the rest
    std::vector<std::uint32_t> offsets_;     // kSteps as index offsets in the padded grid (wrapping)
    std::optional<neighbour_words::QueueSteps> queueSteps_; // under 8 directions
    std::vector<int> thresholds_;            // the least bound a dig of each length needs
    std::unique_ptr<std::int32_t[]> fromStarts_, fromFurthest_; // padded distance fields
    std::uint32_t regions_ = 0;
    std::unique_ptr<std::uint32_t[]> regionOf_; // padded region numbers from 1, once there are two
    std::vector<std::uint32_t> queue_;       // a search's cells, each walkable cell once
    std::vector<std::uint32_t> layerEnds_;   // scratch: where each distance's cells end in the queue
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
