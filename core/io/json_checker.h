#pragma once
// Reading a JSON document a designer wrote: each accessor checks what it reads and
// records a problem with its JSON path ("/groups/2/number/min") when it does not fit,
// so one pass reports every mistake in the file.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/diagnostic.h"
#include "model/property.h"

namespace burrow {

class JsonChecker {
public:
    explicit JsonChecker(std::vector<Diagnostic>& problems) : problems_(problems) {}

    void fail(std::string path, std::string message) { problems_.push_back({std::move(path), std::move(message)}); }
    bool failed() const { return !problems_.empty(); }

    // The member `key` of `object` (at `path`), or nullptr; a missing required one is a problem.
    const nlohmann::json* field(const nlohmann::json& object, const std::string& path, const char* key, bool required);
    std::optional<int> integer(const nlohmann::json& value, const std::string& path, std::int64_t lo, std::int64_t hi);
    std::optional<double> number(const nlohmann::json& value, const std::string& path, double lo, double hi);
    std::optional<std::string> text(const nlohmann::json& value, const std::string& path, bool allowEmpty = false);
    std::optional<bool> flag(const nlohmann::json& value, const std::string& path);
    // "#rrggbb" as 0xRRGGBB.
    std::optional<std::uint32_t> colour(const nlohmann::json& value, const std::string& path);
    // {"name": value, ...}: a designer's properties, their JSON types kept.
    std::vector<Property> properties(const nlohmann::json& value, const std::string& path);
    // True (and no problem) when `value` is an object; else records "expected <what>".
    bool isObject(const nlohmann::json& value, const std::string& path, const std::string& what);
    bool isArray(const nlohmann::json& value, const std::string& path, const std::string& what);

    // Every member of `object` must be one of `known`: others are problems ("unknown
    // field \"scpoe\"; did you mean \"scope\"?"). Burrow's own files are strict so a
    // typo is never silently ignored; where a format is open, it says so and skips this.
    void onlyKnownFields(const nlohmann::json& object, const std::string& path, std::initializer_list<const char*> known);

    // "a whole number", "a text", "a list", ...
    static std::string typeName(const nlohmann::json& value);

private:
    std::vector<Diagnostic>& problems_;
};

// The candidate closest to `word` by edit distance, when it is close enough to be a
// likely typo (at most 2 edits, and fewer than half the word); else nothing.
std::optional<std::string> closestWord(const std::string& word, const std::vector<std::string>& candidates);

// A value as JSON text for an error message, cut to about `most` characters: a
// message quotes what it found, never a whole hostile file.
std::string excerpt(const nlohmann::json& value, std::size_t most = 60);

// "/a/b" + key, escaping '~' and '/' as JSON pointers do.
std::string jsonPath(const std::string& parent, const std::string& key);

} // namespace burrow
