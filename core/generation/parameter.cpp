#include "generation/parameter.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace burrow {
namespace {
// Whole values print as whole numbers (10000000, not 1e+07); others with up to
// ten significant digits.
std::string parameterNumber(double v) {
    if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15) return std::to_string(static_cast<long long>(v));
    std::ostringstream out;
    out.precision(10);
    out << v;
    return out.str();
}
} // namespace

std::string describeParamValue(const ParamValue& value) {
    struct Visitor {
        std::string operator()(std::int64_t v) const { return std::to_string(v); }
        std::string operator()(double v) const { return parameterNumber(v); }
        std::string operator()(bool v) const { return v ? "true" : "false"; }
        std::string operator()(const std::string& v) const { return "\"" + v + "\""; }
        std::string operator()(const std::vector<int>& v) const {
            std::string text = "[";
            for (std::size_t i = 0; i < v.size(); ++i) text += (i ? ", " : "") + std::to_string(v[i]);
            return text + "]";
        }
    };
    return std::visit(Visitor{}, value);
}

std::vector<std::string> allowedChoices(const ParamSpec& spec, const TileKinds& kinds) {
    std::vector<std::string> allowed = spec.choices;
    if (spec.projectKinds == ProjectKinds::None) return allowed;
    for (const TileKind& k : kinds.custom())
        if (spec.projectKinds == ProjectKinds::Any || k.walkable) allowed.push_back(k.id);
    return allowed;
}

std::string expectedValue(const ParamSpec& spec, const TileKinds& kinds) {
    const std::string range = "between " + parameterNumber(spec.min) + " and " + parameterNumber(spec.max);
    switch (spec.type) {
    case ParamType::Int: return "a whole number " + range;
    case ParamType::Real: return "a number " + range;
    case ParamType::Bool: return "true or false";
    case ParamType::IntSet: return "a list of whole numbers " + range;
    case ParamType::Prefab: return "the id of one of the project's prefabs";
    case ParamType::RoomGraph: return "the id of one of the project's room graphs";
    case ParamType::Choice: {
        std::string allowed;
        for (const auto& c : allowedChoices(spec, kinds)) allowed += (allowed.empty() ? "\"" : ", \"") + c + "\"";
        // Without kinds of its own, the designer learns that theirs would do.
        if (spec.projectKinds == ProjectKinds::Walkable && kinds.builtInOnly()) return "one of " + allowed + " (or a walkable tile kind of the project's own)";
        if (spec.projectKinds == ProjectKinds::Any && kinds.builtInOnly()) return "one of " + allowed + " (or a tile kind of the project's own)";
        return "one of " + allowed;
    }
    }
    return "a valid value";
}

std::optional<std::string> paramValueError(const ParamSpec& spec, const ParamValue& value, const TileKinds& kinds) {
    const auto mismatch = [&](const std::string& found) { return "expected " + expectedValue(spec, kinds) + ", got " + found; };
    switch (spec.type) {
    case ParamType::Int: {
        const auto* v = std::get_if<std::int64_t>(&value);
        if (!v || static_cast<double>(*v) < spec.min || static_cast<double>(*v) > spec.max) return mismatch(describeParamValue(value));
        return std::nullopt;
    }
    case ParamType::Real: {
        double asReal = 0.0;
        if (const auto* d = std::get_if<double>(&value)) asReal = *d;
        else if (const auto* i = std::get_if<std::int64_t>(&value)) asReal = static_cast<double>(*i);
        else return mismatch(describeParamValue(value));
        if (!std::isfinite(asReal) || asReal < spec.min || asReal > spec.max) return mismatch(describeParamValue(value));
        return std::nullopt;
    }
    case ParamType::Bool:
        if (!std::holds_alternative<bool>(value)) return mismatch(describeParamValue(value));
        return std::nullopt;
    case ParamType::Choice: {
        const auto* v = std::get_if<std::string>(&value);
        if (!v) return mismatch(describeParamValue(value));
        const std::vector<std::string> allowed = allowedChoices(spec, kinds);
        if (std::find(allowed.begin(), allowed.end(), *v) != allowed.end()) return std::nullopt;
        if (spec.projectKinds == ProjectKinds::Walkable)
            for (const TileKind& k : kinds.custom())
                if (k.id == *v) return "expected a walkable tile kind: \"" + *v + "\" is not walkable (" + expectedValue(spec, kinds) + ")";
        return mismatch(describeParamValue(value));
    }
    case ParamType::Prefab:
    case ParamType::RoomGraph: {
        const auto* v = std::get_if<std::string>(&value);
        if (!v || v->empty()) return mismatch(v ? "nothing" : describeParamValue(value));
        return std::nullopt;
    }
    case ParamType::IntSet: {
        const auto* v = std::get_if<std::vector<int>>(&value);
        if (!v) return mismatch(describeParamValue(value));
        for (int member : *v)
            if (member < spec.min || member > spec.max) return mismatch(std::to_string(member) + " in the list");
        return std::nullopt;
    }
    }
    return std::nullopt;
}

ParamValues ParamValues::defaults(const std::vector<ParamSpec>& specs) {
    ParamValues values;
    for (const auto& spec : specs) values.set(spec.key, spec.defaultValue);
    return values;
}

const ParamValue& ParamValues::get(const std::string& key) const {
    auto it = values_.find(key);
    if (it == values_.end()) throw std::out_of_range("no parameter \"" + key + "\"");
    return it->second;
}

int ParamValues::integer(const std::string& key) const {
    const ParamValue& v = get(key);
    if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<int>(*i);
    throw std::invalid_argument("parameter \"" + key + "\" is not a whole number");
}

double ParamValues::real(const std::string& key) const {
    const ParamValue& v = get(key);
    if (const auto* d = std::get_if<double>(&v)) return *d;
    if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
    throw std::invalid_argument("parameter \"" + key + "\" is not a number");
}

bool ParamValues::flag(const std::string& key) const {
    if (const auto* b = std::get_if<bool>(&get(key))) return *b;
    throw std::invalid_argument("parameter \"" + key + "\" is not true or false");
}

const std::string& ParamValues::choice(const std::string& key) const {
    if (const auto* s = std::get_if<std::string>(&get(key))) return *s;
    throw std::invalid_argument("parameter \"" + key + "\" is not a choice");
}

Tile ParamValues::tile(const std::string& key, const TileKinds& kinds) const {
    const std::string& id = choice(key);
    const auto all = kinds.all();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].id == id) return static_cast<Tile>(i);
    throw std::invalid_argument("parameter \"" + key + "\" names no tile kind: \"" + id + "\"");
}

const std::vector<int>& ParamValues::intSet(const std::string& key) const {
    if (const auto* s = std::get_if<std::vector<int>>(&get(key))) return *s;
    throw std::invalid_argument("parameter \"" + key + "\" is not a list of whole numbers");
}

ParamSpec intParam(std::string key, std::string label, int value, int min, int max, std::string help) {
    return {std::move(key), std::move(label), ParamType::Int, std::int64_t{value}, double(min), double(max), {}, std::move(help)};
}
ParamSpec realParam(std::string key, std::string label, double value, double min, double max, std::string help) {
    return {std::move(key), std::move(label), ParamType::Real, value, min, max, {}, std::move(help)};
}
ParamSpec boolParam(std::string key, std::string label, bool value, std::string help) {
    return {std::move(key), std::move(label), ParamType::Bool, value, 0, 1, {}, std::move(help)};
}
ParamSpec choiceParam(std::string key, std::string label, std::string value, std::vector<std::string> choices, std::string help) {
    return {std::move(key), std::move(label), ParamType::Choice, std::move(value), 0, 0, std::move(choices), std::move(help)};
}
ParamSpec tileParam(std::string key, std::string label, std::string value, std::vector<std::string> choices, ProjectKinds project, std::string help) {
    ParamSpec spec = choiceParam(std::move(key), std::move(label), std::move(value), std::move(choices), std::move(help));
    spec.projectKinds = project;
    return spec;
}
ParamSpec prefabParam(std::string key, std::string label, std::string help) {
    return {std::move(key), std::move(label), ParamType::Prefab, std::string(), 0, 0, {}, std::move(help)};
}
ParamSpec roomGraphParam(std::string key, std::string label, std::string help) {
    return {std::move(key), std::move(label), ParamType::RoomGraph, std::string(), 0, 0, {}, std::move(help)};
}
ParamSpec setParam(std::string key, std::string label, std::vector<int> value, int min, int max, std::string help) {
    std::sort(value.begin(), value.end());
    return {std::move(key), std::move(label), ParamType::IntSet, std::move(value), double(min), double(max), {}, std::move(help)};
}

} // namespace burrow
