#include "generation/stage.h"

namespace burrow {

std::string StageWarning::text() const { return stage.empty() ? message : stage + ": " + message; }

const ParamSpec* StageType::param(const std::string& key) const {
    for (const auto& spec : params)
        if (spec.key == key) return &spec;
    return nullptr;
}

std::vector<std::pair<std::string, std::string>> paramProblems(const StageType& type, const ParamValues& values) {
    std::vector<std::pair<std::string, std::string>> problems;
    for (const auto& spec : type.params) {
        if (!values.has(spec.key)) problems.emplace_back(spec.key, "missing");
        else if (auto error = paramValueError(spec, values.get(spec.key))) problems.emplace_back(spec.key, *error);
    }
    if (problems.empty() && type.crossCheck) problems = type.crossCheck(values);
    return problems;
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
