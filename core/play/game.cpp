#include "play/game.h"

#include <algorithm>
#include <sstream>

#include "play/game_rules.h"
#include "regions/keyed_flood.h"
#include "regions/reachability.h"

namespace burrow {

using namespace game_rules;

std::string inputText(const Input& input) {
    switch (input.kind) {
    case Input::Kind::Move: return "move " + std::to_string(input.dx) + " " + std::to_string(input.dy);
    case Input::Kind::Wait: return "wait";
    case Input::Kind::Descend: return "descend";
    case Input::Kind::Ascend: return "ascend";
    }
    return "wait";
}

std::optional<Input> inputFromText(const std::string& text) {
    std::istringstream in(text);
    std::string word;
    in >> word;
    if (word == "wait") return Input{Input::Kind::Wait, 0, 0};
    if (word == "descend") return Input{Input::Kind::Descend, 0, 0};
    if (word == "ascend") return Input{Input::Kind::Ascend, 0, 0};
    int dx = 0, dy = 0;
    if (word == "move" && (in >> dx >> dy) && std::abs(dx) <= 1 && std::abs(dy) <= 1 && (dx || dy)) return Input{Input::Kind::Move, dx, dy};
    return std::nullopt;
}

namespace {
bool isSpent(const Entity& key) {
    for (const Property& p : key.properties)
        if (p.name == "spent") return propertyText(p.value) == "true";
    return false;
}
} // namespace

const EntityTemplate* Game::templateOf(const std::string& name) const {
    if (const EntityTemplate* t = level_.findTemplate(name)) return t;
    for (const EntityTemplate& t : defaultTemplates())
        if (t.name == name) return &t;
    return nullptr;
}

Game::Game(Level level, std::uint64_t seed, GameOptions options) : level_(std::move(level)), rng_(seed), options_(options) {
    const LevelSize size = level_.size();
    for (int z = 0; z < size.depth; ++z) {
        occupancy_.emplace_back(size.width, size.height, -1);
        seen_.emplace_back(size.width, size.height, 0);
        rooms_.emplace_back(size.width, size.height, 0);
    }
    enemiesInRoom_.assign(level_.areas.size(), 0);
    for (const Area& a : level_.areas) {
        if (a.kind != AreaKind::Room) continue;
        for (int y = std::max(0, a.bounds.y); y < std::min(size.height, a.bounds.bottom()); ++y)
            for (int x = std::max(0, a.bounds.x); x < std::min(size.width, a.bounds.right()); ++x)
                rooms_[static_cast<std::size_t>(a.depth)](x, y) = static_cast<std::int16_t>(a.id + 1);
    }
    chase_ = Grid<std::int32_t>(size.width, size.height, -1);
    view_ = FieldOfView(size.width, size.height);

    // The player first (actor 0): where asked, else the start marker (where the
    // population puts a placed player too), else the first walkable cell.
    std::optional<Cell> start;
    if (options_.start && level_.contains(options_.start->x, options_.start->y, options_.start->z) &&
        level_.kinds.walkable(level_.at(options_.start->x, options_.start->y, options_.start->z)))
        start = options_.start;
    if (!start) start = defaultStart(level_);
    deepest_ = start ? start->z : 0;
    const EntityTemplate* playerKind = templateOf("player");
    actors_.push_back({0, playerKind, start.value_or(Cell{}), playerKind ? playerKind->maxHp : 1, 0, 0, true});
    if (!start) {
        outcome_ = Outcome::Lost;
        causeOfDeath_ = "nowhere to stand";
        return;
    }
    occupant(actors_[0].at) = 0;
    for (const Entity& e : level_.entities) {
        const EntityTemplate* t = templateOf(e.templateName);
        if (!t || t->kind == EntityKind::Player || t->kind == EntityKind::Exit || e.at == actors_[0].at) continue;
        if (t->kind == EntityKind::Item) items_.push_back({e.at, false, t, keyOpens(e), isSpent(e)});
        else if (occupant(e.at) < 0) spawn(t, e.at);
    }
    // Seed 001: with no exit to reach, killing every enemy wins.
    const bool hasExit = std::any_of(level_.markers.begin(), level_.markers.end(), [](const Marker& m) { return m.name == "exit"; });
    if (!hasExit && enemiesAlive_ > 0) options_.winWhenCleared = true;
    for (const Actor& a : actors_)
        if (a.id != 0 && !idleForGood(a)) turnOrder_.push_back(a.id);
    look();
}

std::vector<Game::ItemLeft> Game::itemsLeft() const {
    std::vector<ItemLeft> left;
    for (const Item& i : items_)
        if (!i.taken) left.push_back({i.at, i.kind});
    return left;
}

const Actor* Game::actorAt(const Cell& c) const {
    if (!level_.contains(c.x, c.y, c.z)) return nullptr;
    const int id = occupant(c);
    return id < 0 ? nullptr : &actors_[static_cast<std::size_t>(id)];
}

bool Game::locked(const Cell& c) const {
    const Tile t = level_.at(c.x, c.y, c.z);
    if (t == Tile::Door) {
        // Seed 002: the room the player is in keeps its doors shut until its
        // enemies are dead. Other rooms' doors open from outside.
        const Cell& p = player().at;
        if (p.z != c.z) return false;
        const int room = rooms_[static_cast<std::size_t>(p.z)](p.x, p.y) - 1;
        if (room < 0 || enemiesInRoom_[static_cast<std::size_t>(room)] == 0) return false;
        for (const Door& d : level_.doors)
            if (d.at == c && (d.areaA == room || d.areaB == room)) return true;
        return false;
    }
    if (t == Tile::Exit) {
        const int room = rooms_[static_cast<std::size_t>(c.z)](c.x, c.y) - 1;
        if (room >= 0) return enemiesInRoom_[static_cast<std::size_t>(room)] > 0;
        return options_.winWhenCleared && enemiesAlive_ > 0;
    }
    return false;
}

bool Game::enterable(const Cell& c) const {
    return level_.contains(c.x, c.y, c.z) && level_.kinds.walkable(level_.at(c.x, c.y, c.z)) && occupant(c) < 0 && !locked(c);
}

void Game::countEnemies(const Actor& a, int delta) {
    if (!hostile(a.kind)) return;
    enemiesAlive_ += delta;
    const int room = rooms_[static_cast<std::size_t>(a.at.z)](a.at.x, a.at.y) - 1;
    if (room >= 0) enemiesInRoom_[static_cast<std::size_t>(room)] += delta;
}

void Game::spawn(const EntityTemplate* kind, const Cell& at) {
    const int id = static_cast<int>(actors_.size());
    actors_.push_back({id, kind, at, kind->maxHp, 0, 0, true});
    occupant(at) = id;
    countEnemies(actors_.back(), +1);
    // The chase map reaches as far as any chaser looks: its radius, or the sight radius.
    if (const Behaviour* chase = behaviour(kind, Behaviour::Type::Chase))
        chaseRadius_ = std::max({chaseRadius_, chase->radius, chase->sight ? options_.sightRadius : 0});
}

void Game::moveActor(Actor& a, const Cell& to) {
    countEnemies(a, -1);
    occupant(a.at) = -1;
    const Cell from = a.at;
    a.at = to;
    occupant(a.at) = a.id;
    countEnemies(a, +1);
    wakeAround(from);
}

bool Game::heard(const Cell& where) const {
    const Cell& p = player().at;
    const int dx = where.x - p.x, dy = where.y - p.y;
    return where.z == p.z && dx * dx + dy * dy <= options_.messageRadius * options_.messageRadius;
}

void Game::say(const Cell& where, const std::string& text) {
    if (heard(where)) messages_.push_back({turn_, text});
}

void Game::attack(Actor& attacker, Actor& victim) {
    // Seed 004: 1 + a random integer in [0, attack - defense), at least 1.
    const int edge = std::max(0, (attacker.kind ? attacker.kind->attack : 1) - (victim.kind ? victim.kind->defense : 0));
    const int damage = 1 + (edge > 0 ? static_cast<int>(rng_.below(static_cast<std::uint32_t>(edge))) : 0);
    victim.hp -= damage;
    const std::string a = attacker.id == 0 ? "You" : "The " + attacker.kind->name;
    const std::string v = victim.id == 0 ? "you" : "the " + victim.kind->name;
    say(victim.at, a + (attacker.id == 0 ? " hit " : " hits ") + v + " for " + std::to_string(damage) + "!");
    if (victim.id == 0) damageTaken_ += damage;
    if (victim.hp <= 0) kill(victim, attacker);
}

void Game::kill(Actor& victim, const Actor& killer) {
    victim.alive = false;
    occupant(victim.at) = -1;
    countEnemies(victim, -1);
    wakeAround(victim.at);
    if (victim.id == 0) {
        outcome_ = Outcome::Lost;
        causeOfDeath_ = killer.kind ? killer.kind->name : "something";
        messages_.push_back({turn_, "You die..."});
        return;
    }
    say(victim.at, "The " + victim.kind->name + " dies.");
    if (killer.id == 0 && hostile(victim.kind)) ++enemiesKilled_;
    if (options_.winWhenCleared && enemiesAlive_ == 0 && outcome_ == Outcome::Playing) {
        outcome_ = Outcome::Won;
        messages_.push_back({turn_, "Every enemy is dead. You win!"});
    }
}

bool Game::act(const Input& input) {
    if (outcome_ != Outcome::Playing) return false;
    Actor& me = actors_[0];
    switch (input.kind) {
    case Input::Kind::Wait: break;
    case Input::Kind::Move: {
        if (options_.movement == Connectivity::Four && input.dx != 0 && input.dy != 0) {
            messages_.push_back({turn_, "You can only move in four directions."});
            return false;
        }
        const Cell to{me.at.x + input.dx, me.at.y + input.dy, me.at.z};
        if (!level_.contains(to.x, to.y, to.z) || (input.dx == 0 && input.dy == 0)) return false;
        if (const int other = occupant(to); other >= 0) {
            attack(me, actors_[static_cast<std::size_t>(other)]);
        } else if (level_.kinds.diggable(level_.at(to.x, to.y, to.z))) {
            level_.set(to.x, to.y, to.z, Tile::Floor); // seed 004: walk into a wall to dig it
            wakeAround(to);
            messages_.push_back({turn_, "You dig through the rock."});
        } else if (level_.at(to.x, to.y, to.z) == Tile::LockedDoor) {
            if (!unlock(to)) return false;
        } else if (locked(to)) {
            messages_.push_back({turn_, level_.at(to.x, to.y, to.z) == Tile::Exit ? "The exit is sealed while enemies remain." : "The door is locked while enemies remain."});
            return false;
        } else if (!level_.kinds.walkable(level_.at(to.x, to.y, to.z))) {
            messages_.push_back({turn_, "That way is blocked."});
            return false;
        } else {
            moveActor(me, to);
            afterPlayerMoved();
        }
        break;
    }
    case Input::Kind::Descend:
    case Input::Kind::Ascend: {
        const bool down = input.kind == Input::Kind::Descend;
        if (level_.at(me.at.x, me.at.y, me.at.z) != (down ? Tile::StairsDown : Tile::StairsUp)) {
            messages_.push_back({turn_, down ? "You can't go down here!" : "You can't go up here!"});
            return false;
        }
        const Cell to{me.at.x, me.at.y, me.at.z + (down ? 1 : -1)};
        if (!level_.contains(to.x, to.y, to.z) || !enterable(to)) {
            messages_.push_back({turn_, "Something blocks the stairs."});
            return false;
        }
        moveActor(me, to);
        deepest_ = std::max(deepest_, to.z);
        messages_.push_back({turn_, down ? "You descend to depth " + std::to_string(to.z) + "." : "You climb to depth " + std::to_string(to.z) + "."});
        break;
    }
    }
    ++turn_;
    if (outcome_ == Outcome::Playing) othersAct();
    look();
    return true;
}

bool Game::canUnlock(const Cell& c) const {
    if (!level_.contains(c.x, c.y, c.z) || level_.at(c.x, c.y, c.z) != Tile::LockedDoor) return false;
    const std::string lock = lockAt(level_, c);
    return !lock.empty() && std::any_of(keys_.begin(), keys_.end(), [&](const Key& k) { return k.lock == lock; });
}

std::vector<std::string> Game::keysHeld() const {
    std::vector<std::string> locks;
    for (const Key& k : keys_) locks.push_back(k.lock);
    return locks;
}

// Opening takes the turn; the player steps through on the next one.
bool Game::unlock(const Cell& door) {
    const std::string lock = lockAt(level_, door);
    const auto key = std::find_if(keys_.begin(), keys_.end(), [&](const Key& k) { return !lock.empty() && k.lock == lock; });
    if (key == keys_.end()) {
        messages_.push_back({turn_, lock.empty() ? "The door is locked, and no key opens it." : "The door is locked (" + lock + "): you have no key for it."});
        return false;
    }
    level_.set(door.x, door.y, door.z, Tile::Door);
    const bool spent = key->spent;
    if (spent) keys_.erase(key);
    messages_.push_back({turn_, spent ? "You unlock the door (" + lock + "); the key stays in the lock." : "You unlock the door (" + lock + ")."});
    return true;
}

void Game::afterPlayerMoved() {
    const Cell& at = player().at;
    for (Item& item : items_)
        if (!item.taken && item.at == at) {
            item.taken = true;
            ++itemsCollected_;
            if (!item.opens.empty()) {
                keys_.push_back({item.opens, item.spent});
                messages_.push_back({turn_, "You pick up the key of " + item.opens + "."});
            } else {
                messages_.push_back({turn_, "You pick up an item (" + std::to_string(itemsRemaining()) + " left)."});
            }
        }
    if (level_.at(at.x, at.y, at.z) == Tile::Exit && outcome_ == Outcome::Playing) {
        outcome_ = Outcome::Won;
        messages_.push_back({turn_, "You reach the exit. You win!"});
    }
}

void Game::look() {
    const Cell& p = player().at;
    view_.compute(level_.tiles(p.z), {p.x, p.y}, options_.sightRadius, level_.kinds);
    Grid<std::uint8_t>& seen = seen_[static_cast<std::size_t>(p.z)];
    for (const Point& c : view_.cells()) seen(c.x, c.y) = 1;
}

} // namespace burrow
