#include "content/tiled_tileset.h"

#include <charconv>
#include <optional>
#include <string_view>

#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/json_checker.h"

namespace burrow {
namespace {

constexpr int kMaxTileCount = 1 << 20; // far above any tileset; keeps gid sums within an int

TiledTilesetFile fromTsj(const std::filesystem::path& path) {
    const nlohmann::json doc = parseJsonFile(path);
    std::vector<Diagnostic> problems;
    JsonChecker check(problems);
    TiledTilesetFile t;
    if (!check.isObject(doc, "", "a Tiled tileset (a JSON object)")) throw FileError(path.string(), problems);
    auto integer = [&](const char* key, int lo, int hi, bool required, int& into) {
        if (const nlohmann::json* v = check.field(doc, "", key, required))
            if (auto n = check.integer(*v, jsonPath("", key), lo, hi)) into = *n;
    };
    integer("tilewidth", 1, 4096, true, t.tileWidth);
    integer("tileheight", 1, 4096, true, t.tileHeight);
    integer("tilecount", 1, kMaxTileCount, true, t.tileCount);
    integer("columns", 0, kMaxTileCount, true, t.columns);
    integer("margin", 0, 4096, false, t.margin);
    integer("spacing", 0, 4096, false, t.spacing);
    if (const nlohmann::json* image = check.field(doc, "", "image", false)) {
        if (auto text = check.text(*image, "/image")) t.image = *text;
    } else if (!check.failed()) {
        check.fail("/image", "this tileset has no image: an image collection (one image a tile) cannot be used; make one tileset image of the tiles");
    }
    if (check.failed()) throw FileError(path.string(), problems);
    return t;
}

// The attributes of the first <element ...> in `xml` from `from`, or nothing.
std::optional<std::vector<std::pair<std::string, std::string>>> xmlStartTag(std::string_view xml, std::string_view element) {
    const std::string open = "<" + std::string(element);
    for (std::size_t at = xml.find(open); at != std::string_view::npos; at = xml.find(open, at + 1)) {
        std::size_t i = at + open.size();
        if (i < xml.size() && xml[i] != ' ' && xml[i] != '\t' && xml[i] != '\n' && xml[i] != '\r' && xml[i] != '>' && xml[i] != '/') continue; // <tilesetx
        std::vector<std::pair<std::string, std::string>> attributes;
        while (i < xml.size()) {
            while (i < xml.size() && (xml[i] == ' ' || xml[i] == '\t' || xml[i] == '\n' || xml[i] == '\r')) ++i;
            if (i >= xml.size() || xml[i] == '>' || xml[i] == '/') return attributes;
            const std::size_t nameEnd = xml.find('=', i);
            if (nameEnd == std::string_view::npos || nameEnd + 1 >= xml.size()) return std::nullopt;
            const char quote = xml[nameEnd + 1];
            if (quote != '"' && quote != '\'') return std::nullopt;
            const std::size_t valueEnd = xml.find(quote, nameEnd + 2);
            if (valueEnd == std::string_view::npos) return std::nullopt;
            std::string name(xml.substr(i, nameEnd - i));
            while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
            std::string value;
            for (std::size_t c = nameEnd + 2; c < valueEnd; ++c) {
                // The five entities XML predefines; a tileset's numbers and paths need no others.
                static constexpr std::pair<std::string_view, char> entities[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
                bool replaced = false;
                for (const auto& [entity, ch] : entities)
                    if (xml.substr(c, entity.size()) == entity) {
                        value += ch;
                        c += entity.size() - 1;
                        replaced = true;
                        break;
                    }
                if (!replaced) value += xml[c];
            }
            attributes.emplace_back(std::move(name), std::move(value));
            i = valueEnd + 1;
        }
        return std::nullopt;
    }
    return std::nullopt;
}

TiledTilesetFile fromTsx(const std::filesystem::path& path) {
    const std::string xml = readTextFile(path);
    std::vector<Diagnostic> problems;
    auto fail = [&](std::string message) { problems.push_back({"", std::move(message)}); };
    const auto tileset = xmlStartTag(xml, "tileset");
    if (!tileset) throw FileError(path.string(), {{"", "not a Tiled tileset: no <tileset> element"}});
    TiledTilesetFile t;
    auto attribute = [](const std::vector<std::pair<std::string, std::string>>& list, const char* name) -> const std::string* {
        for (const auto& [n, v] : list)
            if (n == name) return &v;
        return nullptr;
    };
    auto integer = [&](const char* name, int lo, int hi, bool required, int& into) {
        const std::string* text = attribute(*tileset, name);
        if (!text) {
            if (required) fail(std::string("<tileset> lacks the attribute ") + name);
            return;
        }
        int value = 0;
        const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
        if (error != std::errc() || end != text->data() + text->size() || value < lo || value > hi)
            fail(std::string("<tileset ") + name + ">: expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", found \"" + *text + "\"");
        else into = value;
    };
    integer("tilewidth", 1, 4096, true, t.tileWidth);
    integer("tileheight", 1, 4096, true, t.tileHeight);
    integer("tilecount", 1, kMaxTileCount, true, t.tileCount);
    integer("columns", 0, kMaxTileCount, true, t.columns);
    integer("margin", 0, 4096, false, t.margin);
    integer("spacing", 0, 4096, false, t.spacing);
    const auto image = xmlStartTag(xml, "image");
    const std::string* source = image ? attribute(*image, "source") : nullptr;
    if (!source) fail("this tileset has no <image source=...>: an image collection (one image a tile) cannot be used; make one tileset image of the tiles");
    else t.image = *source;
    if (!problems.empty()) throw FileError(path.string(), problems);
    return t;
}

} // namespace

TiledTilesetFile readTiledTileset(const std::filesystem::path& path) {
    const std::string ext = path.extension().string();
    if (ext == ".tsx" || ext == ".xml") return fromTsx(path);
    if (ext == ".tsj" || ext == ".json") return fromTsj(path);
    throw FileError(path.string(), {{"", "expected a Tiled tileset file: .tsj (JSON) or .tsx (XML)"}});
}

} // namespace burrow
