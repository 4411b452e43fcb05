#include "generation/stage.h"

#include <algorithm>

#include <cmath>
#include <cstdio>

namespace burrow {
namespace {

std::string aboutTime(double seconds) {
    char text[64];
    if (seconds < 90) std::snprintf(text, sizeof text, "%.0f s", seconds);
    else if (seconds < 90 * 60) std::snprintf(text, sizeof text, "%.0f minutes", seconds / 60);
    else if (seconds < 48 * 3600) std::snprintf(text, sizeof text, "%.1f hours", seconds / 3600);
    else std::snprintf(text, sizeof text, "%.0f days", seconds / 86400);
    return text;
}

// 12,345 below a million; 1.2e9 above, where digits stop being readable.
std::string count(double n) {
    char text[64];
    if (n < 1e6) std::snprintf(text, sizeof text, "%.0f", n);
    else std::snprintf(text, sizeof text, "%.1fe%d", n / std::pow(10.0, std::floor(std::log10(n))), static_cast<int>(std::floor(std::log10(n))));
    return text;
}

} // namespace

std::string StageWarning::text() const { return stage.empty() ? message : stage + ": " + message; }

std::string warningsSummary(const std::vector<StageWarning>& warnings) {
    if (warnings.empty()) return {};
    // The first: later ones often follow from it (a stage that grew nothing leaves the
    // population nowhere to place anything), so it is the one to read first.
    const StageWarning& first = warnings.front();
    const auto same = [&](const StageWarning& w) { return w.stage == first.stage && w.code == first.code && w.group == first.group; };
    std::vector<int> depths;
    std::size_t others = 0, alike = 0;
    for (const StageWarning& w : warnings) {
        if (!same(w)) ++others;
        else if (++alike; w.depth >= 0 && std::find(depths.begin(), depths.end(), w.depth) == depths.end()) depths.push_back(w.depth);
    }
    std::sort(depths.begin(), depths.end());
    std::string where;
    for (std::size_t i = 0; i < depths.size(); ++i)
        where += (i == 0 ? "" : i + 1 == depths.size() ? " and " : ", ") + std::to_string(depths[i]);
    std::string line = first.stage.empty() ? std::string() : first.stage;
    if (!depths.empty()) line += std::string(line.empty() ? "" : " ") + "(depth" + (depths.size() > 1 ? "s " : " ") + where + ")";
    line += (line.empty() ? "" : ": ") + first.message;
    // A stage over the whole level names the depth in its words: count the like ones.
    if (depths.empty() && alike > 1) line += " · " + std::to_string(alike - 1) + " more like it";
    if (others > 0) line += " · " + std::to_string(others) + " more warning" + (others > 1 ? "s" : "");
    return line;
}

const ParamSpec* StageType::param(const std::string& key) const {
    for (const auto& spec : params)
        if (spec.key == key) return &spec;
    return nullptr;
}

std::vector<std::pair<std::string, std::string>> paramProblems(const StageType& type, const ParamValues& values, const TileKinds& kinds) {
    std::vector<std::pair<std::string, std::string>> problems;
    for (const auto& spec : type.params) {
        if (!values.has(spec.key)) problems.emplace_back(spec.key, "missing");
        else if (auto error = paramValueError(spec, values.get(spec.key), kinds)) problems.emplace_back(spec.key, *error);
    }
    if (problems.empty() && type.crossCheck) problems = type.crossCheck(values);
    return problems;
}

std::optional<std::string> workProblem(const StageType& type, const ParamValues& values, const LevelSize& size) {
    if (type.sizeProblem)
        if (auto tooSmall = type.sizeProblem(values, size)) return tooSmall;
    if (!type.estimate) return std::nullopt;
    const WorkEstimate work = type.estimate(values, size);
    const int runs = type.scope == StageScope::PerDepth ? size.depth : 1;
    const double units = work.units * runs;
    const double seconds = units * work.nanosecondsEach * 1e-9;
    if (seconds <= kStageSecondsLimit) return std::nullopt;
    const std::string where = runs > 1 ? " on " + std::to_string(runs) + " depths" : "";
    return "would take about " + aboutTime(seconds) + " (" + count(units) + " " + work.unit + where + "); a stage may take at most about " +
           aboutTime(kStageSecondsLimit) + ": lower " + work.lower;
}

std::function<std::vector<std::pair<std::string, std::string>>(const ParamValues&)> requireFourOrEight(std::string key) {
    return [key](const ParamValues& v) {
        std::vector<std::pair<std::string, std::string>> problems;
        if (v.integer(key) != 4 && v.integer(key) != 8) problems.emplace_back(key, "must be 4 or 8");
        return problems;
    };
}

void checkMinMax(const ParamValues& values, const std::string& minKey, const std::string& maxKey,
                 std::vector<std::pair<std::string, std::string>>& problems) {
    if (values.integer(minKey) > values.integer(maxKey))
        problems.emplace_back(minKey, minKey + " (" + std::to_string(values.integer(minKey)) + ") must not be above " + maxKey +
                                          " (" + std::to_string(values.integer(maxKey)) + ")");
}

} // namespace burrow
