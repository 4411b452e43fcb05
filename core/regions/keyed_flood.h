#pragma once
// Locked doors and their keys: where a player can walk when a locked door opens only
// to its key. A locked door (Tile::LockedDoor) belongs to a lock, the id its door
// record carries (Level::doors); a key is a placed thing whose property "opens" names
// a lock. A key opens every door of its lock and is kept (see the play-test for
// spent keys), so the keys a player holds only grow: the search over (position, keys
// held) is one flood that waits at each locked door until a key of its lock is
// reached, then goes on through it. Every cell is visited once: linear in the area.
//
// The locks_and_keys stage drives the same flood to place keys (each in the part a
// player reaches before its door); reachability, the search metrics and the bot's
// critical path read what it reaches.
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <optional>
#include <string>
#include <vector>

#include "model/connectivity.h"
#include "model/level.h"
#include "regions/neighbour_words.h"

namespace burrow {

// The lock of the locked door at `at`: the last door record there that has one, or
// empty (a locked door painted by hand, with no lock: no key opens it).
std::string lockAt(const Level& level, const Cell& at);
// The lock a placed thing opens: its "opens" property, or empty for anything but a key.
std::string keyOpens(const Entity& thing);
// Whether the level has a locked door anywhere (the cheap test before the searches).
bool hasLockedDoors(const Level& level);

class KeyedFlood {
public:
    // `pickUpKeys`: whether keys lying on the level open their doors as the flood
    // reaches them (a player's walk), or only give() does (the stage placing them).
    KeyedFlood(const Level& level, Connectivity movement, bool pickUpKeys = true);

    // Floods from `start` (ignored unless walkable) until only shut doors are left.
    void run(const Cell& start);
    // Opens the lock's doors the flood has reached (and any it reaches later), and
    // floods on through them.
    void give(const std::string& lock);

    bool reached(const Cell& c) const { return (state_[indexOf(c)] & kStateMask) == kReached; }
    bool holds(const std::string& lock) const;
    // Locks the flood stands at (a door of theirs beside a reached cell) without their key.
    std::vector<std::string> waitingLocks() const;
    // Locks opened (by a key reached or given), in the order opened.
    const std::vector<std::string>& opened() const { return held_; }

    // The cells reached, in the order reached, as indices (a stage takes the part a
    // give() added); what an index is.
    std::span<const std::uint32_t> order() const { return {order_.get(), reached_}; }
    Cell cellOf(std::uint32_t index) const;
    std::uint32_t indexOf(const Cell& c) const {
        return static_cast<std::uint32_t>(c.z) * plane_ + static_cast<std::uint32_t>(c.y + 1) * stride_ + static_cast<std::uint32_t>(c.x + 1);
    }
    // Where depth z's indices begin, and how many each depth has (a border included).
    std::uint32_t depthBase(int z) const { return static_cast<std::uint32_t>(z) * plane_; }
    std::uint32_t depthSpan() const { return plane_; }

private:
    // A cell's state (the low two bits), and what lies there.
    static constexpr std::uint8_t kUnseen = 0, kReached = 1, kShut = 2, kBlocked = 3, kStateMask = 3;
    static constexpr std::uint8_t kKeyHere = 4, kLockedHere = 8, kStairsDown = 16, kStairsUp = 32;
    // A locked door is a neighbour: marked once, so the plain floods test a cell's
    // own byte for everything that takes it off their loop.
    static constexpr std::uint8_t kNearLock = 64, kNotPlain = kKeyHere | kStairsDown | kStairsUp | kNearLock;
    static int startStatesOfBuiltIns(const Tile* row, int width, std::uint8_t* out);
    void markNearLocks();
    void flood();
    void floodPlain4();
    void floodPlain8();
    void spreadFrom(std::uint32_t cell);
    // Queues cell n at order[tail] if it is new, without a branch: whether a
    // neighbour is new is a coin toss on most levels, and a mispredicted branch costs
    // more than the writes.
    static void spreadTo(std::uint8_t* state, std::uint32_t* order, std::size_t& tail, std::uint32_t n) {
        const std::uint8_t s = state[n];
        const bool fresh = (s & kStateMask) == kUnseen;
        state[n] = static_cast<std::uint8_t>(fresh ? s | kReached : s);
        order[tail] = n;
        tail += fresh;
    }
    void meetLockedDoor(std::uint32_t door);
    void reach(std::uint32_t index);
    void pickUpAt(std::uint32_t index);

    const Level& level_;
    // Every depth's tiles with a border of wall, one plane after another, so a step
    // is an index offset and never needs a bounds test.
    std::uint32_t stride_ = 0, plane_ = 0;
    std::vector<std::uint8_t> state_;
    std::vector<std::int64_t> offsets_;
    std::optional<neighbour_words::QueueSteps> queueSteps_; // under 8-direction movement
    std::unique_ptr<std::uint32_t[]> order_; // the cells reached, [0, reached_)
    std::size_t reached_ = 0, head_ = 0;
    std::vector<std::string> held_;
    struct Waiting {
        std::string lock;
        std::uint32_t at = 0;
    };
    std::vector<Waiting> waiting_;                         // shut doors beside the flood
    std::vector<std::pair<std::uint32_t, std::string>> keys_; // keys on the level, when picked up
};

// The level as a player who fetched every key in reach from `start` (default: the
// level's start) sees it: doors of locks opened are plain doors, every other locked
// door stays shut (a wall to every search).
Level withReachableLocksOpen(const Level& level, Connectivity movement, std::optional<Cell> start = std::nullopt);

// Steps from the start to the nearest exit marker, fetching keys on the way: from
// where it stands, the walk goes to the exit if it can, else to the nearest key of a
// lock not yet held, and again. Nothing when the exit cannot be reached.
std::optional<int> criticalPath(const Level& level, Connectivity movement, std::optional<Cell> start = std::nullopt);

} // namespace burrow
