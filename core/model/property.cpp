#include "model/property.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace burrow {

const char* propertyType(const PropertyValue& value) {
    switch (value.index()) {
    case 0: return "bool";
    case 1: return "int";
    case 2: return "float";
    default: return "string";
    }
}

std::string propertyText(const PropertyValue& value) {
    if (const bool* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
    if (const std::int64_t* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
    if (const double* d = std::get_if<double>(&value)) {
        // Shortest text that reads back to the same double, so exports round-trip.
        char text[32];
        const auto [end, ec] = std::to_chars(text, text + sizeof text, *d);
        return ec == std::errc() ? std::string(text, end) : std::string("0");
    }
    return std::get<std::string>(value);
}

PropertyValue propertyFromText(const std::string& text) {
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') return text.substr(1, text.size() - 2);
    if (text == "true") return true;
    if (text == "false") return false;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    std::int64_t whole = 0;
    if (auto [end, ec] = std::from_chars(first, last, whole); ec == std::errc() && end == last && !text.empty()) return whole;
    double real = 0;
    if (auto [end, ec] = std::from_chars(first, last, real); ec == std::errc() && end == last && !text.empty() && std::isfinite(real))
        return real;
    return text;
}

} // namespace burrow
