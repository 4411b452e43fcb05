#pragma once
// Many bot games on one level and where they went: the "where the bot went" and
// "where the bot died" heatmaps, and the games the bot lost, for the editor to replay.
#include <atomic>
#include <cstdint>
#include <vector>

#include "model/connectivity.h"
#include "model/level.h"
#include "play/bot.h"
#include "regions/reachability.h"

namespace burrow {

// By default the games `burrow play --bot --runs 20` plays (play/bot.h), so the
// editor's lost games and bot heatmaps show what the command reports.
struct BotGameOptions {
    int games = 20;                               // K games, each with its own simulation seed
    int maxTurns = kBotTurnLimit;                 // the turns each may last
    std::uint64_t firstSeed = kFirstBotGameSeed;  // game i (from 0) is played with firstSeed + i
    const std::atomic<bool>* cancel = nullptr; // when set, no further game starts (the editor's stale work)
};

struct BotGameRecord {
    std::uint64_t seed = 0; // the game's simulation seed: with the level, it replays the game
    GameSummary summary;    // outcome, turns, cause of death, the inputs played
    Cell end;               // where the player stood when it ended
};

struct BotTrails {
    std::vector<BotGameRecord> games;
    DistanceMap visits; // per cell: how many of the games stood there at some turn (-1: none)
    DistanceMap deaths; // per cell: how many of the games were lost there (-1: none)
};

// Plays the games one after another (deterministic: the same level and options give
// the same trails). Costs the games' turns times the bot's turn, plus the area.
BotTrails playBotGames(const Level& level, Connectivity movement, const BotGameOptions& options = {});

} // namespace burrow
