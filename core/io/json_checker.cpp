#include "io/json_checker.h"

#include <algorithm>
#include <cstdint>

#include <cmath>

namespace burrow {

using nlohmann::json;

std::optional<std::string> closestWord(const std::string& word, const std::vector<std::string>& candidates) {
    // Levenshtein distance, one row at a time; words here are a few letters long.
    auto distance = [](const std::string& a, const std::string& b) {
        std::vector<std::size_t> row(b.size() + 1);
        for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
        for (std::size_t i = 1; i <= a.size(); ++i) {
            std::size_t diagonal = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= b.size(); ++j) {
                const std::size_t above = row[j];
                row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
                diagonal = above;
            }
        }
        return row[b.size()];
    };
    std::optional<std::string> best;
    std::size_t bestDistance = 3;
    for (const std::string& c : candidates) {
        const std::size_t d = distance(word, c);
        if (d < bestDistance && d * 2 < std::max(word.size(), c.size())) {
            best = c;
            bestDistance = d;
        }
    }
    return best;
}

void JsonChecker::onlyKnownFields(const nlohmann::json& object, const std::string& path, std::initializer_list<const char*> known) {
    if (!object.is_object()) return;
    std::vector<std::string> names(known.begin(), known.end());
    for (const auto& [key, value] : object.items()) {
        if (std::find(names.begin(), names.end(), key) != names.end()) continue;
        std::string message = "unknown field \"" + key + "\"";
        if (auto near = closestWord(key, names)) message += "; did you mean \"" + *near + "\"?";
        else {
            message += "; expected one of: ";
            for (std::size_t i = 0; i < names.size(); ++i) message += (i ? ", " : "") + names[i];
        }
        fail(jsonPath(path, key), message);
    }
}

std::string excerpt(const nlohmann::json& value, std::size_t most) {
    // Invalid UTF-8 (from an XML file) is replaced rather than thrown on.
    return shortText(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), most);
}

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
        fail(path, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", found " + excerpt(value));
        return std::nullopt;
    }
    return static_cast<int>(value.get<std::int64_t>());
}

std::optional<double> JsonChecker::number(const json& value, const std::string& path, double lo, double hi) {
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < lo || value.get<double>() > hi) {
        fail(path, "expected a number from " + json(lo).dump() + " to " + json(hi).dump() + ", found " + excerpt(value));
        return std::nullopt;
    }
    return value.get<double>();
}

std::optional<std::string> JsonChecker::text(const json& value, const std::string& path, bool allowEmpty) {
    if (!value.is_string() || (!allowEmpty && value.get<std::string>().empty())) {
        fail(path, std::string("expected ") + (allowEmpty ? "a text" : "a non-empty text") + ", found " + excerpt(value));
        return std::nullopt;
    }
    return value.get<std::string>();
}

std::optional<bool> JsonChecker::flag(const json& value, const std::string& path) {
    if (!value.is_boolean()) {
        fail(path, "expected true or false, found " + excerpt(value));
        return std::nullopt;
    }
    return value.get<bool>();
}

std::optional<std::uint32_t> JsonChecker::colour(const json& value, const std::string& path) {
    const std::string c = value.is_string() ? value.get<std::string>() : "";
    if (c.size() == 7 && c[0] == '#' && c.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos)
        return static_cast<std::uint32_t>(std::stoul(c.substr(1), nullptr, 16));
    fail(path, "expected a colour such as \"#40c040\", found " + excerpt(value));
    return std::nullopt;
}

std::vector<Property> JsonChecker::properties(const json& value, const std::string& path) {
    std::vector<Property> list;
    if (!isObject(value, path, "an object")) return list;
    for (const auto& [key, v] : value.items()) {
        if (v.is_string()) list.push_back({key, v.get<std::string>()});
        else if (v.is_boolean()) list.push_back({key, v.get<bool>()});
        else if (v.is_number_integer() && (v.is_number_unsigned() ? v.get<std::uint64_t>() <= std::uint64_t(INT64_MAX) : true))
            list.push_back({key, v.get<std::int64_t>()});
        else if (v.is_number()) list.push_back({key, v.get<double>()});
        else fail(jsonPath(path, key), "expected a text, a number or true/false, found " + typeName(v));
    }
    return list;
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
