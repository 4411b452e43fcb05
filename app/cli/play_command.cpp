#include "cli/play_command.h"

#include <algorithm>
#include <map>
#include <ostream>
#include <unistd.h>

#include "cli/arguments.h"
#include "cli/project_input.h"
#include "cli/memory_budget.h"
#include "cli/stage_progress.h"
#include "cli/parallel.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "play/bot.h"
#include "play/replay.h"
#include "project/project.h"
#include "pipeline/builtin_stages.h"

namespace burrow::cli {

namespace {

const char* kPlayHelp =
    "usage: burrow play PROJECT [--seed N] --bot [--runs K] [--jobs J] [--turns T]\n"
    "                   [--memory GIB] [--replay-out FILE] [--json]\n"
    "       burrow play --replay FILE\n"
    "\n"
    "Plays the project's level with the bot, K games on simulation seeds 1 to K, and\n"
    "reports the win rate, turns (median, 90th percentile), damage taken, enemies\n"
    "killed, the depth reached and deaths by cause.\n"
    "  --seed N          the level's seed instead of the project's\n"
    "  --runs K          games to play (default 10)\n"
    "  --turns T         a game stops after T turns (default 5000)\n"
    "  --jobs J          games at once (default: every core; fewer when they would\n"
    "                    not fit in --memory)\n"
    "  --memory GIB      memory the command may use in all (default 4)\n"
    "  --replay-out FILE save the first game as a replay\n"
    "  --replay FILE     play a replay back and print how it ends\n"
    "  --json            print JSON\n";

const char* outcomeWord(Outcome o) { return o == Outcome::Won ? "won" : o == Outcome::Lost ? "lost" : "stopped"; }

int replay(const std::string& file, std::ostream& out) {
    const Replay r = loadReplay(file);
    const std::filesystem::path projectPath = std::filesystem::path(file).parent_path() / r.project;
    const Project project = loadProject(projectPath, builtinStages());
    if (projectHash(project) != r.projectHash)
        throw std::runtime_error(projectPath.string() + " has changed since this replay was recorded (hash " + projectHash(project) + ", replay " + r.projectHash + ")");
    Level level = makeLevel(project, r.levelSeed).level;
    if (!r.levelHash.empty() && levelHash(level) != r.levelHash)
        throw std::runtime_error(projectPath.string() + " makes another level than this replay was recorded on (level hash " + levelHash(level) + ", replay " +
                                 r.levelHash + ")");
    Game game(std::move(level), r.simulationSeed, GameOptions::forMovement(project.movement));
    for (const Input& input : r.inputs) game.act(input);
    out << file << ": " << outcomeWord(game.outcome()) << " after " << game.turn() << " turns, " << game.damageTaken() << " damage taken, "
        << game.enemiesKilled() << " enemies killed, depth " << game.deepestDepth() << " reached"
        << (game.causeOfDeath().empty() ? "" : ", killed by " + game.causeOfDeath()) << "\n";
    return 0;
}

int percentile(std::vector<int> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5))];
}

// What the bot games came to: win rate, turns, damage, kills, depth, deaths by cause.
void printReport(const Project& project, const std::string& hash, const std::vector<GameSummary>& games, bool json, std::ostream& out) {
    const int runs = static_cast<int>(games.size());
    int wins = 0;
    std::vector<int> turnCounts, damage, kills, depth;
    std::map<std::string, int> deaths;
    for (const GameSummary& g : games) {
        wins += g.outcome == Outcome::Won;
        turnCounts.push_back(g.turns);
        damage.push_back(g.damageTaken);
        kills.push_back(g.enemiesKilled);
        depth.push_back(g.deepest);
        if (g.outcome == Outcome::Lost) ++deaths[g.causeOfDeath];
    }
    const double winRate = static_cast<double>(wins) / runs;
    if (json) {
        nlohmann::ordered_json byCause = nlohmann::ordered_json::object();
        for (const auto& [cause, n] : deaths) byCause[cause] = n;
        const nlohmann::ordered_json doc = {{"project", project.name},
                                            {"seed", project.seed},
                                            {"level_hash", hash},
                                            {"runs", runs},
                                            {"win_rate", winRate},
                                            {"turns", {{"median", percentile(turnCounts, 0.5)}, {"p90", percentile(turnCounts, 0.9)}}},
                                            {"damage_taken", {{"median", percentile(damage, 0.5)}, {"max", percentile(damage, 1.0)}}},
                                            {"enemies_killed", {{"median", percentile(kills, 0.5)}, {"max", percentile(kills, 1.0)}}},
                                            {"depth_reached", {{"median", percentile(depth, 0.5)}, {"max", percentile(depth, 1.0)}}},
                                            {"deaths_by_cause", byCause}};
        out << doc.dump(2) << "\n";
        return;
    }
    out << project.name << " — seed " << project.seed << ", " << runs << " bot games (level hash " << hash << ")\n"
        << "won " << wins << " of " << runs << " (" << static_cast<int>(winRate * 100 + 0.5) << "%)\n"
        << "turns: median " << percentile(turnCounts, 0.5) << ", 90th percentile " << percentile(turnCounts, 0.9) << "\n"
        << "damage taken: median " << percentile(damage, 0.5) << ", most " << percentile(damage, 1.0) << "\n"
        << "enemies killed: median " << percentile(kills, 0.5) << ", most " << percentile(kills, 1.0) << "\n"
        << "depth reached: median " << percentile(depth, 0.5) << ", deepest " << percentile(depth, 1.0) << "\n";
    for (const auto& [cause, n] : deaths) out << "killed by " << cause << ": " << n << "\n";
}

} // namespace

int playCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, withOverrideOptions({"seed", "runs", "jobs", "turns", "replay", "replay-out", "memory"}), {"help", "bot", "json"});
    if (a.flag("help")) {
        out << kPlayHelp << kOverrideHelp;
        return 0;
    }
    if (auto file = a.value("replay")) return replay(*file, out);
    if (a.positional().size() != 1) throw UsageError("play takes one PROJECT file (or --replay FILE)");
    if (!a.flag("bot")) throw UsageError("play from the command line needs --bot (people play in the editor's Play dock)");
    const int runs = a.integer("runs", 10, 1, 100000), turns = a.integer("turns", kBotTurnLimit, 1, 10'000'000), jobs = a.integer("jobs", defaultJobs(), 1, 256);
    const std::filesystem::path projectPath = a.positional()[0];
    Project project = readCommandProject(projectPath.string(), overridesOf(a), err);
    if (auto seed = a.value("seed")) project.seed = seedFromText(*seed);
    const int fit = jobsForMemory(a, playMemory(project), std::min(jobs, runs), project, err);
    StageProgress progress(err, isatty(STDERR_FILENO));
    const Level level = makeLevel(project, project.seed, &progress).level;
    progress.finish();
    const std::string hash = levelHash(level);
    std::vector<GameSummary> games(static_cast<std::size_t>(runs));
    forEachInParallel(games.size(), fit, [&](std::size_t i) {
        Game game(level, kFirstBotGameSeed + i, GameOptions::forMovement(project.movement));
        games[i] = playWithBot(game, turns);
    });
    // The report first: a replay that cannot be written (a full disk) loses only itself.
    printReport(project, hash, games, a.flag("json"), out);
    if (auto file = a.value("replay-out")) {
        const std::filesystem::path where(*file);
        const auto relative = std::filesystem::relative(std::filesystem::absolute(projectPath), std::filesystem::absolute(where).parent_path());
        saveReplay({relative.string(), projectHash(project), hash, project.seed, 1, games[0].inputs}, where); // a FileError: exit 1
        err << "wrote " << where.string() << "\n";
    }
    return 0;
}

} // namespace burrow::cli
