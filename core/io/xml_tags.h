#pragma once
// The tags of a small XML file, in order: enough for Tiled's .tsx and .tmx, which
// keep everything Burrow reads in attributes and in a layer's CSV text. Comments,
// declarations and CDATA are passed over; the five predefined entities and
// numeric character references in attribute values are decoded.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace burrow {

struct XmlTag {
    std::string name;       // "object", or "/object" for an end tag
    std::vector<std::pair<std::string, std::string>> attributes;
    bool selfClosing = false;
    std::size_t end = 0;    // just past its '>': where its text begins

    const std::string* attribute(std::string_view key) const;
};

// Nothing when the text is not well-formed enough to read (an unclosed tag, an
// attribute without a quoted value).
std::optional<std::vector<XmlTag>> xmlTags(std::string_view xml);

} // namespace burrow
