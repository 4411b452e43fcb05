#pragma once
// A designer's key/value pair on a placed thing, passed on to exports with its
// JSON type kept: Tiled tells int, float, bool and string properties apart, and a
// game reading `hp: 5` should not have to parse "5".
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace burrow {

using PropertyValue = std::variant<bool, std::int64_t, double, std::string>;

struct Property {
    std::string name;
    PropertyValue value;
    friend bool operator==(const Property&, const Property&) = default;
};

// Tiled's type names: "bool", "int", "float", "string".
const char* propertyType(const PropertyValue& value);
// The value as text: true, 5, 2.5, or the string itself.
std::string propertyText(const PropertyValue& value);
// The value a designer typed: true/false, a whole number, a number, else text.
// A value in double quotes is always text ("5" stays the string 5).
PropertyValue propertyFromText(const std::string& text);

} // namespace burrow
