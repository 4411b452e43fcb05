#include "io/json_checker.h"

#include <cmath>

namespace burrow {

using nlohmann::json;

std::string jsonPath(const std::string& parent, const std::string& key) {
    std::string escaped;
    for (char c : key) {
        if (c == '~') escaped += "~0";
        else if (c == '/') escaped += "~1";
        else escaped += c;
    }
    return parent + "/" + escaped;
}

std::string JsonChecker::typeName(const json& value) {
    if (value.is_number_integer()) return "a whole number";
    if (value.is_number()) return "a number";
    if (value.is_string()) return "a text";
    if (value.is_array()) return "a list";
    if (value.is_object()) return "an object";
    if (value.is_boolean()) return "true/false";
    return "null";
}

const json* JsonChecker::field(const json& object, const std::string& path, const char* key, bool required) {
    if (!object.is_object()) return nullptr;
    auto it = object.find(key);
    if (it == object.end()) {
        if (required) fail(jsonPath(path, key), "missing; this field is required");
        return nullptr;
    }
    return &*it;
}

std::optional<int> JsonChecker::integer(const json& value, const std::string& path, std::int64_t lo, std::int64_t hi) {
    if (!value.is_number_integer() || value.get<std::int64_t>() < lo || value.get<std::int64_t>() > hi) {
        fail(path, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", found " + value.dump());
        return std::nullopt;
    }
    return static_cast<int>(value.get<std::int64_t>());
}

std::optional<double> JsonChecker::number(const json& value, const std::string& path, double lo, double hi) {
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < lo || value.get<double>() > hi) {
        fail(path, "expected a number from " + json(lo).dump() + " to " + json(hi).dump() + ", found " + value.dump());
        return std::nullopt;
    }
    return value.get<double>();
}

std::optional<std::string> JsonChecker::text(const json& value, const std::string& path, bool allowEmpty) {
    if (!value.is_string() || (!allowEmpty && value.get<std::string>().empty())) {
        fail(path, std::string("expected ") + (allowEmpty ? "a text" : "a non-empty text") + ", found " + value.dump());
        return std::nullopt;
    }
    return value.get<std::string>();
}

std::optional<bool> JsonChecker::flag(const json& value, const std::string& path) {
    if (!value.is_boolean()) {
        fail(path, "expected true or false, found " + value.dump());
        return std::nullopt;
    }
    return value.get<bool>();
}

bool JsonChecker::isObject(const json& value, const std::string& path, const std::string& what) {
    if (value.is_object()) return true;
    fail(path, "expected " + what + ", found " + typeName(value));
    return false;
}

bool JsonChecker::isArray(const json& value, const std::string& path, const std::string& what) {
    if (value.is_array()) return true;
    fail(path, "expected " + what + ", found " + typeName(value));
    return false;
}

} // namespace burrow
