#include "regions/chokepoints.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

#include "model/bit_count.h"
#include "model/directions.h"
#include "regions/neighbour_words.h"
#include "regions/region_map.h"

namespace burrow {

namespace {

constexpr std::int8_t kUnreached = -1, kRock = -2;

// Eight bytes from eight bits: byte k is 1 when bit k is set.
struct ByteOfBit {
    std::uint64_t of[256]{};
    constexpr ByteOfBit() {
        for (unsigned m = 0; m < 256; ++m)
            for (unsigned k = 0; k < 8; ++k) of[m] |= static_cast<std::uint64_t>((m >> k) & 1u) << (8 * k);
    }
};
inline constexpr ByteOfBit kByteOfBit;

// The depth as the search's bytes, with a border of rock so a step is an index
// offset and never needs a bounds test: came[] is kUnreached on walkable cells and
// kRock elsewhere, and the search writes there the step that reached a cell (8 at
// the start): one load a neighbour tells all.
struct PaddedDepth {
    std::uint32_t stride;
    // Eight bytes past the last cell: rows are written eight cells at a time, and
    // takeLayer8 reads a cell's neighbours as words.
    std::vector<std::int8_t> came;
    std::vector<std::int32_t> offsets;
    std::size_t openCells = 0;
    // The walkable cells as bits, `words` a row (labelling's layout, region_map.h),
    // kept for the parts off the walk.
    std::size_t words;
    std::vector<std::uint64_t> walkable;

    PaddedDepth(const TileGrid& tiles, const TileKinds& kinds, int steps)
        : stride(static_cast<std::uint32_t>(tiles.width() + 2)), came(static_cast<std::size_t>(stride) * static_cast<std::size_t>(tiles.height() + 2) + 8, kRock),
          words(static_cast<std::size_t>(tiles.width()) / 64 + 1), walkable(words * static_cast<std::size_t>(tiles.height()), 0) {
        // A row's walkable cells as bits, then eight bytes from eight bits: a cell at
        // a time, a byte written could alias the loop's own counters and tables.
        const int width = tiles.width();
        static_assert(kUnreached == (kRock | 1), "a walkable cell's byte is rock's with bit 0 set");
        constexpr std::uint64_t kRocks = 0x0101010101010101ull * static_cast<std::uint8_t>(kRock);
        std::size_t open = 0;
        for (int y = 0; y < tiles.height(); ++y) {
            std::uint64_t* bits = rowBits(y);
            kinds.walkableWords(tiles.row(y), width, bits);
            for (std::size_t k = 0; k < words; ++k) open += bitCount(bits[k]);
            // Past the row's end the bits are clear: the eight bytes written there
            // are rock, the border's and the next row's first, which it then writes.
            std::int8_t* out = came.data() + index({0, y});
            for (int x = 0; x < width; x += 8) {
                const auto eight = static_cast<std::uint8_t>(bits[static_cast<std::size_t>(x) / 64] >> (x % 64));
                const std::uint64_t bytes = kRocks | kByteOfBit.of[eight];
                std::memcpy(out + x, &bytes, sizeof bytes);
            }
        }
        openCells = open;
        for (int d = 0; d < steps; ++d) offsets.push_back(kSteps[static_cast<std::size_t>(d)].y * static_cast<std::int32_t>(stride) + kSteps[static_cast<std::size_t>(d)].x);
    }
    std::uint64_t* rowBits(int y) { return walkable.data() + static_cast<std::size_t>(y) * words; }
    bool isWalkable(Point p) const { return (walkable[static_cast<std::size_t>(p.y) * words + static_cast<std::size_t>(p.x) / 64] >> (p.x % 64) & 1u) != 0; }
    std::uint32_t index(Point p) const { return static_cast<std::uint32_t>(p.y + 1) * stride + static_cast<std::uint32_t>(p.x + 1); }
    Point point(std::uint32_t i) const { return {static_cast<int>(i % stride) - 1, static_cast<int>(i / stride) - 1}; }
};

// The search goes out from both ends a layer at a time, the side with the fewer
// cells waiting first, until a cell of one side finds the other's beside it: about
// half the cells a search from one end takes on open ground (the balls around each
// end have half the radius), 28% fewer on a 1001² maze. A cell reached from the
// start holds the step that reached it (0-7; 8 at the start), one reached from the
// exit the same plus kFromExit.
constexpr std::uint8_t kFromExit = 0x40, kSideBits = 0xc0, kStart = 8;

// One end's search: its queue, the cells taken [0, head) and waiting [head, tail).
struct SearchEnd {
    std::unique_ptr<std::uint32_t[]> queue;
    std::size_t head = 0, tail = 0;
    std::uint8_t tag = 0; // 0 or kFromExit
    std::size_t waiting() const { return tail - head; }
};

// A cell of the side searching and the other side's cell beside it.
struct WalkMeeting {
    std::uint32_t near, far;
};

// Takes the side's waiting layer, under 4-direction movement.
std::optional<WalkMeeting> takeLayer4(PaddedDepth& depth, SearchEnd& side, std::uint8_t otherTag) {
    auto* const came = reinterpret_cast<std::uint8_t*>(depth.came.data());
    std::int32_t offsets[4];
    std::copy_n(depth.offsets.begin(), 4, offsets);
    std::uint32_t* const queue = side.queue.get();
    std::size_t tail = side.tail;
    for (const std::size_t end = side.tail; side.head < end; ++side.head) {
        const std::uint32_t p = queue[side.head];
        for (std::size_t d = 0; d < 4; ++d) {
            const std::uint32_t n = p + static_cast<std::uint32_t>(offsets[d]);
            const std::uint8_t was = came[n];
            if ((was & kSideBits) == otherTag) {
                side.tail = tail;
                return WalkMeeting{p, n};
            }
            // Without a branch: whether a neighbour is new is a coin toss, and a
            // mispredicted branch costs more than writing it at the queue's end.
            // (Written as a mask: GCC turns a conditional expression back into a branch.)
            const std::uint32_t fresh = was == 0xffu ? 1u : 0u;
            const auto keep = static_cast<std::uint8_t>(fresh - 1); // all ones unless fresh
            came[n] = static_cast<std::uint8_t>((was & keep) | ((side.tag | d) & ~keep));
            queue[tail] = n;
            tail += fresh;
        }
    }
    side.tail = tail;
    return std::nullopt;
}

// The same under 8-direction movement, a cell's neighbours read and written as three
// words (regions/neighbour_words.h): 5.8 -> 4.9 ms for a search from one end on a
// 1001² maze.
std::optional<WalkMeeting> takeLayer8(PaddedDepth& depth, SearchEnd& side, std::uint8_t otherTag, const neighbour_words::QueueSteps& steps) {
    namespace nw = neighbour_words;
    static_assert(kUnreached == -1, "a byte is new when all its bits are set");
    // The step (kSteps' index) that reaches each neighbour byte of the three words.
    constexpr std::uint32_t kEach = 0x01010101u, kStepOf[3] = {0x00040007u, 0x00010003u, 0x00050206u};
    const std::uint32_t tags = side.tag * kEach, others = otherTag * kEach;
    const auto stride = static_cast<std::int64_t>(depth.stride);
    const std::array<std::int64_t, 8> offsets = nw::offsets(stride);
    // Bit 0 of each byte of the word that is all ones, among the neighbour bytes `mask`.
    const auto unreached = [](std::uint32_t w, std::uint32_t mask) {
        const std::uint32_t x = ~w;
        return (~(((x & 0x7f7f7f7fu) + 0x7f7f7f7fu) | x) & mask & 0x80808080u) >> 7;
    };
    // Bit 7 of each byte of the word whose side bits are the other side's.
    const auto theirs = [&](std::uint32_t w, std::uint32_t mask) {
        const std::uint32_t x = w ^ others;
        return ~(x | x << 1) & mask & 0x80808080u;
    };
    // The word with this side's step written into the new bytes.
    const auto marked = [&](std::uint32_t w, std::uint32_t fresh, nw::Neighbourhood::Row row) {
        const std::uint32_t bytes = fresh * 0xffu;
        return (w & ~bytes) | ((kStepOf[row] | tags) & bytes);
    };
    auto* const bytes = reinterpret_cast<std::uint8_t*>(depth.came.data());
    std::uint32_t* const queue = side.queue.get();
    std::size_t tail = side.tail;
    for (const std::size_t end = side.tail; side.head < end; ++side.head) {
        const std::uint32_t p = queue[side.head];
        const nw::Neighbourhood around(bytes, p, stride);
        if (around.any(theirs) != 0) {
            side.tail = tail;
            for (const std::int64_t offset : offsets)
                if (const auto n = static_cast<std::uint32_t>(p + offset); (bytes[n] & kSideBits) == otherTag) return WalkMeeting{p, n};
        }
        tail = around.spread(unreached, marked, queue, tail, steps);
    }
    side.tail = tail;
    return std::nullopt;
}

// The cells from `cell` back to its side's end, following the steps that reached them.
void backToEnd(const PaddedDepth& depth, std::uint32_t cell, std::vector<std::uint32_t>& into) {
    for (;;) {
        into.push_back(cell);
        const auto step = static_cast<std::uint8_t>(static_cast<std::uint8_t>(depth.came[cell]) & ~kSideBits);
        if (step == kStart) return;
        cell -= static_cast<std::uint32_t>(depth.offsets[step]);
    }
}

// A shortest walk from `from` to `to` (both included), as indices, or none. The
// first meeting of the two searches is on one: every cell of the searching side's
// layer is as far from its end, and the other side's cell it finds has just been
// reached (one reached earlier would have found this one), so all meetings of the
// first layer that has any are as long, and none shorter was missed.
std::vector<std::uint32_t> shortestWalk(PaddedDepth& depth, std::uint32_t from, std::uint32_t to) {
    std::vector<std::uint32_t> walk;
    if (depth.came[to] != kUnreached) return walk;
    SearchEnd start, exit;
    for (SearchEnd* side : {&start, &exit}) side->queue = std::make_unique_for_overwrite<std::uint32_t[]>(depth.openCells + 8); // nw::enqueue's room
    start.queue[start.tail++] = from;
    exit.queue[exit.tail++] = to;
    exit.tag = kFromExit;
    depth.came[from] = static_cast<std::int8_t>(kStart);
    depth.came[to] = static_cast<std::int8_t>(kFromExit | kStart);
    // Under 8 directions, the table that queues a cell's new neighbours (8 KiB): once a search, not a layer.
    std::optional<neighbour_words::QueueSteps> steps;
    if (depth.offsets.size() == 8) steps.emplace(depth.stride);
    while (start.waiting() > 0 && exit.waiting() > 0) {
        const bool fromStart = start.waiting() <= exit.waiting();
        SearchEnd& side = fromStart ? start : exit;
        const std::uint8_t other = fromStart ? kFromExit : 0;
        const std::optional<WalkMeeting> met = depth.offsets.size() == 4 ? takeLayer4(depth, side, other) : takeLayer8(depth, side, other, *steps);
        if (!met) continue;
        backToEnd(depth, fromStart ? met->near : met->far, walk);
        std::reverse(walk.begin(), walk.end());
        backToEnd(depth, fromStart ? met->far : met->near, walk);
        return walk;
    }
    return walk;
}

// The part of an open cell off the walk, for the walk's neighbours: the walk moves a
// step at a time, so the run found last in a row is where the next lookup there
// starts (a run or two along), where a binary search read a cache line a step of
// runs gone cold.
class PartFinder {
public:
    explicit PartFinder(const JoinedRuns& parts) : parts_(parts), last_(parts.rowStart.size(), kNone) {}

    // The run of row y holding x, which must be open.
    const PartRun& runAt(int x, int y) {
        const auto row = static_cast<std::size_t>(y);
        const std::uint32_t begin = parts_.rowStart[row], end = parts_.rowStart[row + 1];
        std::uint32_t k = last_[row];
        if (k == kNone) {
            const auto first = parts_.runs.begin() + begin, past = parts_.runs.begin() + end;
            k = static_cast<std::uint32_t>(std::upper_bound(first, past, x, [](int value, const PartRun& run) { return value < run.x1; }) - parts_.runs.begin());
        }
        while (k > begin && parts_.runs[k].x0 > x) --k;
        while (k + 1 < end && parts_.runs[k].x1 <= x) ++k;
        last_[row] = k;
        return parts_.runs[k];
    }

private:
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};
    const JoinedRuns& parts_;
    std::vector<std::uint32_t> last_;
};

} // namespace

std::vector<Point> chokepoints(const TileGrid& tiles, const TileKinds& kinds, Connectivity movement, Point from, Point to) {
    if (!tiles.contains(from.x, from.y) || !tiles.contains(to.x, to.y) || !kinds.walkable(tiles(from.x, from.y)) || from == to) return {};
    PaddedDepth depth(tiles, kinds, stepCount(movement));
    const std::vector<std::uint32_t> walk = shortestWalk(depth, depth.index(from), depth.index(to));
    if (walk.size() < 3) return {};
    // The parts off the walk: the open cells with the walk's taken out, joined by
    // runs of rows (labelling's first pass, no search); each bridges the walk from
    // the first to the last of the walk's cells it touches.
    for (const std::uint32_t w : walk) {
        const Point p = depth.point(w);
        depth.rowBits(p.y)[static_cast<std::size_t>(p.x) / 64] &= ~(std::uint64_t{1} << (p.x % 64));
    }
    JoinedRuns parts;
    joinRuns(depth.walkable.data(), depth.words, tiles.height(), movement, parts);
    // The first and last cells of the walk each part touches, in a slot a part the
    // walk touches (a few thousand on a 1001² maze), not an entry a label (one a
    // run: 250,000). A part's slot is kept in its root's entry of parts.root as
    // -(slot + 1); every label points straight at its root, so a label whose entry
    // is negative is a root with a slot.
    struct Touched {
        int first, last;
    };
    std::vector<Touched> touched;
    PartFinder finder(parts);
    for (std::size_t i = 0; i < walk.size(); ++i) {
        const Point p = depth.point(walk[i]);
        const int at = static_cast<int>(i);
        for (int d = 0; d < stepCount(movement); ++d) {
            const Point n{p.x + kSteps[static_cast<std::size_t>(d)].x, p.y + kSteps[static_cast<std::size_t>(d)].y};
            // Rock and the walk's own cells (taken out) are no part: only ground off
            // the walk needs its part looked up.
            if (!tiles.contains(n.x, n.y) || !depth.isWalkable(n)) continue;
            std::int32_t part = parts.root[static_cast<std::size_t>(finder.runAt(n.x, n.y).label)];
            if (part >= 0) {
                std::int32_t& entry = parts.root[static_cast<std::size_t>(part)];
                if (entry >= 0) { // first touched: a slot
                    entry = -static_cast<std::int32_t>(touched.size()) - 1;
                    touched.push_back({at, at});
                }
                part = entry;
            }
            touched[static_cast<std::size_t>(-part - 1)].last = at; // the walk goes on: no later touch is earlier
        }
    }
    // bridged[i] > 0: some part off the walk joins a cell before i to one after it.
    std::vector<int> bridged(walk.size() + 1, 0);
    for (const Touched& part : touched)
        if (part.last > part.first + 1) { // every walk cell strictly between is bypassed
            ++bridged[static_cast<std::size_t>(part.first + 1)];
            --bridged[static_cast<std::size_t>(part.last)];
        }
    // A shortest walk has no shortcut between its own cells (one would make it
    // shorter), so the parts off it are the only bypasses.
    std::vector<Point> cut;
    int open = 0;
    for (std::size_t i = 0; i + 1 < walk.size(); ++i) {
        open += bridged[i];
        if (i > 0 && open == 0) cut.push_back(depth.point(walk[i]));
    }
    return cut;
}

} // namespace burrow
