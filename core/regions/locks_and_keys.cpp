// Locks and keys (Brogue's keys and altars, Dungeon Architect's lock-and-key): each
// locked door gets its key, placed where a player reaches it without passing that
// door, so the level can always be finished.
//
// The locks: the locked doors already on the depth (a room graph's `locked` joins,
// each recorded with its lock), and `locks` more on chokepoints of the walk from the
// start to the exit (regions/chokepoints.h), spread along it, narrow ones first.
//
// The keys: a flood from the start that waits at every locked door (KeyedFlood)
// reaches some part of the level. One of the locks it waits at gets its key, on a
// free cell of the part reached last (outside the start room where there is any
// other), and its doors open; the flood goes on from them. So key 2 may lie behind
// door 1 but never behind door 2: chains come out in order, and the flood that
// placed the keys is the proof that a player holding only what it has picked up
// reaches every one. Each lock and each key is a step. Linear in the area: every
// cell is flooded once.
#include "regions/locks_and_keys.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "regions/chokepoints.h"
#include "regions/keyed_flood.h"
#include "regions/reachability.h"

namespace burrow {
namespace lock_detail {

class LocksAndKeys final : public Stage {
public:
    LocksAndKeys(const ParamValues& params, StageSetup setup)
        : rng_(setup.rng), movement_(setup.movement), depth_(setup.depth), extraLocks_(params.integer("locks")), spendKeys_(params.flag("spend_keys")) {}

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        Level& level = canvas.level();
        if (!planned_) {
            plan(level);
            return;
        }
        if (next_ < chokes_.size()) {
            lockChokepoint(canvas, chokes_[next_++]);
            return;
        }
        if (!flood_) {
            flood_ = std::make_unique<KeyedFlood>(level, movement_);
            flood_->run(start_);
        }
        const std::vector<std::string> waiting = onThisDepth(level, flood_->waitingLocks());
        if (waiting.empty()) {
            finishUp();
            return;
        }
        placeKey(level, waiting[rng_.below(static_cast<std::uint32_t>(waiting.size()))]);
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (mark_) out.push_back(Annotation::at(Annotation::Kind::Cell, mark_->x, mark_->y, 0, depth_));
    }

private:
    // The start (its marker on this depth, else the depth's first walkable cell) and,
    // for extra locks, the chokepoints towards the exit.
    void plan(Level& level) {
        planned_ = true;
        std::optional<Cell> start, exit;
        for (const Marker& m : level.markers)
            if (m.at.z == depth_ && level.contains(m.at.x, m.at.y, m.at.z)) {
                if (m.name == "start" && !start) start = m.at;
                if (m.name == "exit" && !exit) exit = m.at;
            }
        if (!start) start = nearestWalkable(level, {0, 0, depth_});
        if (!start) {
            describe("no walkable ground: nothing to lock");
            finish();
            return;
        }
        start_ = *start;
        startRoom_ = roomAround(level, start_);
        if (extraLocks_ > 0) chooseChokepoints(level, exit);
        describe(std::to_string(lockedOnDepth(level)) + " locked doors, " + std::to_string(chokes_.size()) + " more to lock");
    }

    void chooseChokepoints(const Level& level, const std::optional<Cell>& exit) {
        if (!exit) {
            warn("no_exit", "no exit marker on depth " + std::to_string(depth_) + ": the " + std::to_string(extraLocks_) +
                                " locks between the start and the exit were not placed (put the exit first: a room graph's exit room, or a populate stage's exit)");
            return;
        }
        const TileGrid& tiles = level.tiles(depth_);
        std::vector<Point> cuts = chokepoints(tiles, level.kinds, movement_, {start_.x, start_.y}, {exit->x, exit->y});
        std::erase_if(cuts, [&](const Point& p) {
            const Tile t = tiles(p.x, p.y);
            return (t != Tile::Door && isPassage(t)) || besideStartRoom(level, p);
        });
        // A door or a cell between two walls is a doorway; any other chokepoint only where there are not enough of those.
        std::vector<Point> narrow;
        for (const Point& p : cuts)
            if (doorway(level, p)) narrow.push_back(p);
        const std::vector<Point>& pool = static_cast<int>(narrow.size()) >= extraLocks_ ? narrow : cuts;
        // Spread along the walk: the k-th lock near k / (locks + 1) of the way.
        for (int k = 1; k <= extraLocks_ && !pool.empty(); ++k) {
            const std::size_t target = std::min(pool.size() - 1, pool.size() * static_cast<std::size_t>(k) / static_cast<std::size_t>(extraLocks_ + 1));
            for (std::size_t off = 0; off < pool.size(); ++off) {
                for (std::size_t i : {target + off, target - off}) {
                    if (i >= pool.size() || std::find(chokes_.begin(), chokes_.end(), pool[i]) != chokes_.end()) continue;
                    chokes_.push_back(pool[i]);
                    off = pool.size();
                    break;
                }
            }
        }
        std::sort(chokes_.begin(), chokes_.end(), [&](const Point& a, const Point& b) {
            return std::find(cuts.begin(), cuts.end(), a) < std::find(cuts.begin(), cuts.end(), b);
        });
        if (static_cast<int>(chokes_.size()) < extraLocks_)
            warn("few_chokepoints", "only " + std::to_string(chokes_.size()) + " of the " + std::to_string(extraLocks_) + " locks asked for on depth " +
                                        std::to_string(depth_) + ": every walk from the start to the exit passes no more single cells than that");
    }

    // Not in the start room nor in its wall: a key needs somewhere to lie before the door.
    bool besideStartRoom(const Level& level, Point p) const {
        if (startRoom_ < 0) return false;
        const Rect& r = level.areas[static_cast<std::size_t>(startRoom_)].bounds;
        return p.x >= r.x - 1 && p.y >= r.y - 1 && p.x <= r.right() && p.y <= r.bottom();
    }

    // A door, or open ground between two walls (in a row or a column).
    bool doorway(const Level& level, Point p) const {
        const TileGrid& tiles = level.tiles(depth_);
        if (tiles(p.x, p.y) == Tile::Door) return true;
        auto open = [&](int x, int y) { return tiles.contains(x, y) && level.kinds.walkable(tiles(x, y)); };
        const bool row = !open(p.x - 1, p.y) && !open(p.x + 1, p.y) && open(p.x, p.y - 1) && open(p.x, p.y + 1);
        const bool column = !open(p.x, p.y - 1) && !open(p.x, p.y + 1) && open(p.x - 1, p.y) && open(p.x + 1, p.y);
        return row || column;
    }

    void lockChokepoint(LevelCanvas& canvas, Point at) {
        Level& level = canvas.level();
        const std::string lock = freshLockId(level);
        canvas.set(at.x, at.y, Tile::LockedDoor);
        level.doors.push_back({{at.x, at.y, depth_}, -1, -1, lock});
        mark_ = at;
        describe("locked the way at (" + std::to_string(at.x) + ", " + std::to_string(at.y) + ") with lock \"" + lock + "\"");
    }

    std::string freshLockId(const Level& level) const {
        for (int n = 1;; ++n) {
            std::string id = "lock" + std::to_string(n);
            if (std::none_of(level.doors.begin(), level.doors.end(), [&](const Door& d) { return d.lock == id; })) return id;
        }
    }

    // A key for `lock` on a free cell of the part the flood reached last.
    void placeKey(Level& level, const std::string& lock) {
        std::optional<Cell> at = pickCell(level, partFrom_, true);
        if (!at) at = pickCell(level, 0, true);
        if (!at) at = pickCell(level, 0, false);
        if (!at) {
            unlock(level, lock, "there is no free cell a player reaches before its door");
            return;
        }
        Entity key{"key", *at, {{"opens", lock}}};
        if (spendKeys_) key.properties.push_back({"spent", true});
        level.entities.push_back(std::move(key));
        mark_ = Point{at->x, at->y};
        partFrom_ = flood_->order().size();
        flood_->give(lock);
        ++keysPlaced_;
        describe("placed the key of lock \"" + lock + "\" at (" + std::to_string(at->x) + ", " + std::to_string(at->y) + ")");
    }

    // A random free cell of the flood's cells from `from` on, on this depth: open
    // ground, no thing on it, not the start, and (when `awayFromStart`) outside the
    // start room. A pass counts those cells, by index, and a part of one finds the
    // one picked: no other is spelled out.
    std::optional<Cell> pickCell(const Level& level, std::size_t from, bool awayFromStart) {
        const std::uint32_t base = flood_->depthBase(depth_), span = flood_->depthSpan();
        if (kept_.empty()) markKept(level);
        const std::uint8_t refuse = awayFromStart ? 3 : 1;
        const std::span<const std::uint32_t> reached = flood_->order();
        auto free = [&](std::uint32_t i) -> std::uint32_t { return i - base < span && !(kept_[i - base] & refuse); };
        // Counted by blocks, so the pick goes straight to its block.
        constexpr std::size_t kBlock = 1024;
        blockCounts_.clear();
        std::uint32_t count = 0;
        for (std::size_t block = from; block < reached.size(); block += kBlock) {
            std::uint32_t inBlock = 0;
            for (std::size_t i = block; i < std::min(block + kBlock, reached.size()); ++i) inBlock += free(reached[i]);
            blockCounts_.push_back(inBlock);
            count += inBlock;
        }
        if (count == 0) return std::nullopt;
        std::uint32_t pick = rng_.below(count);
        std::size_t i = from;
        for (const std::uint32_t inBlock : blockCounts_) {
            if (pick < inBlock) break;
            pick -= inBlock;
            i += kBlock;
        }
        for (; i < reached.size(); ++i)
            if (free(reached[i]) && pick-- == 0) {
                kept_[reached[i] - base] |= 1;
                return flood_->cellOf(reached[i]);
            }
        return std::nullopt;
    }

    // Per cell of the depth, by the flood's index: 1 where a key may not lie (not open
    // ground, a thing stands there, or the start), 2 inside the start room. Open
    // ground is looked up here, a row at a time in a table of its own, so picking
    // reads one byte a cell of the flood's order, not this and the tile.
    void markKept(const Level& level) {
        const std::uint32_t base = flood_->depthBase(depth_);
        kept_.assign(flood_->depthSpan(), 1);
        std::array<std::uint8_t, 256> notGround{};
        for (std::size_t k = 0; k < notGround.size(); ++k) notGround[k] = !level.kinds.walkable(static_cast<Tile>(k)) || isPassage(static_cast<Tile>(k));
        for (int y = 0; y < level.height(); ++y) {
            const Tile* row = level.tiles(depth_).row(y);
            std::uint8_t* const out = kept_.data() + (flood_->indexOf({0, y, depth_}) - base); // a local: a byte stored could alias kept_
            for (int x = 0; x < level.width(); ++x) out[x] = notGround[static_cast<std::uint8_t>(row[x])];
        }
        for (const Entity& e : level.entities)
            if (e.at.z == depth_ && level.contains(e.at.x, e.at.y, e.at.z)) kept_[flood_->indexOf(e.at) - base] |= 1;
        kept_[flood_->indexOf(start_) - base] |= 1;
        if (startRoom_ < 0) return;
        const Rect& r = level.areas[static_cast<std::size_t>(startRoom_)].bounds;
        for (int y = std::max(0, r.y); y < std::min(level.height(), r.bottom()); ++y)
            for (int x = std::max(0, r.x); x < std::min(level.width(), r.right()); ++x) kept_[flood_->indexOf({x, y, depth_}) - base] |= 2;
    }

    // No key can be placed: the lock's doors become plain doors, never a level that cannot be finished.
    void unlock(Level& level, const std::string& lock, const std::string& why) {
        for (Door& d : level.doors)
            if (d.lock == lock && d.at.z == depth_ && level.at(d.at.x, d.at.y, d.at.z) == Tile::LockedDoor) level.set(d.at.x, d.at.y, d.at.z, Tile::Door);
        warn("lock_unlocked", "lock \"" + lock + "\" on depth " + std::to_string(depth_) + " has no key: " + why + "; its doors are left open");
        partFrom_ = flood_->order().size();
        flood_->give(lock);
    }

    void finishUp() {
        mark_.reset();
        describe("every lock has its key: " + std::to_string(keysPlaced_) + " placed");
        finish();
    }

    std::vector<std::string> onThisDepth(const Level& level, std::vector<std::string> locks) const {
        std::erase_if(locks, [&](const std::string& lock) {
            return std::none_of(level.doors.begin(), level.doors.end(), [&](const Door& d) { return d.lock == lock && d.at.z == depth_; });
        });
        return locks;
    }

    int lockedOnDepth(const Level& level) const {
        int n = 0;
        for (const Door& d : level.doors) n += d.at.z == depth_ && !d.lock.empty();
        return n;
    }

    // The recorded room holding a cell, or -1.
    static int roomAround(const Level& level, const Cell& c) {
        for (const Area& a : level.areas)
            if (a.kind == AreaKind::Room && a.depth == c.z && a.bounds.contains(c.x, c.y)) return a.id;
        return -1;
    }

    Rng rng_;
    Connectivity movement_;
    int depth_;
    int extraLocks_;
    bool spendKeys_;
    bool planned_ = false;
    Cell start_;
    int startRoom_ = -1;
    std::vector<Point> chokes_;
    std::size_t next_ = 0;
    std::unique_ptr<KeyedFlood> flood_;
    std::size_t partFrom_ = 0; // where the part the flood reached last begins in its cells
    std::vector<std::uint8_t> kept_; // markKept()
    std::vector<std::uint32_t> blockCounts_; // pickCell()'s scratch
    int keysPlaced_ = 0;
    std::optional<Point> mark_;
};

} // namespace lock_detail

StageType locksAndKeysStage() {
    StageType type;
    type.id = "locks_and_keys";
    type.label = "Locks and keys";
    type.technique = "Gives each locked door a key a player reaches before it, and locks chokepoints between the start and the exit";
    type.params = {
        intParam("locks", "Extra locks", 0, 0, 16,
                 "Locked doors to add on chokepoints of the walk from the start to the exit, besides the room graph's locked joins"),
        boolParam("spend_keys", "Keys are spent", false, "Whether a key is used up when it opens a door (its \"spent\" property) or kept"),
    };
    type.create = stageFactory<lock_detail::LocksAndKeys>();
    return type;
}

} // namespace burrow
