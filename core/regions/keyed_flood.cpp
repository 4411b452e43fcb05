#include "regions/keyed_flood.h"

#include <algorithm>
#include <memory>
#include <array>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "model/directions.h"
#include "regions/neighbour_words.h"
#include "regions/reachability.h"

namespace burrow {

std::string lockAt(const Level& level, const Cell& at) {
    for (auto d = level.doors.rbegin(); d != level.doors.rend(); ++d)
        if (d->at == at && !d->lock.empty()) return d->lock;
    return {};
}

std::string keyOpens(const Entity& thing) {
    for (const Property& p : thing.properties)
        if (p.name == "opens") return propertyText(p.value);
    return {};
}

// memchr, which libc does many bytes at a time: the metrics ask this of every level,
// most of which have no locked door and are read to the end.
bool hasLockedDoors(const Level& level) {
    static_assert(sizeof(Tile) == 1, "a tile is a byte");
    for (int z = 0; z < level.depthCount(); ++z) {
        const TileGrid& tiles = level.tiles(z);
        if (std::memchr(tiles.data(), static_cast<int>(Tile::LockedDoor), tiles.size()) != nullptr) return true;
    }
    return false;
}

// The start states of a row of built-in tiles, sixteen at a time where SSE2 is
// (every x86-64): what the table below gives a tile at a time, in less than half
// the time (building a flood of a 1001² level, 0.42 -> 0.19 ms). Returns how many
// it wrote: whole sixteens.
int KeyedFlood::startStatesOfBuiltIns(const Tile* row, int width, std::uint8_t* out) {
#if defined(__SSE2__)
    static_assert(static_cast<int>(Tile::Floor) == 1 && static_cast<int>(Tile::Exit) == 7 && static_cast<int>(Tile::StairsDown) == 5 &&
                      static_cast<int>(Tile::StairsUp) == 6 && static_cast<int>(Tile::LockedDoor) == 10,
                  "built-in walkable tiles are numbered 1 to 7");
    const __m128i none = _mm_setzero_si128(), eight = _mm_set1_epi8(8), locked = _mm_set1_epi8(static_cast<char>(Tile::LockedDoor));
    const __m128i down = _mm_set1_epi8(static_cast<char>(Tile::StairsDown)), up = _mm_set1_epi8(static_cast<char>(Tile::StairsUp));
    const __m128i blockedState = _mm_set1_epi8(kBlocked), lockedState = _mm_set1_epi8(kUnseen | kLockedHere);
    const __m128i downState = _mm_set1_epi8(kStairsDown), upState = _mm_set1_epi8(kStairsUp);
    int x = 0;
    for (; x + 16 <= width; x += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + x));
        const __m128i isLocked = _mm_cmpeq_epi8(v, locked);
        const __m128i open = _mm_or_si128(_mm_and_si128(_mm_cmpgt_epi8(v, none), _mm_cmplt_epi8(v, eight)), isLocked);
        __m128i state = _mm_andnot_si128(open, blockedState);
        state = _mm_or_si128(state, _mm_and_si128(isLocked, lockedState));
        state = _mm_or_si128(state, _mm_and_si128(_mm_cmpeq_epi8(v, down), downState));
        state = _mm_or_si128(state, _mm_and_si128(_mm_cmpeq_epi8(v, up), upState));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + x), state);
    }
    return x;
#else
    (void)row;
    (void)width;
    (void)out;
    return 0;
#endif
}

KeyedFlood::KeyedFlood(const Level& level, Connectivity movement, bool pickUpKeys) : level_(level) {
    const int w = level.width(), h = level.height();
    stride_ = static_cast<std::uint32_t>(w + 2);
    plane_ = stride_ * static_cast<std::uint32_t>(h + 2);
    const std::size_t cells = static_cast<std::size_t>(plane_) * static_cast<std::size_t>(level.depthCount());
    // Three bytes more for the last cell's neighbours read as words (floodPlain8).
    state_.assign(cells + 3, kBlocked);
    // What each kind of tile starts as: the flood reads only the states.
    std::array<std::uint8_t, 256> startOf{};
    for (std::size_t k = 0; k < startOf.size(); ++k) {
        const Tile t = static_cast<Tile>(k);
        startOf[k] = t == Tile::LockedDoor ? kUnseen | kLockedHere : level.kinds.walkable(t) ? kUnseen : kBlocked;
        if (t == Tile::StairsDown || t == Tile::StairsUp) startOf[k] |= t == Tile::StairsDown ? kStairsDown : kStairsUp;
    }
    const bool builtIn = level.kinds.builtInOnly();
    for (int z = 0; z < level.depthCount(); ++z)
        for (int y = 0; y < h; ++y) {
            const Tile* row = level.tiles(z).row(y);
            const std::uint32_t at = indexOf({0, y, z});
            const int done = builtIn ? startStatesOfBuiltIns(row, w, state_.data() + at) : 0;
            for (int x = done; x < w; ++x) state_[at + static_cast<std::uint32_t>(x)] = startOf[static_cast<std::uint8_t>(row[x])];
        }
    // The queue holds every cell reached, each once: room for all of them and 8
    // past (the flood writes a cell's neighbours there before it knows they are
    // new). Address space only: pages are touched as it fills.
    order_ = std::make_unique_for_overwrite<std::uint32_t[]>(cells + 8);
    for (int d = 0; d < stepCount(movement); ++d)
        offsets_.push_back(static_cast<std::int64_t>(kSteps[static_cast<std::size_t>(d)].y) * stride_ + kSteps[static_cast<std::size_t>(d)].x);
    if (movement == Connectivity::Eight) queueSteps_.emplace(stride_);
    markNearLocks();
    if (pickUpKeys)
        for (const Entity& e : level.entities)
            if (std::string lock = keyOpens(e); !lock.empty() && level.contains(e.at.x, e.at.y, e.at.z)) {
                keys_.emplace_back(indexOf(e.at), std::move(lock));
                state_[indexOf(e.at)] |= kKeyHere;
            }
}

// Rows are or'd together first (a pass the compiler vectorizes): most levels have
// no locked door, and those that do have few.
void KeyedFlood::markNearLocks() {
    std::uint8_t* const state = state_.data();
    const std::size_t rows = state_.size() / stride_, width = stride_;
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint8_t* row = state + r * width;
        std::uint8_t any = 0;
        for (std::size_t x = 0; x < width; ++x) any |= row[x];
        if ((any & kLockedHere) == 0) continue;
        for (std::size_t x = 0; x < width; ++x)
            if (row[x] & kLockedHere)
                for (const std::int64_t offset : offsets_) state[static_cast<std::size_t>(static_cast<std::int64_t>(r * width + x) + offset)] |= kNearLock;
    }
}

Cell KeyedFlood::cellOf(std::uint32_t index) const {
    const std::uint32_t z = index / plane_, rest = index % plane_;
    return {static_cast<int>(rest % stride_) - 1, static_cast<int>(rest / stride_) - 1, static_cast<int>(z)};
}

bool KeyedFlood::holds(const std::string& lock) const { return std::find(held_.begin(), held_.end(), lock) != held_.end(); }

std::vector<std::string> KeyedFlood::waitingLocks() const {
    std::vector<std::string> locks;
    for (const Waiting& w : waiting_)
        if (!w.lock.empty() && !holds(w.lock) && std::find(locks.begin(), locks.end(), w.lock) == locks.end()) locks.push_back(w.lock);
    return locks;
}

void KeyedFlood::run(const Cell& start) {
    if (!level_.contains(start.x, start.y, start.z) || !level_.kinds.walkable(level_.at(start.x, start.y, start.z))) return;
    if ((state_[indexOf(start)] & kStateMask) != kUnseen) return;
    reach(indexOf(start));
    flood();
}

void KeyedFlood::give(const std::string& lock) {
    if (lock.empty() || holds(lock)) return;
    held_.push_back(lock);
    // The doors of this lock the flood waits at open; the rest open as it reaches them.
    std::vector<std::uint32_t> opening;
    std::erase_if(waiting_, [&](const Waiting& w) { return w.lock == lock && (opening.push_back(w.at), true); });
    for (std::uint32_t at : opening) reach(at);
    flood();
}

void KeyedFlood::reach(std::uint32_t index) {
    state_[index] = static_cast<std::uint8_t>((state_[index] & ~kStateMask) | kReached);
    order_[reached_++] = index;
}

void KeyedFlood::pickUpAt(std::uint32_t index) {
    for (const auto& [at, lock] : keys_)
        if (at == index && !holds(lock)) give(lock);
}

void KeyedFlood::flood() {
    const int depths = level_.depthCount();
    // give() calls back in here (a key picked up opens doors): the loop below goes on
    // from wherever the inner call left the queue, so every cell is taken once.
    while (head_ < reached_) {
        if (offsets_.size() == 4) floodPlain4();
        else floodPlain8();
        if (head_ == reached_) break;
        const std::uint32_t c = order_[head_++];
        const std::uint8_t here = state_[c];
        if (here & kKeyHere) pickUpAt(c);
        spreadFrom(c);
        // Stairs lead one way each: down from '>', up from '<'.
        if ((here & (kStairsDown | kStairsUp)) == 0) continue;
        const bool down = (here & kStairsDown) != 0;
        const std::uint32_t z = c / plane_;
        if (down ? static_cast<int>(z) + 1 >= depths : z == 0) continue;
        const std::uint32_t to = down ? c + plane_ : c - plane_;
        if ((state_[to] & (kStateMask | kLockedHere)) == kUnseen) reach(to);
    }
}

// The cells with no key, no stairs and no locked door beside them (most of them),
// with the queue's ends in locals: nothing here calls out, so the compiler keeps
// them in registers instead of loading and storing the members around every
// byte written (a byte may alias anything). Stops before the first other cell.
void KeyedFlood::floodPlain4() {
    std::uint8_t* const state = state_.data();
    std::uint32_t* const order = order_.get();
    std::int64_t offsets[4];
    std::copy_n(offsets_.begin(), 4, offsets);
    std::size_t head = head_, tail = reached_;
    for (; head < tail; ++head) {
        const std::uint32_t c = order[head];
        if (state[c] & kNotPlain) break;
        for (const std::int64_t offset : offsets) spreadTo(state, order, tail, static_cast<std::uint32_t>(static_cast<std::int64_t>(c) + offset));
    }
    head_ = head;
    reached_ = tail;
}

// The same under 8-direction movement, a cell's neighbours read and written as
// three words (regions/neighbour_words.h).
void KeyedFlood::floodPlain8() {
    namespace nw = neighbour_words;
    std::uint8_t* const state = state_.data();
    std::uint32_t* const order = order_.get();
    const auto stride = static_cast<std::int64_t>(stride_);
    const nw::QueueSteps& steps = *queueSteps_;
    constexpr std::uint32_t kNewBits = 0x01010101u;
    constexpr std::uint32_t kNotPlainHere = kNotPlain << 8; // the middle word's byte 1
    static_assert(kReached == 1 && kStateMask == 3, "a state is new when its low two bits are 0; reaching it sets bit 0");
    std::size_t head = head_, tail = reached_;
    for (; head < tail; ++head) {
        const std::uint32_t c = order[head];
        const nw::Neighbourhood around(state, c, stride);
        if ((around.word(nw::Neighbourhood::kThrough) & kNotPlainHere) != 0) break;
        tail = around.spread([](std::uint32_t w, std::uint32_t mask) { return ~(w | w >> 1) & mask & kNewBits; }, // unseen: low two bits clear
                             [](std::uint32_t w, std::uint32_t fresh, nw::Neighbourhood::Row) { return w | fresh; }, order, tail, steps);
    }
    head_ = head;
    reached_ = tail;
}

void KeyedFlood::spreadFrom(std::uint32_t c) {
    std::uint8_t* const state = state_.data();
    std::uint32_t* const order = order_.get();
    std::size_t tail = reached_;
    for (const std::int64_t offset : offsets_) {
        const auto n = static_cast<std::uint32_t>(static_cast<std::int64_t>(c) + offset);
        const std::uint8_t s = state[n];
        if (s & kLockedHere) {
            reached_ = tail;
            meetLockedDoor(n);
            tail = reached_;
            continue;
        }
        spreadTo(state, order, tail, n);
    }
    reached_ = tail;
}

void KeyedFlood::meetLockedDoor(std::uint32_t n) {
    if ((state_[n] & kStateMask) != kUnseen) return;
    std::string lock = lockAt(level_, cellOf(n));
    if (!lock.empty() && holds(lock)) {
        reach(n);
        return;
    }
    state_[n] = static_cast<std::uint8_t>((state_[n] & ~kStateMask) | kShut);
    waiting_.push_back({std::move(lock), n});
}

Level withReachableLocksOpen(const Level& level, Connectivity movement, std::optional<Cell> start) {
    Level open = level;
    if (!start) start = defaultStart(level);
    if (!start) return open;
    KeyedFlood flood(level, movement);
    flood.run(*start);
    for (const Door& d : level.doors)
        if (!d.lock.empty() && flood.holds(d.lock) && level.contains(d.at.x, d.at.y, d.at.z) && level.at(d.at.x, d.at.y, d.at.z) == Tile::LockedDoor)
            open.set(d.at.x, d.at.y, d.at.z, Tile::Door);
    return open;
}

std::optional<int> criticalPath(const Level& level, Connectivity movement, std::optional<Cell> start) {
    if (!start) start = defaultStart(level);
    if (!start) return std::nullopt;
    std::vector<Cell> exits;
    for (const Marker& m : level.markers)
        if (m.name == "exit" && level.contains(m.at.x, m.at.y, m.at.z)) exits.push_back(m.at);
    std::vector<std::pair<Cell, std::string>> keys;
    for (const Entity& e : level.entities)
        if (std::string lock = keyOpens(e); !lock.empty() && level.contains(e.at.x, e.at.y, e.at.z)) keys.emplace_back(e.at, std::move(lock));
    // Each leg is one search on the level with the locks held so far open: at most
    // one a key, so bounded by (keys + 1) x the area.
    Level walk = level;
    Cell at = *start;
    int steps = 0;
    std::vector<std::string> held;
    for (std::size_t leg = 0; leg <= keys.size(); ++leg) {
        const DistanceMap distances = distanceMap(walk, std::span<const Cell>(&at, 1), movement);
        std::optional<int> best;
        for (const Cell& e : exits)
            if (const int d = distances.at(e.x, e.y, e.z); d >= 0 && (!best || d < *best)) best = d;
        if (best) return steps + *best;
        const std::pair<Cell, std::string>* nearest = nullptr;
        int nearestSteps = 0;
        for (const auto& key : keys) {
            const int d = distances.at(key.first.x, key.first.y, key.first.z);
            if (d < 0 || std::find(held.begin(), held.end(), key.second) != held.end()) continue;
            if (!nearest || d < nearestSteps) nearest = &key, nearestSteps = d;
        }
        if (!nearest) return std::nullopt;
        steps += nearestSteps;
        at = nearest->first;
        held.push_back(nearest->second);
        for (const Door& d : level.doors)
            if (d.lock == nearest->second && level.contains(d.at.x, d.at.y, d.at.z) && walk.at(d.at.x, d.at.y, d.at.z) == Tile::LockedDoor)
                walk.set(d.at.x, d.at.y, d.at.z, Tile::Door);
    }
    return std::nullopt;
}

} // namespace burrow
