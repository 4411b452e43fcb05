// The creatures' side of a round: who acts (the turn order: not the dead, the
// resting, nor those that can never act again), and what each does with its turn
// (spread, chase, wander), with the chase map they share. Boxed-in spreaders rest
// here and are woken when a cell beside them frees.
#include <algorithm>

#include "model/directions.h"
#include "play/game.h"
#include "play/game_rules.h"

namespace burrow {

using namespace game_rules;

// A cell became free floor (its occupant left or died, or it was dug): the resting
// spreaders beside it may have room again.
void Game::wakeAround(const Cell& freed) {
    for (int d = 0; d < 8; ++d) {
        const Cell c{freed.x + kSteps[d].x, freed.y + kSteps[d].y, freed.z};
        if (!level_.contains(c.x, c.y, c.z)) continue;
        const int id = occupant(c);
        if (id <= 0 || !actors_[static_cast<std::size_t>(id)].resting) continue;
        actors_[static_cast<std::size_t>(id)].resting = false;
        woken_.push_back(id);
    }
}

// The resting actors woken since the order was last made join it in id order, as
// if they had never rested.
void Game::joinWoken(std::vector<int>& order) {
    std::sort(woken_.begin(), woken_.end());
    woken_.erase(std::unique(woken_.begin(), woken_.end()), woken_.end());
    const std::size_t kept = order.size();
    for (int id : woken_)
        if (actors_[static_cast<std::size_t>(id)].alive && !actors_[static_cast<std::size_t>(id)].resting) order.push_back(id);
    std::inplace_merge(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(kept), order.end());
    woken_.clear();
}

void Game::othersAct() {
    updateChaseMap();
    joinWoken(turnOrder_); // woken by the player's move: they act this round
    // Those born this round (spreading fungus) act from the next one.
    const std::size_t born = actors_.size();
    std::vector<int> next;
    next.reserve(turnOrder_.size() + woken_.size());
    std::size_t k = 0;
    // Always through the index: a spawn may move the vector under any reference.
    for (; k < turnOrder_.size() && outcome_ == Outcome::Playing; ++k) {
        const std::size_t i = static_cast<std::size_t>(turnOrder_[k]);
        if (!actors_[i].alive) continue;
        actors_[i].energy += actors_[i].kind->speed;
        while (actors_[i].energy >= kActionCost && actors_[i].alive && !actors_[i].resting && outcome_ == Outcome::Playing) {
            actors_[i].energy -= kActionCost;
            actorTurn(actors_[i]);
        }
        if (actors_[i].alive && !actors_[i].resting && !idleForGood(actors_[i])) next.push_back(turnOrder_[k]);
    }
    next.insert(next.end(), turnOrder_.begin() + static_cast<std::ptrdiff_t>(k), turnOrder_.end()); // the game ended mid-round
    for (std::size_t id = born; id < actors_.size(); ++id)
        if (!idleForGood(actors_[id])) next.push_back(static_cast<int>(id));
    joinWoken(next); // woken during the round: they act from the next one
    turnOrder_ = std::move(next);
}

// Nothing but spreading: stationary, or neither chasing nor wandering.
bool Game::doesNothingElse(const Actor& a) const {
    return has(a.kind, Behaviour::Type::Stationary) || (!has(a.kind, Behaviour::Type::Chase) && !has(a.kind, Behaviour::Type::Wander));
}

// Can never change anything again: does nothing else, and spreads no more.
bool Game::idleForGood(const Actor& a) const {
    const Behaviour* s = behaviour(a.kind, Behaviour::Type::Spread);
    return doesNothingElse(a) && (!s || a.spreads >= s->limit);
}

// What spread() looks for, asked every turn of every spreader: free floor beside it
// (floor is never locked, so that is its enterable test), read straight off the grids.
bool Game::roomToSpread(const Actor& a) const {
    if (!level_.kinds.walkable(Tile::Floor)) return false;
    const TileGrid& tiles = level_.tiles(a.at.z);
    const Grid<std::int32_t>& occupied = occupancy_[static_cast<std::size_t>(a.at.z)];
    for (int d = 0; d < 8; ++d) {
        const int x = a.at.x + kSteps[d].x, y = a.at.y + kSteps[d].y;
        if (tiles.contains(x, y) && tiles(x, y) == Tile::Floor && occupied(x, y) < 0) return true;
    }
    return false;
}

void Game::actorTurn(Actor& a) {
    const std::size_t index = static_cast<std::size_t>(a.id);
    if (const Behaviour* s = behaviour(a.kind, Behaviour::Type::Spread); s && a.spreads < s->limit) {
        // Boxed in, a spreader rolls no dice: one that does nothing else rests until
        // a cell beside it frees; one that moves goes on with its turn.
        if (!roomToSpread(a)) {
            if (doesNothingElse(a)) {
                a.resting = true;
                return;
            }
        } else if (rng_.chance(s->chance)) {
            spread(actors_[index]);
            return; // spreading is its action for the turn
        }
    }
    if (has(actors_[index].kind, Behaviour::Type::Stationary)) return;
    if (stepToward(actors_[index])) return;
    if (has(actors_[index].kind, Behaviour::Type::Wander)) wander(actors_[index]);
}

// One step down the chase map, toward the player; whoever stands in the way is hit
// (seed 001: enemies can hit each other). One action, never two.
bool Game::stepToward(Actor& a) {
    const Behaviour* chase = behaviour(a.kind, Behaviour::Type::Chase);
    if (!chase || a.at.z != player().at.z) return false;
    const int here = chase_(a.at.x, a.at.y);
    // In sight: the view is symmetric, so a creature the player sees sees the player.
    const bool seesPlayer = chase->sight && view_.visible(a.at.x, a.at.y);
    if (here < 0 || (here > chase->radius && !seesPlayer)) return false;
    const int directions = options_.movement == Connectivity::Eight ? 8 : 4;
    for (int d = 0; d < directions; ++d) {
        const Cell to{a.at.x + kSteps[d].x, a.at.y + kSteps[d].y, a.at.z};
        if (!chase_.contains(to.x, to.y) || chase_(to.x, to.y) < 0 || chase_(to.x, to.y) >= here) continue;
        if (const int other = occupant(to); other >= 0) {
            attack(a, actors_[static_cast<std::size_t>(other)]);
            return true;
        }
        if (enterable(to)) {
            moveActor(a, to);
            return true;
        }
    }
    return false;
}

void Game::wander(Actor& a) {
    const int directions = options_.movement == Connectivity::Eight ? 8 : 4;
    const int d = static_cast<int>(rng_.below(static_cast<std::uint32_t>(directions)));
    const Cell to{a.at.x + kSteps[d].x, a.at.y + kSteps[d].y, a.at.z};
    if (enterable(to)) moveActor(a, to);
}

void Game::spread(Actor& a) {
    Cell choices[8];
    int n = 0;
    for (int d = 0; d < 8; ++d) {
        const Cell to{a.at.x + kSteps[d].x, a.at.y + kSteps[d].y, a.at.z};
        if (enterable(to) && level_.at(to.x, to.y, to.z) == Tile::Floor) choices[n++] = to;
    }
    if (n == 0) return;
    ++a.spreads;
    const Cell at = choices[rng_.below(static_cast<std::uint32_t>(n))];
    const EntityTemplate* kind = a.kind;
    if (heard(at)) say(at, "The " + kind->name + " is spreading!"); // the text made only when someone hears it
    spawn(kind, at); // may move actors_: `a` is not used after this
}

// Steps from the player over walkable cells, out to the longest chase radius; only
// the cells touched last time are cleared, so a turn costs the radius, not the map.
void Game::updateChaseMap() {
    std::vector<Point>& touched = chaseTouched_;
    for (const Point& p : touched) chase_(p.x, p.y) = -1;
    touched.clear();
    if (chaseRadius_ <= 0) return;
    const Cell origin = player().at;
    const TileGrid& tiles = level_.tiles(origin.z);
    chase_(origin.x, origin.y) = 0;
    touched.push_back({origin.x, origin.y});
    const int directions = options_.movement == Connectivity::Eight ? 8 : 4;
    for (std::size_t head = 0; head < touched.size(); ++head) {
        const Point p = touched[head];
        const int next = chase_(p.x, p.y) + 1;
        if (next > chaseRadius_) continue;
        for (int d = 0; d < directions; ++d) {
            const int x = p.x + kSteps[d].x, y = p.y + kSteps[d].y;
            if (!tiles.contains(x, y) || chase_(x, y) >= 0 || !level_.kinds.walkable(tiles(x, y))) continue;
            chase_(x, y) = next;
            touched.push_back({x, y});
        }
    }
}

} // namespace burrow
