#include "play/bot.h"

#include <algorithm>
#include <array>

#include "model/directions.h"

namespace burrow {
namespace {

struct Goal {
    Point first;   // the first step toward it
    bool found = false;
};

// What the bot may head for, in the order it prefers them.
enum GoalKind { OpenExit, VisibleHostile, KnownItem, Unseen, StairsDown, kGoalKinds };

// One breadth-first search over cells the bot remembers as open, noting the first
// step toward the nearest cell of every kind at once (one search a turn, not one
// a kind). Unseen cells may be goals but are never walked through. The scratch
// grid is reused between calls (it is reset fully each time).
std::array<Goal, kGoalKinds> nearestGoals(const Game& game, int directions, const std::vector<Cell>& items) {
    std::array<Goal, kGoalKinds> goals{};
    const Cell me = game.player().at;
    const TileGrid& tiles = game.level().tiles(me.z);
    const TileKinds& kinds = game.level().kinds;
    static thread_local Grid<std::int8_t> from;
    static thread_local std::vector<Point> queue;
    if (from.width() != tiles.width() || from.height() != tiles.height()) from = Grid<std::int8_t>(tiles.width(), tiles.height(), -1);
    else from.fill(-1);
    queue.clear();
    queue.push_back({me.x, me.y});
    from(me.x, me.y) = 8; // the start: no first step
    int missing = kGoalKinds;
    auto note = [&](GoalKind kind, Point p) {
        if (goals[kind].found) return;
        const int d = from(p.x, p.y);
        goals[kind] = {{me.x + kSteps[d].x, me.y + kSteps[d].y}, true};
        --missing;
    };
    auto kindsAt = [&](Point p, bool known) {
        const Cell c{p.x, p.y, me.z};
        if (!known) {
            note(Unseen, p);
            return;
        }
        const Tile t = tiles(p.x, p.y);
        if (t == Tile::Exit && !game.locked(c)) note(OpenExit, p);
        if (t == Tile::StairsDown) note(StairsDown, p);
        if (game.view().visible(p.x, p.y))
            if (const Actor* a = game.actorAt(c); a && a->alive && a->kind && a->kind->kind == EntityKind::Creature) note(VisibleHostile, p);
        if (!items.empty() && std::any_of(items.begin(), items.end(), [&](const Cell& i) { return i == c; })) note(KnownItem, p);
    };
    for (std::size_t head = 0; head < queue.size() && missing > 0; ++head) {
        const Point p = queue[head];
        for (int d = 0; d < directions; ++d) {
            const int x = p.x + kSteps[d].x, y = p.y + kSteps[d].y;
            if (!tiles.contains(x, y) || from(x, y) >= 0) continue;
            const bool known = game.remembered(x, y, me.z);
            // A locked door it holds the key of is a way through: bumping it opens it.
            const bool open = (kinds.walkable(tiles(x, y)) && !game.locked({x, y, me.z})) || game.canUnlock({x, y, me.z});
            if (known && !open && tiles(x, y) != Tile::Exit) continue;
            from(x, y) = static_cast<std::int8_t>(from(p.x, p.y) == 8 ? d : from(p.x, p.y));
            kindsAt({x, y}, known);
            if (known && open) queue.push_back({x, y});
        }
    }
    return goals;
}

Input moveTo(const Cell& me, Point to) { return {Input::Kind::Move, to.x - me.x, to.y - me.y}; }

} // namespace

Input botChoice(const Game& game) {
    const Cell me = game.player().at;
    const int directions = game.movement() == Connectivity::Eight ? 8 : 4;
    // 1. Fight whatever hostile stands next to it.
    for (int d = 0; d < directions; ++d) {
        const Actor* other = game.actorAt({me.x + kSteps[d].x, me.y + kSteps[d].y, me.z});
        if (other && other->alive && other->kind && other->kind->kind == EntityKind::Creature) return {Input::Kind::Move, kSteps[d].x, kSteps[d].y};
    }
    std::vector<Cell> items;
    for (const Game::ItemLeft& item : game.itemsLeft())
        if (item.at.z == me.z && game.remembered(item.at.x, item.at.y, item.at.z)) items.push_back(item.at);
    const auto goals = nearestGoals(game, directions, items);
    // 2. An open exit it has seen; 3. a hostile it can see, then an item it knows of;
    // 4. the nearest unseen cell; 5. stairs down, standing on them or the nearest known.
    for (GoalKind kind : {OpenExit, VisibleHostile, KnownItem, Unseen}) {
        if (goals[kind].found) return moveTo(me, goals[kind].first);
    }
    if (game.level().at(me.x, me.y, me.z) == Tile::StairsDown) return {Input::Kind::Descend, 0, 0};
    if (goals[StairsDown].found) return moveTo(me, goals[StairsDown].first);
    return {Input::Kind::Wait, 0, 0};
}

GameSummary playWithBot(Game& game, int maxTurns, const std::function<void(const Game&)>& afterTurn) {
    GameSummary summary;
    while (game.outcome() == Outcome::Playing && game.turn() < maxTurns) {
        Input choice = botChoice(game);
        if (!game.act(choice)) {
            choice = {Input::Kind::Wait, 0, 0}; // refused (a locked door): wait for the way to open
            game.act(choice);
        }
        summary.inputs.push_back(choice);
        if (afterTurn) afterTurn(game);
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
