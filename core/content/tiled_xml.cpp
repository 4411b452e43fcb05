#include "content/tiled_xml.h"

#include <charconv>
#include <string_view>

#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/xml_tags.h"

namespace burrow {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::vector<XmlTag> tagsOf(const fs::path& path, const std::string& xml) {
    auto tags = xmlTags(xml);
    if (!tags) throw FileError(path.string(), {{"", "not XML that can be read: an unclosed tag or an unquoted attribute"}});
    return std::move(*tags);
}

// An attribute as a JSON number when it reads as one (Tiled's numbers), else text.
json value(const std::string& text) {
    double d = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), d);
    if (!text.empty() && error == std::errc() && end == text.data() + text.size()) {
        long long n = 0;
        const auto [iend, ierror] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ierror == std::errc() && iend == text.data() + text.size()) return n;
        return d;
    }
    return text;
}

json attributesOf(const XmlTag& tag) {
    json out = json::object();
    for (const auto& [k, v] : tag.attributes) out[k] = value(v);
    return out;
}

// A <property> as Tiled's JSON writes it, its type kept.
json property(const XmlTag& tag) {
    const std::string* name = tag.attribute("name");
    const std::string* type = tag.attribute("type");
    const std::string* text = tag.attribute("value");
    json p = {{"name", name ? *name : std::string()}, {"type", type ? *type : std::string("string")}};
    const std::string v = text ? *text : std::string();
    if (type && *type == "bool") p["value"] = v == "true";
    else if (type && (*type == "int" || *type == "float")) p["value"] = value(v);
    else p["value"] = v;
    return p;
}

// The <tile>s of a tileset, from `from` until its end tag.
json tilesOf(const std::vector<XmlTag>& tags, std::size_t from) {
    json tiles = json::array();
    for (std::size_t i = from; i < tags.size() && tags[i].name != "/tileset"; ++i) {
        if (tags[i].name != "tile") continue;
        json tile = attributesOf(tags[i]);
        if (const std::string* cls = tags[i].attribute("class"); cls && !tags[i].attribute("type")) tile["type"] = *cls;
        tiles.push_back(tile);
    }
    return tiles;
}

} // namespace

json tsxTiles(const fs::path& path) {
    const std::string xml = readTextFile(path);
    const std::vector<XmlTag> tags = tagsOf(path, xml);
    return tilesOf(tags, 0);
}

json tmxAsTmj(const fs::path& path) {
    const std::string xml = readTextFile(path);
    const std::vector<XmlTag> tags = tagsOf(path, xml);
    json map;
    json* layer = nullptr;  // the layer being read
    json* object = nullptr; // the object being read
    for (std::size_t i = 0; i < tags.size(); ++i) {
        const XmlTag& tag = tags[i];
        if (tag.name == "map") {
            map = attributesOf(tag);
            map["type"] = "map";
            map["layers"] = json::array();
            map["tilesets"] = json::array();
        } else if (map.is_null()) {
            continue; // nothing before <map> counts
        } else if (tag.name == "tileset") {
            json set = attributesOf(tag);
            if (const std::string* source = tag.attribute("source")) {
                // An external .tsx: its tiles read here, as if embedded.
                set.erase("source");
                set["tiles"] = tsxTiles(path.parent_path() / *source);
            } else {
                set["tiles"] = tilesOf(tags, i + 1);
            }
            map["tilesets"].push_back(set);
        } else if (tag.name == "layer") {
            map["layers"].push_back({{"type", "tilelayer"}, {"name", tag.attribute("name") ? *tag.attribute("name") : std::string()}});
            layer = &map["layers"].back();
        } else if (tag.name == "data" && layer) {
            const std::string* encoding = tag.attribute("encoding");
            if (!encoding || *encoding != "csv" || tag.attribute("compression")) {
                (*layer)["encoding"] = encoding ? *encoding + (tag.attribute("compression") ? "+" + *tag.attribute("compression") : "") : "xml";
                continue;
            }
            json data = json::array();
            const std::size_t stop = i + 1 < tags.size() ? xml.rfind('<', tags[i + 1].end - 1) : xml.size();
            const std::string_view text = std::string_view(xml).substr(tag.end, stop - tag.end);
            std::size_t at = 0;
            while (at < text.size()) {
                while (at < text.size() && (text[at] == ',' || text[at] == ' ' || text[at] == '\n' || text[at] == '\r' || text[at] == '\t')) ++at;
                if (at >= text.size()) break;
                std::int64_t gid = 0;
                const auto [end, error] = std::from_chars(text.data() + at, text.data() + text.size(), gid);
                if (error != std::errc()) {
                    data.push_back(std::string(text.substr(at, 1))); // the reader names it as no gid
                    ++at;
                    continue;
                }
                data.push_back(gid);
                at = static_cast<std::size_t>(end - text.data());
            }
            (*layer)["data"] = data;
        } else if (tag.name == "objectgroup") {
            map["layers"].push_back({{"type", "objectgroup"}, {"objects", json::array()}});
            layer = &map["layers"].back();
            object = nullptr;
        } else if (tag.name == "object" && layer && (*layer)["type"] == "objectgroup") {
            json o = attributesOf(tag);
            if (const std::string* cls = tag.attribute("class"); cls && !tag.attribute("type")) o["type"] = *cls;
            if (const std::string* name = tag.attribute("name")) o["name"] = *name; // a name is text, even "12"
            (*layer)["objects"].push_back(o);
            object = tag.selfClosing ? nullptr : &(*layer)["objects"].back();
        } else if (tag.name == "point" && object) {
            (*object)["point"] = true;
        } else if (tag.name == "property" && object) {
            (*object)["properties"].push_back(property(tag));
        } else if (tag.name == "/object") {
            object = nullptr;
        } else if (tag.name == "/layer" || tag.name == "/objectgroup") {
            layer = nullptr;
            object = nullptr;
        }
    }
    if (map.is_null()) throw FileError(path.string(), {{"", "not a Tiled map: no <map> element"}});
    return map;
}

} // namespace burrow
