#pragma once
// A bot that plays a level, to judge it in bulk. Simple and deterministic: it hits
// whatever stands next to it, walks to the exit once it has seen it open, else
// explores toward the nearest cell it has not seen, else takes stairs down it
// knows of, else waits. It knows only what it has seen (the game's memory). Keys
// are items it fetches; a locked door whose key it holds is a way it can walk
// (bumping opens it), so it plans over the keys it has.
#include <cstdint>
#include <optional>
#include <functional>
#include <string>
#include <vector>

#include "play/game.h"

namespace burrow {

Input botChoice(const Game& game);

struct GameSummary {
    Outcome outcome = Outcome::Playing; // Playing: stopped at the turn limit
    int turns = 0;
    int damageTaken = 0;
    int enemiesKilled = 0;
    int deepest = 0;
    std::string causeOfDeath;
    std::vector<Input> inputs; // what was played, for a replay
};

// K bot games unless told otherwise (`burrow play --bot --runs K`, the editor's Play
// dock and bot heatmaps) are played with simulation seeds 1 to K, each up to this
// many turns: a bot that cannot make progress waits, and the game stops there.
inline constexpr std::uint64_t kFirstBotGameSeed = 1;
inline constexpr int kBotTurnLimit = 5000;

// Plays until the game ends or `maxTurns` turns have passed (bounded: a bot that
// cannot make progress waits, and waiting ends at the limit).
// `afterTurn`, when given, sees the game after each of the bot's turns.
GameSummary playWithBot(Game& game, int maxTurns, const std::function<void(const Game&)>& afterTurn = {});

} // namespace burrow
