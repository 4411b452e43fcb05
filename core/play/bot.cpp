#include "play/bot.h"

#include <algorithm>
#include <deque>

namespace burrow {
namespace {
constexpr int kDx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
constexpr int kDy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

struct Goal {
    Point first;   // the first step toward it
    bool found = false;
};

// Breadth-first over cells the bot remembers as open, to the nearest cell that
// `isGoal` accepts; returns the first step of the way there.
template <typename IsGoal>
Goal nearest(const Game& game, int directions, IsGoal isGoal) {
    const Cell me = game.player().at;
    const TileGrid& tiles = game.level().tiles(me.z);
    Grid<std::int32_t> from(tiles.width(), tiles.height(), -1); // index of the first step taken, +1
    std::deque<Point> queue{{me.x, me.y}};
    from(me.x, me.y) = 0;
    while (!queue.empty()) {
        const Point p = queue.front();
        queue.pop_front();
        if (!(p.x == me.x && p.y == me.y) && isGoal(p)) {
            const int first = from(p.x, p.y) - 1;
            return {{me.x + kDx[first], me.y + kDy[first]}, true};
        }
        for (int d = 0; d < directions; ++d) {
            const int x = p.x + kDx[d], y = p.y + kDy[d];
            if (!tiles.contains(x, y) || from(x, y) >= 0) continue;
            const Cell c{x, y, me.z};
            const bool known = game.remembered(x, y, me.z);
            // Goals may be unseen cells; paths go only through open cells the bot has seen.
            if (known && (!isWalkable(tiles(x, y)) || game.locked(c))) continue;
            from(x, y) = (p.x == me.x && p.y == me.y) ? d + 1 : from(p.x, p.y);
            if (!known) {
                if (isGoal({x, y})) return {{me.x + kDx[from(x, y) - 1], me.y + kDy[from(x, y) - 1]}, true};
                continue;
            }
            queue.push_back({x, y});
        }
    }
    return {};
}

Input moveTo(const Cell& me, Point to) { return {Input::Kind::Move, to.x - me.x, to.y - me.y}; }

} // namespace

Input botChoice(const Game& game) {
    const Cell me = game.player().at;
    const int directions = game.movement() == Connectivity::Eight ? 8 : 4;
    const TileGrid& tiles = game.level().tiles(me.z);
    // 1. Fight whatever hostile stands next to it.
    for (int d = 0; d < directions; ++d) {
        const Actor* other = game.actorAt({me.x + kDx[d], me.y + kDy[d], me.z});
        if (other && other->alive && other->kind && other->kind->kind == EntityKind::Creature) return {Input::Kind::Move, kDx[d], kDy[d]};
    }
    // 2. An exit it has seen, once open.
    auto isOpenExit = [&](Point p) {
        return game.remembered(p.x, p.y, me.z) && tiles(p.x, p.y) == Tile::Exit && !game.locked({p.x, p.y, me.z});
    };
    if (const Goal g = nearest(game, directions, isOpenExit); g.found) return moveTo(me, g.first);
    // 3. Hostiles it can see, and items it knows of (seed 003's counter).
    auto isVisibleHostile = [&](Point p) {
        const Actor* a = game.view().visible(p.x, p.y) ? game.actorAt({p.x, p.y, me.z}) : nullptr;
        return a && a->alive && a->kind && a->kind->kind == EntityKind::Creature;
    };
    if (const Goal g = nearest(game, directions, isVisibleHostile); g.found) return moveTo(me, g.first);
    const std::vector<Cell> items = game.itemsLeft();
    auto isItem = [&](Point p) {
        return game.remembered(p.x, p.y, me.z) && std::any_of(items.begin(), items.end(), [&](const Cell& c) { return c.x == p.x && c.y == p.y && c.z == me.z; });
    };
    if (!items.empty())
        if (const Goal g = nearest(game, directions, isItem); g.found) return moveTo(me, g.first);
    // 4. Explore: the nearest cell not yet seen; then stairs down.
    if (const Goal g = nearest(game, directions, [&](Point p) { return !game.remembered(p.x, p.y, me.z); }); g.found) return moveTo(me, g.first);
    if (tiles(me.x, me.y) == Tile::StairsDown) return {Input::Kind::Descend, 0, 0};
    // 5. Known stairs down.
    auto isStairsDown = [&](Point p) { return game.remembered(p.x, p.y, me.z) && tiles(p.x, p.y) == Tile::StairsDown; };
    if (const Goal g = nearest(game, directions, isStairsDown); g.found) return moveTo(me, g.first);
    return {Input::Kind::Wait, 0, 0};
}

GameSummary playWithBot(Game& game, int maxTurns) {
    GameSummary summary;
    while (game.outcome() == Outcome::Playing && game.turn() < maxTurns) {
        Input choice = botChoice(game);
        if (!game.act(choice)) {
            choice = {Input::Kind::Wait, 0, 0}; // refused (a locked door): wait for the way to open
            game.act(choice);
        }
        summary.inputs.push_back(choice);
    }
    summary.outcome = game.outcome();
    summary.turns = game.turn();
    summary.damageTaken = game.damageTaken();
    summary.enemiesKilled = game.enemiesKilled();
    summary.deepest = game.deepestDepth();
    summary.causeOfDeath = game.causeOfDeath();
    return summary;
}

} // namespace burrow
