#include "content/prefab_tiled.h"

#include <cmath>
#include <map>

#include "content/tiled_xml.h"
#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/json_checker.h"

namespace burrow {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// Tiled keeps flips in a gid's top bits; a tile kind has no orientation.
constexpr std::uint32_t kGidFlags = 0xE0000000u;

// A tile's kind as its tileset says: "type" (Tiled up to 1.8) or "class" (1.9 on).
std::string tileClass(const json& tile) {
    for (const char* key : {"type", "class"})
        if (tile.contains(key) && tile[key].is_string() && !tile[key].get<std::string>().empty()) return tile[key].get<std::string>();
    return {};
}

// A member as text, or "" when it is missing or no text: for what a reader
// branches on (a layer's type), where anything else means "not this".
std::string textOr(const json& object, const char* key) {
    if (!object.is_object()) return {};
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Tiled's gids are 32-bit: the top three bits flips, the rest the tile.
constexpr std::uint64_t kMaxGid = 0xFFFFFFFFu;

class TiledReader {
public:
    TiledReader(const fs::path& path, const TileKinds& kinds, const FileSource& files) : path_(path), kinds_(kinds), files_(files), check_(problems_) {}

    // Every problem, the reader's own or a value of an unexpected type that slipped
    // past a check, names this file and where in it.
    Prefab read() {
        try {
            return readDocument();
        } catch (const nlohmann::json::exception& e) {
            check_.fail("", std::string("cannot be read: ") + e.what());
            throw FileError(path_.string(), problems_);
        }
    }

private:
    Prefab readDocument() {
        const json doc = path_.extension() == ".tmx" ? tmxAsTmj(path_, files_) : files_.readJson(path_);
        Prefab prefab;
        prefab.id = prefab.name = path_.stem().stem().string();
        if (!check_.isObject(doc, "", "a Tiled map (a JSON object)")) throw FileError(path_.string(), problems_);
        const int width = size(doc, "width"), height = size(doc, "height");
        tileWidth_ = size(doc, "tilewidth", 4096), tileHeight_ = size(doc, "tileheight", 4096);
        if (check_.failed()) throw FileError(path_.string(), problems_);
        readTilesets(doc);
        prefab.width = width;
        prefab.height = height;
        prefab.cells.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), PrefabCell{});
        const json* layers = check_.field(doc, "", "layers", true);
        bool tiles = false;
        if (layers && check_.isArray(*layers, "/layers", "a list of layers"))
            for (std::size_t i = 0; i < layers->size(); ++i) {
                const json& layer = (*layers)[i];
                const std::string at = "/layers/" + std::to_string(i);
                const std::string type = textOr(layer, "type");
                if (type == "tilelayer" && !tiles) {
                    tiles = true;
                    readTiles(layer, at, prefab);
                } else if (type == "objectgroup") {
                    readObjects(layer, at, prefab);
                }
            }
        if (!tiles && !check_.failed()) check_.fail("/layers", "no tile layer: a prefab's cells are drawn in one");
        orderThings(prefab);
        for (const auto& [where, message] : prefabProblems(prefab, kinds_)) check_.fail(where.empty() ? "" : "/" + where, message);
        if (check_.failed()) throw FileError(path_.string(), problems_);
        return prefab;
    }

    int size(const json& doc, const char* key, int most = kMaxPrefabSide) {
        if (const json* v = check_.field(doc, "", key, true))
            if (auto n = check_.integer(*v, jsonPath("", key), 1, most)) return *n;
        return 0;
    }

    void readTilesets(const json& doc) {
        const json* sets = check_.field(doc, "", "tilesets", true);
        if (!sets || !check_.isArray(*sets, "/tilesets", "a list of tilesets")) return;
        for (std::size_t i = 0; i < sets->size(); ++i) {
            const std::string at = "/tilesets/" + std::to_string(i);
            const json& set = (*sets)[i];
            if (!check_.isObject(set, at, "a tileset")) continue;
            const json* first = check_.field(set, at, "firstgid", true);
            const auto firstGid = first ? check_.integer(*first, at + "/firstgid", 1, 1 << 29) : std::nullopt;
            if (!firstGid) continue;
            json tiles = set.contains("tiles") ? set["tiles"] : json::array();
            if (set.contains("source")) {
                const auto source = check_.text(set["source"], at + "/source");
                if (!source) continue;
                tiles = externalTiles(path_.parent_path() / *source);
            }
            if (!tiles.is_array()) continue;
            for (const json& tile : tiles) {
                if (!tile.is_object() || !tile.contains("id") || !tile["id"].is_number_integer()) continue;
                const std::string kind = tileClass(tile);
                const std::int64_t id = tile["id"].get<std::int64_t>();
                if (kind.empty() || id < 0 || id > (1 << 20)) continue;
                for (int k = 0; k < kinds_.count(); ++k)
                    if (kinds_[kinds_.tileAt(k)].id == kind) byGid_[static_cast<std::uint32_t>(*firstGid + id)] = kinds_.tileAt(k);
                if (byGid_.find(static_cast<std::uint32_t>(*firstGid + id)) == byGid_.end()) unknown_[static_cast<std::uint32_t>(*firstGid + id)] = kind;
            }
        }
    }

    // The tiles of a tileset file the map names (.tsx or .tsj).
    json externalTiles(const fs::path& file) {
        if (file.extension() == ".tsx") return tsxTiles(file, path_, files_);
        const json set = files_.readJson(file);
        if (!set.is_object()) throw FileError(file.string(), {{"", "expected a Tiled tileset (a JSON object), found " + JsonChecker::typeName(set) + " (named by " + path_.string() + ")"}});
        return set.contains("tiles") ? set["tiles"] : json::array();
    }

    void readTiles(const json& layer, const std::string& at, Prefab& prefab) {
        if (layer.contains("encoding") && textOr(layer, "encoding") != "csv") {
            check_.fail(at + "/encoding", "a " + excerpt(layer["encoding"]) + " layer cannot be read: save the map with the CSV tile layer format");
            return;
        }
        const json* data = check_.field(layer, at, "data", true);
        if (!data || !check_.isArray(*data, at + "/data", "a list of gids")) return;
        if (data->size() != prefab.cells.size()) {
            check_.fail(at + "/data", std::to_string(data->size()) + " gids for a " + std::to_string(prefab.width) + " x " + std::to_string(prefab.height) + " map");
            return;
        }
        for (std::size_t i = 0; i < data->size(); ++i) {
            const json& g = (*data)[i];
            // A gid is a 32-bit number: anything else (2^32 + 1 would wrap to 1) is refused.
            const bool inRange = g.is_number_unsigned() ? g.get<std::uint64_t>() <= kMaxGid
                                                        : g.is_number_integer() && g.get<std::int64_t>() >= 0 && g.get<std::int64_t>() <= std::int64_t(kMaxGid);
            if (!inRange) {
                check_.fail(at + "/data/" + std::to_string(i), "expected a gid (a whole number from 0 to 4294967295), found " + excerpt(g));
                continue;
            }
            const std::uint32_t gid = static_cast<std::uint32_t>(g.get<std::uint64_t>()) & ~kGidFlags;
            PrefabCell& cell = prefab.cells[i];
            if (gid == 0) {
                cell.keep = true;
                continue;
            }
            if (auto found = byGid_.find(gid); found != byGid_.end()) cell.tile = found->second;
            else {
                const std::string x = std::to_string(i % static_cast<std::size_t>(prefab.width)), y = std::to_string(i / static_cast<std::size_t>(prefab.width));
                auto named = unknown_.find(gid);
                check_.fail(at + "/data/" + std::to_string(i), "the tile at (" + x + ", " + y + ") (gid " + std::to_string(gid) + ") " +
                                                                   (named != unknown_.end() ? "has the type \"" + named->second + "\", which is no tile kind; expected one of " + kinds_.idList()
                                                                                            : "has no type naming a tile kind: give the tileset's tiles the kind's id as their type (class)"));
            }
        }
    }

    void readObjects(const json& layer, const std::string& at, Prefab& prefab) {
        const json* objects = check_.field(layer, at, "objects", true);
        if (!objects || !check_.isArray(*objects, at + "/objects", "a list of objects")) return;
        for (std::size_t i = 0; i < objects->size(); ++i) {
            const json& o = (*objects)[i];
            const std::string where = at + "/objects/" + std::to_string(i);
            if (!check_.isObject(o, where, "an object")) continue;
            const std::string type = tileClass(o);
            if (type == "start" || type == "exit" || type == "stairs_down" || type == "stairs_up") continue; // the level's, not the prefab's
            const auto x = check_.number(o.value("x", json()), where + "/x", -1e9, 1e9), y = check_.number(o.value("y", json()), where + "/y", -1e9, 1e9);
            if (!x || !y) continue;
            // Sizes and coordinates within a billion pixels keep every sum below an int's end.
            const auto w = o.contains("width") ? check_.number(o["width"], where + "/width", 0, 1e9) : 0.0;
            const auto h = o.contains("height") ? check_.number(o["height"], where + "/height", 0, 1e9) : 0.0;
            const auto point = o.contains("point") ? check_.flag(o["point"], where + "/point") : false;
            if (!w || !h || !point) continue;
            // A tile object's y is its bottom edge; a rectangle's, its top.
            const double cx = *point ? *x : *x + *w / 2, cy = *point ? *y : (o.contains("gid") ? *y - *h / 2 : *y + *h / 2);
            const Point cell{static_cast<int>(std::floor(cx / tileWidth_)), static_cast<int>(std::floor(cy / tileHeight_))};
            if (cell.x < 0 || cell.y < 0 || cell.x >= prefab.width || cell.y >= prefab.height) {
                check_.fail(where, "the object at (" + std::to_string(*x) + ", " + std::to_string(*y) + ") px is off the map");
                continue;
            }
            if (type == "opening") {
                prefab.at(cell.x, cell.y).opening = true;
                continue;
            }
            PrefabThing thing{cell, textOr(o, "name"), {}};
            if (o.contains("properties") && o["properties"].is_array())
                for (const json& p : o["properties"]) {
                    if (!p.is_object() || !p.contains("name") || !p.contains("value") || !p["name"].is_string()) continue;
                    const std::string name = p["name"].get<std::string>();
                    const json& v = p["value"];
                    if (name == "template" && v.is_string()) thing.templateName = v.get<std::string>();
                    else if (v.is_boolean()) thing.properties.push_back({name, v.get<bool>()});
                    else if (v.is_number_integer()) thing.properties.push_back({name, v.get<std::int64_t>()});
                    else if (v.is_number()) thing.properties.push_back({name, v.get<double>()});
                    else if (v.is_string()) thing.properties.push_back({name, v.get<std::string>()});
                }
            if (thing.templateName.empty()) {
                check_.fail(where, "an object that is no \"opening\" is a thing: give it the template's name (or a \"template\" property)");
                continue;
            }
            prefab.things.push_back(std::move(thing));
        }
    }

    fs::path path_;
    const TileKinds& kinds_;
    const FileSource& files_;
    std::vector<Diagnostic> problems_;
    JsonChecker check_;
    int tileWidth_ = 1, tileHeight_ = 1;
    std::map<std::uint32_t, Tile> byGid_;
    std::map<std::uint32_t, std::string> unknown_;
};

} // namespace

Prefab prefabFromTiledMap(const fs::path& path, const TileKinds& kinds, const FileSource& files) { return TiledReader(path, kinds, files).read(); }

} // namespace burrow
