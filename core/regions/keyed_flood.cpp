#include "regions/keyed_flood.h"

#include <algorithm>

#include "model/directions.h"
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

bool hasLockedDoors(const Level& level) {
    for (int z = 0; z < level.depthCount(); ++z)
        for (Tile t : level.tiles(z))
            if (t == Tile::LockedDoor) return true;
    return false;
}

KeyedFlood::KeyedFlood(const Level& level, Connectivity movement, bool pickUpKeys) : level_(level) {
    const int w = level.width(), h = level.height();
    stride_ = static_cast<std::uint32_t>(w + 2);
    plane_ = stride_ * static_cast<std::uint32_t>(h + 2);
    const std::size_t cells = static_cast<std::size_t>(plane_) * static_cast<std::size_t>(level.depthCount());
    tiles_.assign(cells, Tile::Wall);
    state_.assign(cells, kBlocked);
    for (int z = 0; z < level.depthCount(); ++z)
        for (int y = 0; y < h; ++y) {
            const Tile* row = level.tiles(z).row(y);
            const std::uint32_t at = indexOf({0, y, z});
            std::copy(row, row + w, tiles_.begin() + at);
            std::fill(state_.begin() + at, state_.begin() + at + static_cast<std::uint32_t>(w), kUnseen);
        }
    // The queue holds every cell reached: room for all of a level up to 64 Mi cells
    // (address space only: pages are touched as it fills), so it never moves.
    if (cells <= (std::size_t{1} << 26)) order_.reserve(cells);
    for (int d = 0; d < stepCount(movement); ++d)
        offsets_.push_back(static_cast<std::int64_t>(kSteps[static_cast<std::size_t>(d)].y) * stride_ + kSteps[static_cast<std::size_t>(d)].x);
    if (pickUpKeys)
        for (const Entity& e : level.entities)
            if (std::string lock = keyOpens(e); !lock.empty() && level.contains(e.at.x, e.at.y, e.at.z)) {
                keys_.emplace_back(indexOf(e.at), std::move(lock));
                state_[indexOf(e.at)] |= kKeyHere;
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
    state_[index] = static_cast<std::uint8_t>((state_[index] & kKeyHere) | kReached);
    order_.push_back(index);
}

void KeyedFlood::pickUpAt(std::uint32_t index) {
    for (const auto& [at, lock] : keys_)
        if (at == index && !holds(lock)) give(lock);
}

void KeyedFlood::flood() {
    const TileKinds& kinds = level_.kinds;
    const int depths = level_.depthCount();
    // give() calls back in here (a key picked up opens doors): the loop below goes on
    // from wherever the inner call left the queue, so every cell is taken once.
    while (head_ < order_.size()) {
        const std::uint32_t c = order_[head_++];
        if (state_[c] & kKeyHere) pickUpAt(c);
        for (const std::int64_t offset : offsets_) {
            const auto n = static_cast<std::uint32_t>(static_cast<std::int64_t>(c) + offset);
            if ((state_[n] & kStateMask) != kUnseen) continue;
            const Tile t = tiles_[n];
            if (t == Tile::LockedDoor) {
                std::string lock = lockAt(level_, cellOf(n));
                if (lock.empty() || !holds(lock)) {
                    state_[n] = static_cast<std::uint8_t>((state_[n] & kKeyHere) | kShut);
                    waiting_.push_back({std::move(lock), n});
                    continue;
                }
            } else if (!kinds.walkable(t)) {
                continue;
            }
            reach(n);
        }
        // Stairs lead one way each: down from '>', up from '<'.
        const Tile here = tiles_[c];
        if (here != Tile::StairsDown && here != Tile::StairsUp) continue;
        const bool down = here == Tile::StairsDown;
        const std::uint32_t z = c / plane_;
        if (down ? static_cast<int>(z) + 1 >= depths : z == 0) continue;
        const std::uint32_t to = down ? c + plane_ : c - plane_;
        if ((state_[to] & kStateMask) == kUnseen && kinds.walkable(tiles_[to])) reach(to);
    }
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
