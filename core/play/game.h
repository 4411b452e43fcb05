#pragma once
// The play-test: a level made playable. Seeds 001-004 together describe the game:
// bump to move or attack (damage 1 + random in [0, attack - defense)), creatures
// that chase within a radius or wander, fungus that spreads, stairs taken only
// standing on them, walls dug by walking into them, items picked up, doors and
// the exit locked while enemies remain in their room, the exit wins, death loses.
// Keys are picked up like items; bumping a locked door with its key opens it.
// Deterministic: the level, the simulation seed and the inputs decide everything.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/connectivity.h"
#include "model/level.h"
#include "play/field_of_view.h"
#include "random/rng.h"

namespace burrow {

struct Actor {
    int id = 0;
    const EntityTemplate* kind = nullptr;
    Cell at;
    int hp = 1;
    int energy = 0;   // an action costs 100; speed adds to it each round
    int spreads = 0;  // times a spreading actor has copied itself
    bool alive = true;
    // A spreader that does nothing else, boxed in (no free floor beside it), takes
    // no turn until a cell beside it frees: it would only roll dice to no effect.
    bool resting = false;
};

struct GameOptions {
    Connectivity movement = Connectivity::Eight;
    int sightRadius = 12;
    int messageRadius = 5;          // seed 004: things within 5 cells hear what happens
    bool winWhenCleared = false;    // seed 001: killing every enemy wins (always so on a level with no exit)
    std::optional<Cell> start;      // where the player starts, if not at the level's start (must be walkable)

    // The usual game for a project's movement rule.
    static GameOptions forMovement(Connectivity movement) {
        GameOptions options;
        options.movement = movement;
        return options;
    }
};

enum class Outcome { Playing, Won, Lost };

// One thing the player does.
struct Input {
    enum class Kind { Move, Wait, Descend, Ascend };
    Kind kind = Kind::Wait;
    int dx = 0, dy = 0;
    friend bool operator==(const Input&, const Input&) = default;
};
std::string inputText(const Input& input);                // "move 1 -1", "wait", "descend", "ascend"
std::optional<Input> inputFromText(const std::string& text);

struct Message {
    int turn = 0;
    std::string text;
};

class Game {
public:
    // Plays a finished level (pipeline/make_level.h): the game keeps its own copy,
    // whose templates say what each placed thing is (defaults for any it lacks), so
    // nothing it plays can be freed under it. The player starts at options.start,
    // else at the level's start marker, else on the first walkable cell.
    Game(Level level, std::uint64_t seed, GameOptions options = {});
    // Actors point at templates inside the game's level: moving keeps them valid
    // (the vector's storage moves with it), copying would not.
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;
    Game(Game&&) = default;
    Game& operator=(Game&&) = default;

    // The player's action. Returns true when it took a turn (then everything else
    // acts); false when it could not be done (a message says why).
    bool act(const Input& input);

    Outcome outcome() const { return outcome_; }
    Connectivity movement() const { return options_.movement; }
    const std::string& causeOfDeath() const { return causeOfDeath_; }
    const Level& level() const { return level_; }
    const Actor& player() const { return actors_[0]; }
    const std::vector<Actor>& actors() const { return actors_; }
    // Who stands on a cell: O(1) through the occupancy index.
    const Actor* actorAt(const Cell& c) const;
    int turn() const { return turn_; }
    int itemsCollected() const { return itemsCollected_; }
    int itemsRemaining() const { return static_cast<int>(items_.size()) - itemsCollected_; }
    // Items not yet picked up, with their templates (so they are drawn as placed).
    struct ItemLeft {
        Cell at;
        const EntityTemplate* kind = nullptr;
    };
    std::vector<ItemLeft> itemsLeft() const;
    int enemiesKilled() const { return enemiesKilled_; }
    int damageTaken() const { return damageTaken_; }
    int deepestDepth() const { return deepest_; }
    const std::vector<Message>& messages() const { return messages_; }
    const FieldOfView& view() const { return view_; }
    // Cells the player has seen on a depth (remembered, shown dim).
    bool remembered(int x, int y, int z) const { return seen_[static_cast<std::size_t>(z)](x, y) != 0; }
    bool locked(const Cell& c) const; // a door or exit whose room still holds enemies
    // A locked door (Tile::LockedDoor) the player holds a key of: bumping it opens it.
    bool canUnlock(const Cell& c) const;
    // The locks of the keys the player holds, in the order picked up.
    std::vector<std::string> keysHeld() const;

    // Runs one round for everyone but the player (public for benchmarks).
    void othersAct();

private:
    struct Item {
        Cell at;
        bool taken = false;
        const EntityTemplate* kind = nullptr; // in level_, which the game owns
        std::string opens;                    // a key: the lock it opens
        bool spent = false;                   // a key used up by the door it opens
    };
    struct Key {
        std::string lock;
        bool spent = false; // used up when it opens a door (the key's "spent" property)
    };

    int& occupant(const Cell& c) { return occupancy_[static_cast<std::size_t>(c.z)](c.x, c.y); }
    int occupant(const Cell& c) const { return occupancy_[static_cast<std::size_t>(c.z)](c.x, c.y); }
    bool enterable(const Cell& c) const;
    void moveActor(Actor& a, const Cell& to);
    void attack(Actor& attacker, Actor& victim);
    void kill(Actor& victim, const Actor& killer);
    void spawn(const EntityTemplate* kind, const Cell& at);
    void actorTurn(Actor& a);
    bool stepToward(Actor& a);
    void wander(Actor& a);
    void spread(Actor& a);
    bool roomToSpread(const Actor& a) const;
    bool doesNothingElse(const Actor& a) const;
    bool idleForGood(const Actor& a) const;
    void wakeAround(const Cell& freed);
    void joinWoken(std::vector<int>& order);
    void updateChaseMap();
    void look();
    bool heard(const Cell& where) const; // within the player's hearing (messageRadius)
    void say(const Cell& where, const std::string& text);
    void afterPlayerMoved();
    bool unlock(const Cell& door); // the player bumps a locked door
    void countEnemies(const Actor& a, int delta);

    const EntityTemplate* templateOf(const std::string& name) const;

    Level level_;
    Rng rng_;
    GameOptions options_;
    std::vector<Actor> actors_;
    // The actors whose turn can change something, by id (the order they act in): not
    // the dead, the resting, nor those that can never act again (a fungus done
    // spreading). A round costs these, not every actor the level has grown.
    std::vector<int> turnOrder_;
    std::vector<int> woken_; // resting actors a freed cell woke this round: back in the order next round
    std::vector<Grid<std::int32_t>> occupancy_; // actor id or -1
    std::vector<Item> items_;
    std::vector<Key> keys_; // held by the player
    std::vector<Grid<std::uint8_t>> seen_;
    std::vector<Grid<std::int16_t>> rooms_;     // area id + 1 per cell of each depth, 0 outside rooms
    std::vector<int> enemiesInRoom_;            // by area id
    Grid<std::int32_t> chase_;                  // steps to the player near them, -1 beyond the chase radius
    std::vector<Point> chaseTouched_;           // the cells chase_ holds, to clear next turn
    int chaseRadius_ = 0;
    FieldOfView view_;
    std::vector<Message> messages_;
    Outcome outcome_ = Outcome::Playing;
    std::string causeOfDeath_;
    int turn_ = 0;
    int itemsCollected_ = 0;
    int enemiesKilled_ = 0;
    int enemiesAlive_ = 0;
    int damageTaken_ = 0;
    int deepest_ = 0;
};

} // namespace burrow
