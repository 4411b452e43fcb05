#include "content/tiled_tileset.h"

#include <charconv>
#include <optional>
#include <string_view>

#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/json_checker.h"
#include "io/utf8.h"
#include "io/xml_tags.h"

namespace burrow {
namespace {

constexpr int kMaxTileCount = 1 << 20; // far above any tileset; keeps gid sums within an int

TiledTilesetFile fromTsj(const std::filesystem::path& path, const FileSource& files) {
    const nlohmann::json doc = files.readJson(path);
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

TiledTilesetFile fromTsx(const std::filesystem::path& path, const FileSource& files) {
    const std::string xml = files.read(path);
    requireUtf8(path.string(), xml, "a Tiled file");
    std::vector<Diagnostic> problems;
    auto fail = [&](std::string message) { problems.push_back({"", std::move(message)}); };
    const auto tags = xmlTags(xml);
    auto first = [&](std::string_view name) -> const XmlTag* {
        if (tags)
            for (const XmlTag& tag : *tags)
                if (tag.name == name) return &tag;
        return nullptr;
    };
    const XmlTag* tileset = first("tileset");
    if (!tileset) throw FileError(path.string(), {{"", "not a Tiled tileset: no <tileset> element"}});
    TiledTilesetFile t;
    auto integer = [&](const char* name, int lo, int hi, bool required, int& into) {
        const std::string* text = tileset->attribute(name);
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
    const XmlTag* image = first("image");
    const std::string* source = image ? image->attribute("source") : nullptr;
    if (!source) fail("this tileset has no <image source=...>: an image collection (one image a tile) cannot be used; make one tileset image of the tiles");
    else t.image = *source;
    if (!problems.empty()) throw FileError(path.string(), problems);
    return t;
}

} // namespace

TiledTilesetFile readTiledTileset(const std::filesystem::path& path, const FileSource& files) {
    const std::string ext = path.extension().string();
    if (ext == ".tsx" || ext == ".xml") return fromTsx(path, files);
    if (ext == ".tsj" || ext == ".json") return fromTsj(path, files);
    throw FileError(path.string(), {{"", "expected a Tiled tileset file: .tsj (JSON) or .tsx (XML)"}});
}

} // namespace burrow
