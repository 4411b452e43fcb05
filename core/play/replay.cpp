#include "play/replay.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "io/file_io.h"
#include "io/json_checker.h"
#include "random/rng.h"

namespace burrow {

std::string replayChecksum(const Replay& replay) {
    std::string all = replay.projectHash + "\n" + replay.levelHash + "\n" + std::to_string(replay.levelSeed) + "\n" +
                      std::to_string(replay.simulationSeed) + "\n";
    for (const Input& i : replay.inputs) all += inputText(i) + "\n";
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hashText(all)));
    return hex;
}

void saveReplay(const Replay& replay, const std::filesystem::path& path) {
    nlohmann::ordered_json inputs = nlohmann::ordered_json::array();
    for (const Input& i : replay.inputs) inputs.push_back(inputText(i));
    const nlohmann::ordered_json doc = {{"format", kReplayFormat},
                                        {"version", kReplayVersion},
                                        {"project", replay.project},
                                        {"project_hash", replay.projectHash},
                                        {"level_hash", replay.levelHash},
                                        {"seed", std::to_string(replay.levelSeed)},
                                        {"simulation_seed", std::to_string(replay.simulationSeed)},
                                        {"inputs", inputs},
                                        {"checksum", replayChecksum(replay)}};
    writeFileAtomically(path, doc.dump(1) + "\n");
}

Replay loadReplay(const std::filesystem::path& path) {
    const nlohmann::json doc = parseJsonFile(path);
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    Replay replay;
    if (check.isObject(doc, "", "a replay object")) {
        const nlohmann::json* format = check.field(doc, "", "format", true);
        if (format && *format != kReplayFormat) check.fail("/format", std::string("expected \"") + kReplayFormat + "\", found " + excerpt(*format));
        // Only a replay that carries its checksum (version 2 on) is played: one without
        // could have been cut short or reseeded and would still play as valid.
        check.onlyKnownFields(doc, "", {"format", "version", "project", "project_hash", "level_hash", "seed", "simulation_seed", "inputs", "checksum"});
        if (const auto* v = check.field(doc, "", "version", true)) {
            if (v->is_number_integer() && v->get<std::int64_t>() == 1)
                check.fail("/version", "a version 1 replay carries no checksum, so nothing shows it was not changed; record the game again");
            else if (v->is_number_integer() && v->get<std::int64_t>() == 2)
                check.fail("/version", "a version 2 replay was recorded before spreaders boxed in by others rested, so its game may end otherwise now; "
                                       "record the game again");
            else if (!v->is_number_integer() || v->get<std::int64_t>() != kReplayVersion)
                check.fail("/version", "this Burrow plays replay version " + std::to_string(kReplayVersion) + ", found " + excerpt(*v));
        }
        std::string checksum;
        if (const auto* v = check.field(doc, "", "level_hash", true))
            if (auto t = check.text(*v, "/level_hash")) replay.levelHash = *t;
        if (const auto* v = check.field(doc, "", "checksum", true))
            if (auto t = check.text(*v, "/checksum")) checksum = *t;
        if (const auto* v = check.field(doc, "", "project", true))
            if (auto t = check.text(*v, "/project")) replay.project = *t;
        if (const auto* v = check.field(doc, "", "project_hash", true))
            if (auto t = check.text(*v, "/project_hash")) replay.projectHash = *t;
        auto seed = [&](const char* key, std::uint64_t& out) {
            const auto* v = check.field(doc, "", key, true);
            const std::string text = v && v->is_string() ? v->get<std::string>() : "";
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
            if (v && (text.empty() || ec != std::errc() || ptr != text.data() + text.size()))
                check.fail(jsonPath("", key), "expected a seed written as a decimal text, found " + excerpt(*v));
        };
        seed("seed", replay.levelSeed);
        seed("simulation_seed", replay.simulationSeed);
        if (const auto* inputs = check.field(doc, "", "inputs", true); inputs && check.isArray(*inputs, "/inputs", "a list of inputs"))
            for (std::size_t i = 0; i < inputs->size(); ++i) {
                const auto input = (*inputs)[i].is_string() ? inputFromText((*inputs)[i].get<std::string>()) : std::nullopt;
                if (input) replay.inputs.push_back(*input);
                else check.fail("/inputs/" + std::to_string(i), "expected \"move DX DY\", \"wait\", \"descend\" or \"ascend\", found " + excerpt((*inputs)[i]));
            }
        if (problems.empty() && checksum != replayChecksum(replay))
            check.fail("/checksum", "does not match the replay's seeds and inputs (" + replayChecksum(replay) + "): it was changed after it was recorded");
    }
    if (!problems.empty()) throw FileError(path.string(), std::move(problems));
    return replay;
}

Game replayedGame(const Level& level, std::uint64_t simulationSeed, const GameOptions& options, std::span<const Input> inputs, std::size_t count) {
    Game game(level, simulationSeed, options);
    for (std::size_t i = 0; i < std::min(count, inputs.size()) && game.outcome() == Outcome::Playing; ++i) game.act(inputs[i]);
    return game;
}

} // namespace burrow
