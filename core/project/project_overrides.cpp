#include "project/project_overrides.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "content/metric_catalog.h"
#include "generation/stage.h"
#include "io/json_checker.h"

namespace burrow {

namespace {

std::string didYouMean(const std::string& word, const std::vector<std::string>& candidates) {
    if (const auto close = closestWord(word, candidates)) return "; did you mean \"" + *close + "\"?";
    std::string all;
    for (const std::string& c : candidates) all += (all.empty() ? "" : ", ") + c;
    return "; it has " + (all.empty() ? std::string("none") : all);
}

// A value as the project file would hold it: a number, true/false, or else a word.
nlohmann::json valueOf(const std::string& text) {
    if (text == "true") return true;
    if (text == "false") return false;
    std::int64_t whole = 0;
    if (auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), whole); ec == std::errc() && end == text.data() + text.size()) return whole;
    double real = 0;
    if (auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), real); ec == std::errc() && end == text.data() + text.size()) return real;
    return text;
}

void applySet(nlohmann::json& document, const std::string& text, const StageCatalog& catalog) {
    const auto fail = [&](const std::string& why) { throw std::invalid_argument("--set " + text + ": " + why); };
    const auto equals = text.find('=');
    const auto dot = text.substr(0, equals).rfind('.');
    if (equals == std::string::npos || dot == std::string::npos || dot == 0 || dot + 1 == equals)
        fail("expected STAGE.PARAM=VALUE (a stage's name in the recipe, one of its parameters, a value)");
    const std::string stage = text.substr(0, dot), param = text.substr(dot + 1, equals - dot - 1), value = text.substr(equals + 1);
    if (!document.is_object() || !document.contains("recipe") || !document["recipe"].is_array()) fail("the project has no recipe to set it in");
    std::vector<std::string> names;
    for (nlohmann::json& entry : document["recipe"]) {
        if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string()) continue;
        names.push_back(entry["name"].get<std::string>());
        if (names.back() != stage) continue;
        const StageType* type = entry.contains("stage") && entry["stage"].is_string() ? catalog.find(entry["stage"].get<std::string>()) : nullptr;
        if (!type) fail("stage \"" + stage + "\" is of no known type");
        if (!type->param(param)) {
            std::vector<std::string> keys;
            for (const ParamSpec& p : type->params) keys.push_back(p.key);
            fail("the stage \"" + stage + "\" (" + type->id + ") has no parameter \"" + param + "\"" + didYouMean(param, keys));
        }
        if (!entry.contains("params") || !entry["params"].is_object()) entry["params"] = nlohmann::json::object();
        entry["params"][param] = valueOf(value);
        return;
    }
    fail("the recipe has no stage named \"" + stage + "\"" + didYouMean(stage, names));
}

void applySize(nlohmann::json& document, const std::string& text) {
    int sides[3] = {0, 0, 1};
    int count = 0;
    const char* at = text.data();
    const char* end = text.data() + text.size();
    while (count < 3 && at < end) {
        const auto [next, ec] = std::from_chars(at, end, sides[count]);
        if (ec != std::errc() || next == at) break;
        ++count;
        at = next;
        if (at < end && *at == 'x') ++at;
        else break;
    }
    if (count < 2 || at != end) throw std::invalid_argument("--size " + text + ": expected WIDTHxHEIGHT or WIDTHxHEIGHTxDEPTH (whole numbers: 120x60x4)");
    // WxH keeps the project's depth; the reader checks every side's range.
    nlohmann::json size = document.contains("size") && document["size"].is_object() ? document["size"] : nlohmann::json::object();
    size["width"] = sides[0];
    size["height"] = sides[1];
    if (count == 3) size["depth"] = sides[2];
    document["size"] = size;
}

void applyAcceptRule(nlohmann::json& document, const std::string& text) {
    const auto fail = [&](const std::string& why) { throw std::invalid_argument("--accept-rule " + text + ": " + why); };
    const auto op = text.find_first_of("<>");
    if (op == std::string::npos || op == 0 || op + 1 >= text.size() || text[op + 1] != '=')
        fail("expected METRIC>=VALUE or METRIC<=VALUE (`burrow metrics` lists the metrics)");
    const std::string metric = text.substr(0, op), bound = text.substr(op + 2);
    std::vector<std::string> ids;
    for (const MetricInfo& m : metricCatalog()) ids.push_back(m.id);
    if (std::find(ids.begin(), ids.end(), metric) == ids.end()) fail("no metric \"" + metric + "\"" + didYouMean(metric, ids));
    const nlohmann::json value = valueOf(bound);
    if (!value.is_number()) fail("expected a number after " + text.substr(op, 2) + ", found \"" + bound + "\"");
    if (!document.contains("acceptance") || !document["acceptance"].is_object()) document["acceptance"] = nlohmann::json::object();
    nlohmann::json& rules = document["acceptance"]["rules"];
    if (!rules.is_array()) rules = nlohmann::json::array();
    rules.push_back({{"metric", metric}, {text[op] == '>' ? "min" : "max", value}});
}

} // namespace

void applyOverrides(nlohmann::json& document, const ProjectOverrides& overrides, const StageCatalog& catalog) {
    if (!document.is_object()) throw std::invalid_argument("the project is not a JSON object, so nothing can be overridden in it");
    if (overrides.size) applySize(document, *overrides.size);
    for (const std::string& set : overrides.sets) applySet(document, set, catalog);
    for (const std::string& rule : overrides.acceptRules) applyAcceptRule(document, rule);
}

} // namespace burrow
