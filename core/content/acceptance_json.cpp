#include "content/acceptance_json.h"

#include "content/metric_catalog.h"
#include "io/json_checker.h"

namespace burrow {

using nlohmann::json;
using nlohmann::ordered_json;

Acceptance acceptanceFromJson(const json& value, const std::string& at, JsonChecker& check, int depthCount) {
    Acceptance result;
    if (!check.isObject(value, at, "an object {\"attempts\": N, \"rules\": [...]}")) return result;
    const json* acceptance = &value;
    check.onlyKnownFields(*acceptance, at, {"attempts", "rules"});
    if (const json* attempts = check.field(*acceptance, at, "attempts", false))
        if (auto n = check.integer(*attempts, at + "/attempts", 1, kMaxAttempts)) result.attempts = *n;
    const json* rules = check.field(*acceptance, at, "rules", false);
    if (!rules) return result;
    if (!rules->is_array()) {
        check.fail(at + "/rules", "expected a list of rules {\"metric\", \"min\", \"max\"}, found " + JsonChecker::typeName(*rules));
        return result;
    }
    for (std::size_t i = 0; i < rules->size(); ++i) {
        const std::string path = at + "/rules/" + std::to_string(i);
        const json& r = (*rules)[i];
        if (!r.is_object()) {
            check.fail(path, "expected a rule {\"metric\": ..., \"min\": ..., \"max\": ...}, found " + JsonChecker::typeName(r));
            continue;
        }
        check.onlyKnownFields(r, path, {"metric", "min", "max", "depth"});
        AcceptanceRule rule;
        const MetricInfo* metric = nullptr;
        if (const json* id = check.field(r, path, "metric", true)) {
            const auto index = id->is_string() ? metricIndex(id->get<std::string>()) : std::nullopt;
            if (index) {
                metric = &metricCatalog()[*index];
                rule.metric = metric->id;
            } else if (id->is_string()) {
                check.fail(path + "/metric", "unknown metric " + excerpt(*id) + "; known metrics: " + metricIds());
            } else {
                check.fail(path + "/metric", "expected a metric's name (" + metricIds() + "), found " + JsonChecker::typeName(*id));
            }
        }
        for (const char* bound : {"min", "max"})
            if (const json* v = check.field(r, path, bound, false))
                if (auto n = check.number(*v, path + "/" + bound, -1e15, 1e15)) (bound[1] == 'i' ? rule.min : rule.max) = *n;
        if (!r.contains("min") && !r.contains("max")) check.fail(path, "expected \"min\", \"max\" or both: a rule bounds its metric");
        if (rule.min && rule.max && *rule.min > *rule.max) check.fail(path + "/max", "expected at least \"min\" (" + excerpt(r["min"]) + "), found " + excerpt(r["max"]));
        if (const json* depth = check.field(r, path, "depth", false)) {
            if (metric && !metric->perDepth) check.fail(path + "/depth", "\"" + metric->id + "\" is measured on the whole level, not per depth");
            else if (depth->is_string() && depth->get<std::string>() == "each") rule.eachDepth = true;
            else if (depth->is_number_integer()) {
                if (auto z = check.integer(*depth, path + "/depth", 0, depthCount - 1)) rule.depth = *z;
            } else check.fail(path + "/depth", "expected a depth from 0 to " + std::to_string(depthCount - 1) + " or \"each\", found " + excerpt(*depth));
        }
        result.rules.push_back(std::move(rule));
    }
    return result;
}

ordered_json acceptanceToJson(const Acceptance& acceptance) {
    ordered_json rules = ordered_json::array();
    for (const AcceptanceRule& r : acceptance.rules) {
        ordered_json rule = {{"metric", r.metric}};
        if (r.min) rule["min"] = *r.min;
        if (r.max) rule["max"] = *r.max;
        if (r.eachDepth) rule["depth"] = "each";
        else if (r.depth) rule["depth"] = *r.depth;
        rules.push_back(rule);
    }
    return {{"attempts", acceptance.attempts}, {"rules", rules}};
}

} // namespace burrow
