// Depth links (seed 004).
//
// For each pair of adjacent depths z and z+1, every pair of regions (one on each)
// that overlap on floor gets exactly one pair of stairs: down on z, up on z+1, at
// a shared floor cell chosen uniformly at random. Both cells must be plain ground
// (floor or corridor), so stairs never land on stairs, doors or water.
//
// Per depth pair: intersecting the two depths' runs lists the shared cells by
// region pair, and one random number per pair picks which of its cells. Steps:
// one stairs pair each.
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
        if (!planned_) {
            plan(canvas.level());
            describe(std::to_string(planned_stairs_.size()) + " stairs pairs to place");
        } else if (next_ < planned_stairs_.size()) {
            place(canvas, planned_stairs_[next_]);
            ++next_;
            const StairsPair& s = planned_stairs_[next_ - 1];
            describe("stairs " + std::to_string(next_) + " of " + std::to_string(planned_stairs_.size()) + ": depth " +
                     std::to_string(s.upperDepth) + " region " + std::to_string(s.upperRegion) + " to depth " +
                     std::to_string(s.upperDepth + 1) + " region " + std::to_string(s.lowerRegion));
        }
        if (planned_ && next_ >= planned_stairs_.size()) finish();
    }

    void run(LevelCanvas& canvas) override {
        if (!planned_) plan(canvas.level());
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
    void plan(const Level& level) {
        planned_ = true;
        // Two depths' regions at a time, in buffers reused down the depths: memory
        // for two depths, allocated once.
        RegionRuns upper, lower;
        LabelScratch scratch;
        labelRuns(level.tiles(0), connectivity_, upper, scratch);
        // taken_: the cells of the upper depth of the current pair that hold up stairs
        // from the pair above (one byte a cell, reset cell by cell, not per depth).
        taken_.assign(static_cast<std::size_t>(level.width()) * static_cast<std::size_t>(level.height()), 0);
        std::size_t previous = 0; // planned_stairs_[previous, end) belong to the pair above
        for (int z = 0; z + 1 < depthCount_; ++z) {
            const std::size_t first = planned_stairs_.size();
            const std::span<const StairsPair> arriving(planned_stairs_.data() + previous, first - previous);
            labelRuns(level.tiles(z + 1), connectivity_, lower, scratch);
            planPair(level, upper, lower, z, arriving);
            std::swap(upper, lower);
            for (std::size_t i = previous; i < first; ++i) taken_[cellIndex(planned_stairs_[i], level.width())] = 0;
            for (std::size_t i = first; i < planned_stairs_.size(); ++i) taken_[cellIndex(planned_stairs_[i], level.width())] = 1;
            previous = first;
        }
    }

    static std::size_t cellIndex(const StairsPair& s, int width) {
        return static_cast<std::size_t>(s.y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(s.x);
    }

    // Both cells plain ground, and the upper one not already the up stairs of the pair
    // above: 1 or 0, with no branch, so the counting loop stays a straight line.
    std::uint32_t candidate(Tile top, Tile bottom, std::size_t index) const {
        return static_cast<std::uint32_t>(plainGround(top)) & static_cast<std::uint32_t>(plainGround(bottom)) & (taken_[index] ^ 1u);
    }

    // Row by row, the runs of the two depths are intersected like two sorted lists:
    // every cell of an overlap belongs to the same pair of regions, so the pair is
    // looked up once per overlap, and only overlapping cells are examined.
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
        const auto w = static_cast<std::uint32_t>(top.width());
        for (int y = 0; y < top.height(); ++y) {
            std::size_t a = upper.rowStart[static_cast<std::size_t>(y)], b = lower.rowStart[static_cast<std::size_t>(y)];
            const std::size_t aEnd = upper.rowStart[static_cast<std::size_t>(y) + 1], bEnd = lower.rowStart[static_cast<std::size_t>(y) + 1];
            const Tile* topRow = top.row(y);
            const Tile* bottomRow = bottom.row(y);
            while (a < aEnd && b < bEnd) {
                const CellRun& ra = upper.runs[a];
                const CellRun& rb = lower.runs[b];
                const int x0 = std::max(ra.x0, rb.x0), x1 = std::min(ra.x1, rb.x1);
                if (x0 < x1) {
                    const std::uint64_t key = (static_cast<std::uint64_t>(ra.label) << 32) | static_cast<std::uint32_t>(rb.label);
                    const auto [pair, added] = pairIndex.find(key);
                    if (added) {
                        pairs.push_back(key);
                        counts.push_back(0);
                    }
                    std::uint32_t plain = 0;
                    const std::size_t rowStart = static_cast<std::size_t>(y) * w;
                    for (int x = x0; x < x1; ++x) plain += candidate(topRow[x], bottomRow[x], rowStart + static_cast<std::size_t>(x));
                    if (plain) {
                        counts[pair] += plain;
                        overlaps.push_back({y, x0, x1, pair, plain});
                    }
                }
                (ra.x1 <= rb.x1) ? ++a : ++b; // drop whichever run ends first
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
                    if (candidate(top.row(o.y)[x], bottom.row(o.y)[x], static_cast<std::size_t>(o.y) * w + static_cast<std::size_t>(x)) && index++ == target)
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
                if (!candidate(top.row(o.y)[x], bottom.row(o.y)[x], index)) continue;
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
    bool planned_ = false;
    std::vector<StairsPair> planned_stairs_;
    std::vector<std::uint8_t> taken_;
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
    type.technique = "Seed 004: one pair of stairs for every pair of regions that overlap on adjacent depths";
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
