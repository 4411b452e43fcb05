#include "analysis/bot_trails.h"

namespace burrow {

BotTrails playBotGames(const Level& level, Connectivity movement, const BotGameOptions& options) {
    BotTrails trails;
    trails.visits = DistanceMap(level.size());
    trails.deaths = DistanceMap(level.size());
    // The last game that stood on each cell, so a game counts once however long it stays.
    DistanceMap lastGame(level.size());
    for (int g = 0; g < options.games; ++g) {
        if (options.cancel && options.cancel->load()) break;
        const auto stood = [&](const Cell& at) {
            if (!level.contains(at.x, at.y, at.z) || lastGame.at(at.x, at.y, at.z) == g) return;
            lastGame.at(at.x, at.y, at.z) = g;
            std::int32_t& visits = trails.visits.at(at.x, at.y, at.z);
            visits = visits < 0 ? 1 : visits + 1;
        };
        BotGameRecord record;
        record.seed = options.firstSeed + static_cast<std::uint64_t>(g);
        Game game(level, record.seed, GameOptions::forMovement(movement));
        stood(game.player().at);
        record.summary = playWithBot(game, options.maxTurns, [&](const Game& now) { stood(now.player().at); });
        record.end = game.player().at;
        if (record.summary.outcome == Outcome::Lost && level.contains(record.end.x, record.end.y, record.end.z)) {
            std::int32_t& deaths = trails.deaths.at(record.end.x, record.end.y, record.end.z);
            deaths = deaths < 0 ? 1 : deaths + 1;
        }
        trails.games.push_back(std::move(record));
    }
    return trails;
}

} // namespace burrow
