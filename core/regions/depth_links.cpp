// Depth links (seed 004).
//
// For each pair of adjacent depths z and z+1, every pair of regions (one on each)
// that overlap on floor gets exactly one pair of stairs: down on z, up on z+1, at
// a shared floor cell chosen uniformly at random. Both cells must be plain ground
// (floor or corridor), so stairs never land on stairs, doors or water.
//
// Per depth pair: intersecting the two depths' runs lists the shared cells by
// region pair, and one random number per pair picks which of its cells. Steps:
// for each depth pair, top down, one that plans its stairs, then one per stairs
// pair.
//
// With "down_stairs": "far_from_up_stairs" each region pair's stairs go on the shared
// cell that walks furthest from the up stairs arriving on the upper depth (the first
// in row-major order among equals), so a player must cross every depth; the random
// cell stays where that region has no up stairs (depth 0, or a region the depth
// above does not reach). One search of the depth per depth: linear.
//
// A cell holds one stairs at most: depth z's cells already chosen for the up
// stairs of pair (z-1, z) are not candidates for pair (z, z+1)'s down stairs, so
// every pair is placed exactly as planned and each > has its < right below.
#include "regions/depth_links.h"

#include <algorithm>
#include <bit>
#include <span>
#include <utility>

#include "regions/reachability.h"
#include "model/bit_count.h"
#include "model/tile_masks.h"
#include "regions/region_map.h"

namespace burrow {
namespace {

// Floor = 1 and Corridor = 2: one unsigned comparison.
inline bool plainGround(Tile t) {
    static_assert(static_cast<int>(Tile::Floor) == 1 && static_cast<int>(Tile::Corridor) == 2);
    return static_cast<std::uint8_t>(static_cast<std::uint8_t>(t) - 1) <= 1;
}

// Region pair -> its number, numbered in order of first lookup. Open addressing
// with linear probing: one multiply and usually one probe per lookup, where
// std::unordered_map costs a node walk. Keys are never 0 (labels start at 1).
class PairNumbers {
public:
    // The pair's number, and whether it was new.
    std::pair<std::uint32_t, bool> find(std::uint64_t key) {
        if ((count_ + 1) * 2 > slots_.size()) grow();
        for (std::size_t i = slot(key);; i = (i + 1) & (slots_.size() - 1)) {
            if (slots_[i].key == key) return {slots_[i].value, false};
            if (slots_[i].key == 0) {
                slots_[i] = {key, static_cast<std::uint32_t>(count_++)};
                return {slots_[i].value, true};
            }
        }
    }

private:
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t value = 0;
    };
    std::size_t slot(std::uint64_t key) const { return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ull) >> shift_); }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
        shift_ = 64 - std::countr_zero(slots_.size());
        for (const Slot& s : old)
            if (s.key)
                for (std::size_t i = slot(s.key);; i = (i + 1) & (slots_.size() - 1))
                    if (slots_[i].key == 0) {
                        slots_[i] = s;
                        break;
                    }
    }

    std::vector<Slot> slots_;
    std::size_t count_ = 0;
    int shift_ = 64;
};

// One row of a depth as bits, bit x of word x / 64, with a word more than the row
// needs: its walkable cells (as labelling reads them), its plain ground, and where
// its runs start, with how many runs start before each word.
struct RowBits {
    std::vector<std::uint64_t> walkable, plain, starts;
    std::vector<std::uint32_t> startsBefore;

    void resize(std::size_t words) {
        for (auto* v : {&walkable, &plain, &starts}) v->assign(words, 0);
        startsBefore.assign(words, 0);
    }
    void read(const Tile* row, int width) {
        forEachRowWord(row, width, [this](std::size_t k, const Tile* cells) { readWord(cells, k); });
        std::uint64_t carry = 0;
        std::uint32_t before = 0;
        for (std::size_t k = 0; k < walkable.size(); ++k) {
            starts[k] = walkable[k] & ~((walkable[k] << 1) | carry);
            carry = walkable[k] >> 63;
            startsBefore[k] = before;
            before += bitCount(starts[k]);
        }
    }
    // The index in the row of the run holding walkable cell x.
    std::uint32_t runAt(int x) const {
        const auto k = static_cast<std::size_t>(x >> 6);
        const std::uint64_t upToX = (std::uint64_t{2} << (x & 63)) - 1; // bits 0 .. x & 63 (all, for 63)
        return startsBefore[k] + bitCount(starts[k] & upToX) - 1;
    }

private:
    void readWord(const Tile* cells, std::size_t k) {
        std::uint64_t w = 0, p = 0;
        for (int b = 0; b < 8; ++b) {
            w |= static_cast<std::uint64_t>(walkableMask(cells + b * 8)) << (b * 8);
            p |= static_cast<std::uint64_t>(tileRangeMask(cells + b * 8, 1, 3)) << (b * 8); // floor and corridor
        }
        walkable[k] = w;
        plain[k] = p;
    }
};

// How many of cells x0 <= x < x1 are set in `bits`.
std::uint32_t countBits(const std::vector<std::uint64_t>& bits, int x0, int x1) {
    const auto first = static_cast<std::size_t>(x0 >> 6), last = static_cast<std::size_t>((x1 - 1) >> 6);
    std::uint32_t n = 0;
    for (std::size_t k = first; k <= last; ++k) {
        std::uint64_t m = bits[k];
        if (k == first) m &= ~std::uint64_t{0} << (x0 & 63);
        if (k == last) m &= (std::uint64_t{2} << ((x1 - 1) & 63)) - 1;
        n += bitCount(m);
    }
    return n;
}

// A run of cells shared by one region pair, with how many are plain ground there.
struct Overlap {
    int y, x0, x1;
    std::uint32_t pair, plain;
};

class DepthLinks final : public Stage {
public:
    DepthLinks(const ParamValues& params, StageSetup setup)
        : rng_(setup.rng), depthCount_(setup.size.depth), connectivity_(setup.movement),
          farFromUpStairs_(params.choice("down_stairs") == "far_from_up_stairs") {
        if (depthCount_ < 2) finish();
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (next_ < planned_stairs_.size()) {
            place(canvas, planned_stairs_[next_]);
            ++next_;
            const StairsPair& s = planned_stairs_[next_ - 1];
            describe("stairs " + std::to_string(next_ - pairBegin_) + " of " + std::to_string(planned_stairs_.size() - pairBegin_) +
                     " between depths " + std::to_string(s.upperDepth) + " and " + std::to_string(s.upperDepth + 1) + ": region " +
                     std::to_string(s.upperRegion) + " to region " + std::to_string(s.lowerRegion));
        } else if (nextPair_ + 1 < depthCount_) {
            planNextPair(canvas.level());
            describe(std::to_string(planned_stairs_.size() - pairBegin_) + " stairs pairs to place between depths " +
                     std::to_string(nextPair_ - 1) + " and " + std::to_string(nextPair_));
        }
        if (next_ >= planned_stairs_.size() && nextPair_ + 1 >= depthCount_) finish();
    }

    void run(LevelCanvas& canvas) override {
        while (nextPair_ + 1 < depthCount_) {
            planNextPair(canvas.level());
            for (; next_ < planned_stairs_.size(); ++next_) place(canvas, planned_stairs_[next_]);
        }
        for (; next_ < planned_stairs_.size(); ++next_) place(canvas, planned_stairs_[next_]);
        describe("placed " + std::to_string(planned_stairs_.size()) + " stairs pairs");
        finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (next_ == 0 || next_ > planned_stairs_.size()) return;
        const StairsPair& s = planned_stairs_[next_ - 1];
        out.push_back(Annotation::at(Annotation::Kind::Cell, s.x, s.y, 0, s.upperDepth));
    }

private:
    // Plans the stairs of the next pair of depths, after the pair above has placed
    // its own: a depth pair at a time, so on a big level the first stairs show
    // without waiting for every depth to be labelled and planned (seconds, for 64
    // depths of 4096 x 4096). What the pair
    // reads of the upper depth is unchanged by the up stairs placed on it: they are
    // walkable like the ground they replace, and their cells are taken_ anyway.
    void planNextPair(const Level& level) {
        if (nextPair_ == 0) {
            // Two depths' regions at a time, in buffers reused down the depths:
            // memory for two depths, allocated once.
            labelRuns(level.tiles(0), connectivity_, upper_, scratch_);
            // taken_: the cells of the upper depth of the current pair that hold up
            // stairs from the pair above (a bit a cell, rows as the row masks below
            // lay them out; reset cell by cell, not per depth).
            words_ = static_cast<std::size_t>(level.width()) / 64 + 1;
            taken_.assign(words_ * static_cast<std::size_t>(level.height()), 0);
        }
        const int z = nextPair_++;
        const std::size_t previous = pairBegin_, first = planned_stairs_.size();
        const std::span<const StairsPair> arriving(planned_stairs_.data() + previous, first - previous);
        labelRuns(level.tiles(z + 1), connectivity_, lower_, scratch_);
        planPair(level, upper_, lower_, z, arriving);
        std::swap(upper_, lower_);
        for (std::size_t i = previous; i < first; ++i) taken_[takenWord(planned_stairs_[i].x, planned_stairs_[i].y)] &= ~takenBit(planned_stairs_[i].x);
        for (std::size_t i = first; i < planned_stairs_.size(); ++i) taken_[takenWord(planned_stairs_[i].x, planned_stairs_[i].y)] |= takenBit(planned_stairs_[i].x);
        pairBegin_ = first;
    }

    std::size_t takenWord(int x, int y) const { return static_cast<std::size_t>(y) * words_ + static_cast<std::size_t>(x >> 6); }
    static std::uint64_t takenBit(int x) { return std::uint64_t{1} << (x & 63); }

    // Both cells plain ground, and the upper one not already the up stairs of the pair above.
    bool candidate(Tile top, Tile bottom, int x, int y) const {
        return plainGround(top) && plainGround(bottom) && !(taken_[takenWord(x, y)] & takenBit(x));
    }

    // Row by row, the cells the two depths share are read as bits: each run of
    // shared walkable cells (an overlap) lies in one run of each depth, found by
    // counting the run starts before it, so the pair of regions is looked up once
    // per overlap and its plain cells are counted a word at a time. (Walking the
    // two depths' runs side by side, as sorted lists, cost a mispredicted branch
    // or two per run: half of this stage's time.)
    void planPair(const Level& level, const RegionRuns& upper, const RegionRuns& lower, int z, std::span<const StairsPair> arriving) {
        const TileGrid& top = level.tiles(z);
        const TileGrid& bottom = level.tiles(z + 1);
        PairNumbers pairIndex; // pairs numbered by first overlap
        // Working lists kept between depth pairs, so only the first allocates.
        std::vector<std::uint64_t>& pairs = pairs_;
        std::vector<std::uint32_t>& counts = counts_;
        std::vector<Overlap>& overlaps = overlaps_;
        pairs.clear();
        counts.clear();
        overlaps.clear();
        topBits_.resize(words_);
        bottomBits_.resize(words_);
        candidates_.resize(words_);
        sharedFrom_.resize(words_ * 32); // a row's overlaps, at most
        sharedTo_.resize(words_ * 32);
        const auto w = static_cast<std::uint32_t>(top.width());
        std::uint64_t lastKey = 0; // no pair: labels start at 1
        std::uint32_t pair = 0;
        for (int y = 0; y < top.height(); ++y) {
            topBits_.read(top.row(y), top.width());
            bottomBits_.read(bottom.row(y), top.width());
            const std::uint64_t* taken = taken_.data() + static_cast<std::size_t>(y) * words_;
            for (std::size_t k = 0; k < words_; ++k) candidates_[k] = topBits_.plain[k] & bottomBits_.plain[k] & ~taken[k];
            const CellRun* upperRuns = upper.runs.data() + upper.rowStart[static_cast<std::size_t>(y)];
            const CellRun* lowerRuns = lower.runs.data() + lower.rowStart[static_cast<std::size_t>(y)];
            // The overlaps' ends: starts and ends alternate along the row, and the
            // padding word ends the last.
            std::size_t found = 0, closed = 0;
            std::uint64_t carry = 0;
            for (std::size_t k = 0; k < words_; ++k) {
                const std::uint64_t shared = topBits_.walkable[k] & bottomBits_.walkable[k], left = (shared << 1) | carry;
                carry = shared >> 63;
                const int base = static_cast<int>(k * 64);
                for (std::uint64_t m = shared & ~left; m; m &= m - 1) sharedFrom_[found++] = base + std::countr_zero(m);
                for (std::uint64_t m = ~shared & left; m; m &= m - 1) sharedTo_[closed++] = base + std::countr_zero(m);
            }
            for (std::size_t i = 0; i < found; ++i) {
                const int x0 = sharedFrom_[i], x1 = sharedTo_[i];
                const std::uint64_t key = (static_cast<std::uint64_t>(upperRuns[topBits_.runAt(x0)].label) << 32) |
                                          static_cast<std::uint32_t>(lowerRuns[bottomBits_.runAt(x0)].label);
                // Neighbouring overlaps are mostly the same two regions: look up only a new pair.
                if (key != lastKey) {
                    const auto [number, added] = pairIndex.find(key);
                    if (added) {
                        pairs.push_back(key);
                        counts.push_back(0);
                    }
                    lastKey = key;
                    pair = number;
                }
                if (const std::uint32_t plain = countBits(candidates_, x0, x1)) {
                    counts[pair] += plain;
                    overlaps.push_back({y, x0, x1, pair, plain});
                }
            }
        }
        // One draw per pair, in pair order: the index of its stairs cell among its
        // plain shared cells in row-major order. A pair whose overlap holds no plain
        // ground (only doors, water...) gets none.
        std::vector<std::uint32_t> chosen(pairs.size(), 0);
        for (std::size_t p = 0; p < pairs.size(); ++p)
            if (counts[p] > 0) chosen[p] = rng_.below(counts[p]);
        // Skip whole overlaps until the one holding the chosen index; only its cells are scanned.
        std::vector<std::uint32_t> seen(pairs.size(), 0);
        std::vector<std::uint32_t> at(pairs.size(), 0);
        for (const Overlap& o : overlaps) {
            std::uint32_t& before = seen[o.pair];
            const std::uint32_t target = chosen[o.pair];
            if (before <= target && target < before + o.plain) {
                std::uint32_t index = before;
                for (int x = o.x0; x < o.x1; ++x)
                    if (candidate(top.row(o.y)[x], bottom.row(o.y)[x], x, o.y) && index++ == target)
                        at[o.pair] = static_cast<std::uint32_t>(o.y) * w + static_cast<std::uint32_t>(x);
            }
            before += o.plain;
        }
        if (farFromUpStairs_ && !arriving.empty()) moveFar(top, bottom, arriving, overlaps, at);
        for (std::size_t p = 0; p < pairs.size(); ++p)
            if (counts[p] > 0)
                planned_stairs_.push_back({static_cast<int>(at[p] % w), static_cast<int>(at[p] / w), z, static_cast<int>(pairs[p] >> 32),
                                           static_cast<int>(pairs[p] & 0xffffffffu)});
    }

    // Each pair's cell becomes its candidate furthest from the arriving up stairs
    // (walking on the upper depth), where any candidate is reachable from them.
    void moveFar(const TileGrid& top, const TileGrid& bottom, std::span<const StairsPair> arriving, const std::vector<Overlap>& overlaps, std::vector<std::uint32_t>& at) const {
        Level depth({top.width(), top.height(), 1});
        depth.tiles(0) = top;
        std::vector<Cell> sources;
        for (const StairsPair& s : arriving) sources.push_back({s.x, s.y, 0});
        const Grid<std::int32_t> distance = distanceMap(depth, sources, connectivity_).depth(0);
        std::vector<std::int32_t> best(at.size(), -1);
        const auto w = static_cast<std::uint32_t>(top.width());
        for (const Overlap& o : overlaps)
            for (int x = o.x0; x < o.x1; ++x) {
                const std::size_t index = static_cast<std::size_t>(o.y) * w + static_cast<std::size_t>(x);
                if (!candidate(top.row(o.y)[x], bottom.row(o.y)[x], x, o.y)) continue;
                const std::int32_t d = distance(x, o.y);
                if (d > best[o.pair]) {
                    best[o.pair] = d;
                    at[o.pair] = static_cast<std::uint32_t>(index);
                }
            }
    }

    void place(LevelCanvas& canvas, const StairsPair& s) {
        canvas.atDepth(s.upperDepth).set(s.x, s.y, Tile::StairsDown);
        canvas.atDepth(s.upperDepth + 1).set(s.x, s.y, Tile::StairsUp);
        canvas.level().stairs.push_back(s);
    }

    Rng rng_;
    int depthCount_;
    Connectivity connectivity_;
    bool farFromUpStairs_;
    int nextPair_ = 0;          // the upper depth of the next pair to plan
    std::size_t pairBegin_ = 0; // planned_stairs_[pairBegin_, end): the pair being placed
    RegionRuns upper_, lower_;  // the regions of the next pair's upper depth; scratch for its lower
    LabelScratch scratch_;
    std::vector<StairsPair> planned_stairs_;
    std::size_t words_ = 0; // a row's words in taken_ and the row masks
    std::vector<std::uint64_t> taken_;
    RowBits topBits_, bottomBits_;
    std::vector<std::uint64_t> candidates_; // of the row being read
    std::vector<int> sharedFrom_, sharedTo_; // its overlaps [from, to)
    std::vector<std::uint64_t> pairs_;
    std::vector<std::uint32_t> counts_;
    std::vector<Overlap> overlaps_;
    std::size_t next_ = 0;
};

} // namespace

StageType depthLinksStage() {
    StageType type;
    type.id = "depth_links";
    type.label = "Stairs between depths";
    type.technique = "One pair of stairs for every pair of regions that overlap on adjacent depths";
    type.scope = StageScope::WholeLevel;
    type.params = {
        choiceParam("down_stairs", "Down stairs", "anywhere", {"anywhere", "far_from_up_stairs"},
                    "Where each pair of regions gets its stairs: anywhere they overlap (seed 004), or as far as can be walked from "
                    "the up stairs arriving on the upper depth, so every depth must be crossed"),
    };
    type.create = stageFactory<DepthLinks>();
    return type;
}

} // namespace burrow
