#include "play/replay.h"

#include <charconv>

#include "io/file_io.h"
#include "io/json_checker.h"

namespace burrow {

void saveReplay(const Replay& replay, const std::filesystem::path& path) {
    nlohmann::ordered_json inputs = nlohmann::ordered_json::array();
    for (const Input& i : replay.inputs) inputs.push_back(inputText(i));
    const nlohmann::ordered_json doc = {{"format", kReplayFormat},
                                        {"version", 1},
                                        {"project", replay.project},
                                        {"project_hash", replay.projectHash},
                                        {"seed", std::to_string(replay.levelSeed)},
                                        {"simulation_seed", std::to_string(replay.simulationSeed)},
                                        {"inputs", inputs}};
    writeFileAtomically(path, doc.dump(1) + "\n");
}

Replay loadReplay(const std::filesystem::path& path) {
    const nlohmann::json doc = parseJsonFile(path);
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    Replay replay;
    if (check.isObject(doc, "", "a replay object")) {
        const nlohmann::json* format = check.field(doc, "", "format", true);
        if (format && *format != kReplayFormat) check.fail("/format", std::string("expected \"") + kReplayFormat + "\", found " + format->dump());
        if (const auto* v = check.field(doc, "", "project", true))
            if (auto t = check.text(*v, "/project")) replay.project = *t;
        if (const auto* v = check.field(doc, "", "project_hash", true))
            if (auto t = check.text(*v, "/project_hash")) replay.projectHash = *t;
        auto seed = [&](const char* key, std::uint64_t& out) {
            const auto* v = check.field(doc, "", key, true);
            const std::string text = v && v->is_string() ? v->get<std::string>() : "";
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
            if (v && (text.empty() || ec != std::errc() || ptr != text.data() + text.size()))
                check.fail(jsonPath("", key), "expected a seed written as a decimal text, found " + v->dump());
        };
        seed("seed", replay.levelSeed);
        seed("simulation_seed", replay.simulationSeed);
        if (const auto* inputs = check.field(doc, "", "inputs", true); inputs && check.isArray(*inputs, "/inputs", "a list of inputs"))
            for (std::size_t i = 0; i < inputs->size(); ++i) {
                const auto input = (*inputs)[i].is_string() ? inputFromText((*inputs)[i].get<std::string>()) : std::nullopt;
                if (input) replay.inputs.push_back(*input);
                else check.fail("/inputs/" + std::to_string(i), "expected \"move DX DY\", \"wait\", \"descend\" or \"ascend\", found " + (*inputs)[i].dump());
            }
    }
    if (!problems.empty()) throw FileError(path.string(), std::move(problems));
    return replay;
}

} // namespace burrow
