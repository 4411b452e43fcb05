#include "content/tiled_xml.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/utf8.h"
#include "io/xml_tags.h"

namespace burrow {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::vector<XmlTag> tagsOf(const fs::path& path, const std::string& xml) {
    requireUtf8(path.string(), xml, "a Tiled file");
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

// A <tile> as a .tsj's tile: its attributes, its class as Tiled 1.8's "type".
json tileOf(const XmlTag& tag) {
    json tile = attributesOf(tag);
    if (const std::string* cls = tag.attribute("class"); cls && !tag.attribute("type")) tile["type"] = *cls;
    return tile;
}

} // namespace

json tsxTiles(const fs::path& path, const fs::path& namedBy, const FileSource& files) {
    const std::string xml = files.read(path);
    const std::vector<XmlTag> tags = tagsOf(path, xml);
    json tiles = json::array();
    bool inTileset = false, sawTileset = false;
    for (const XmlTag& tag : tags) {
        if (tag.name == "tileset") {
            if (sawTileset) throw FileError(path.string(), {{"", "a second <tileset> element; a .tsx holds one tileset (named by " + namedBy.string() + ")"}});
            inTileset = !tag.selfClosing;
            sawTileset = true;
        } else if (tag.name == "/tileset") {
            inTileset = false;
        } else if (tag.name == "tile" && inTileset) {
            tiles.push_back(tileOf(tag));
        }
    }
    if (!sawTileset) throw FileError(path.string(), {{"", "not a Tiled tileset: no <tileset> element (named by " + namedBy.string() + ")"}});
    return tiles;
}

namespace {

// The CSV text of a <data> element as gids; anything that is no number is kept as
// text, so the prefab reader names it as no gid at its index.
json csvGids(std::string_view text) {
    json data = json::array();
    std::size_t at = 0;
    auto separator = [](char c) { return c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    while (at < text.size()) {
        while (at < text.size() && separator(text[at])) ++at;
        if (at >= text.size()) break;
        std::uint64_t gid = 0;
        const auto [end, error] = std::from_chars(text.data() + at, text.data() + text.size(), gid);
        if (error != std::errc()) {
            // Past 2^64, or no digit at all: the token as text (at most a short excerpt).
            std::size_t stop = at;
            while (stop < text.size() && !separator(text[stop])) ++stop;
            data.push_back(std::string(text.substr(at, std::min<std::size_t>(stop - at, 24))));
            at = std::max(stop, at + 1);
            continue;
        }
        data.push_back(gid);
        at = static_cast<std::size_t>(end - text.data());
    }
    return data;
}

// Reads a .tmx's tags in one pass. Where it is in the map is kept as indices into
// the JSON it builds, never as pointers: a push_back (or a hostile second <map>)
// may move what a pointer would point at.
class TmxReader {
public:
    TmxReader(const fs::path& path, const std::string& xml) : path_(path), xml_(xml), tags_(tagsOf(path, xml)) {}

    json read() {
        for (i_ = 0; i_ < tags_.size(); ++i_) {
            const XmlTag& tag = tags_[i_];
            if (tag.name == "map") startMap(tag);
            else if (map_.is_null()) continue; // nothing before <map> counts
            else if (tileset_) inTileset(tag);
            else if (tag.name == "tileset") startTileset(tag);
            else if (tag.name == "layer") startLayer({{"type", "tilelayer"}, {"name", tag.attribute("name") ? *tag.attribute("name") : std::string()}});
            else if (tag.name == "objectgroup") startLayer({{"type", "objectgroup"}, {"objects", json::array()}});
            else if (tag.name == "data" && layer_) readData(tag);
            else if (tag.name == "object" && layer_ && layer()["type"] == "objectgroup") startObject(tag);
            else if (tag.name == "point" && object_) object()["point"] = true;
            else if (tag.name == "property" && object_) object()["properties"].push_back(property(tag));
            else if (tag.name == "/object") object_.reset();
            else if (tag.name == "/layer" || tag.name == "/objectgroup") layer_.reset(), object_.reset();
        }
        if (map_.is_null()) throw FileError(path_.string(), {{"", "not a Tiled map: no <map> element"}});
        return map_;
    }

private:
    void startMap(const XmlTag& tag) {
        if (!map_.is_null()) throw FileError(path_.string(), {{"", "a second <map> element (tag " + std::to_string(i_ + 1) + "); a .tmx holds one map"}});
        map_ = attributesOf(tag);
        map_["type"] = "map";
        map_["layers"] = json::array();
        map_["tilesets"] = json::array();
    }
    // An embedded tileset's <tile>s, until its end; its other elements (a tile's
    // collision shapes are <objectgroup>s) are the tileset's, not the map's.
    void inTileset(const XmlTag& tag) {
        if (tag.name == "/tileset") tileset_.reset();
        else if (tag.name == "tile") map_["tilesets"][*tileset_]["tiles"].push_back(tileOf(tag));
    }
    void startTileset(const XmlTag& tag) {
        json set = attributesOf(tag);
        set["tiles"] = json::array();
        if (const std::string* source = tag.attribute("source")) {
            // An external .tsx: its tiles read here, as if embedded.
            set.erase("source");
            set["tiles"] = tsxTiles(path_.parent_path() / *source, path_);
        }
        map_["tilesets"].push_back(std::move(set));
        if (!tag.selfClosing && !tag.attribute("source")) tileset_ = map_["tilesets"].size() - 1;
    }
    void startLayer(json layer) {
        map_["layers"].push_back(std::move(layer));
        layer_ = map_["layers"].size() - 1;
        object_.reset();
    }
    void readData(const XmlTag& tag) {
        const std::string* encoding = tag.attribute("encoding");
        if (!encoding || *encoding != "csv" || tag.attribute("compression")) {
            layer()["encoding"] = encoding ? *encoding + (tag.attribute("compression") ? "+" + *tag.attribute("compression") : "") : "xml";
            return;
        }
        const std::size_t stop = i_ + 1 < tags_.size() ? xml_.rfind('<', tags_[i_ + 1].end - 1) : xml_.size();
        layer()["data"] = csvGids(std::string_view(xml_).substr(tag.end, stop - tag.end));
    }
    void startObject(const XmlTag& tag) {
        json o = attributesOf(tag);
        if (const std::string* cls = tag.attribute("class"); cls && !tag.attribute("type")) o["type"] = *cls;
        if (const std::string* name = tag.attribute("name")) o["name"] = *name; // a name is text, even "12"
        layer()["objects"].push_back(std::move(o));
        if (tag.selfClosing) object_.reset();
        else object_ = layer()["objects"].size() - 1;
    }
    json& layer() { return map_["layers"][*layer_]; }
    json& object() { return layer()["objects"][*object_]; }

    fs::path path_;
    const std::string& xml_;
    std::vector<XmlTag> tags_;
    std::size_t i_ = 0;
    json map_;
    std::optional<std::size_t> tileset_, layer_, object_;
};

} // namespace

json tmxAsTmj(const fs::path& path, const FileSource& files) {
    const std::string xml = files.read(path);
    return TmxReader(path, xml).read();
}

} // namespace burrow
