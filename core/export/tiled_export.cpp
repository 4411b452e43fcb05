#include "export/tiled_export.h"

#include <algorithm>
#include <array>
#include <optional>
#include <sstream>
#include <variant>

#include "export/gid_text.h"
#include "export/provenance.h"
#include "export/tile_art.h"

namespace burrow {
namespace {

using nlohmann::ordered_json;

constexpr int kWorldGap = 2; // tiles between depths in a world, so they read apart

using Properties = std::vector<Property>;

// One object of the object layer, in Tiled's terms.
struct MapObject {
    std::string name;
    std::string type;
    Cell at;
    Properties properties;
};

// Sets a property, replacing one of the same name: a name appears once per object.
void setProperty(Properties& properties, std::string name, PropertyValue value) {
    for (Property& p : properties)
        if (p.name == name) {
            p.value = std::move(value);
            return;
        }
    properties.push_back({std::move(name), std::move(value)});
}

// A marker a placed thing already stands for: the player on the start, the exit
// thing on the exit. Exported once, as the thing.
bool markerShownByEntity(const Level& level, const Marker& m) {
    for (const Entity& e : level.entities) {
        if (!(e.at == m.at)) continue;
        const EntityTemplate* t = level.findTemplate(e.templateName);
        if (t && ((m.name == "start" && t->kind == EntityKind::Player) || (m.name == "exit" && t->kind == EntityKind::Exit))) return true;
    }
    return false;
}

std::vector<MapObject> objectsOf(const Level& level, int depth) {
    std::vector<MapObject> objects;
    for (const Entity& e : level.entities) {
        if (e.at.z != depth) continue;
        MapObject o{e.templateName, "creature", e.at, {{"template", e.templateName}}};
        if (const EntityTemplate* t = level.findTemplate(e.templateName)) {
            o.type = entityKindId(t->kind);
            o.properties.push_back({"max_hp", std::int64_t{t->maxHp}});
            o.properties.push_back({"attack", std::int64_t{t->attack}});
            o.properties.push_back({"defense", std::int64_t{t->defense}});
        }
        // The designer's own values win over the template's: one name, once.
        for (const Property& p : e.properties) setProperty(o.properties, p.name, p.value);
        objects.push_back(std::move(o));
    }
    for (const Marker& m : level.markers)
        if (m.at.z == depth && !markerShownByEntity(level, m)) objects.push_back({m.name, m.name, m.at, {}});
    for (const StairsPair& s : level.stairs) {
        if (s.upperDepth == depth)
            objects.push_back({"stairs down", "stairs_down", {s.x, s.y, depth},
                               {{"partner_depth", std::int64_t{depth + 1}}, {"region", std::int64_t{s.upperRegion}}, {"partner_region", std::int64_t{s.lowerRegion}}}});
        if (s.upperDepth + 1 == depth)
            objects.push_back({"stairs up", "stairs_up", {s.x, s.y, depth},
                               {{"partner_depth", std::int64_t{depth - 1}}, {"region", std::int64_t{s.lowerRegion}}, {"partner_region", std::int64_t{s.upperRegion}}}});
    }
    return objects;
}

Properties mapProperties(const ExportInfo& info, int depth) {
    Properties list;
    for (auto& [name, value] : provenance(info)) {
        list.push_back({name, value});
        if (name == "seed") list.push_back({"depth", std::int64_t{depth}});
    }
    return list;
}

// A game reads what a tile is from these. The project's own kinds say more (the
// built-ins' lists stay as they were, so old readers see the same tileset).
Properties tileProperties(const TileKinds& kinds, Tile t) {
    const TileKind& k = kinds[t];
    Properties list{{"glyph", std::string(1, k.glyph)}, {"walkable", k.walkable}, {"diggable", k.diggable}};
    if (static_cast<int>(t) < kTileKindCount) return list;
    list.push_back({"transparent", k.transparent});
    std::string tags;
    for (const std::string& tag : k.tags) tags += (tags.empty() ? "" : ",") + tag;
    if (!tags.empty()) list.push_back({"tags", tags});
    for (const Property& p : k.properties)
        if (std::none_of(list.begin(), list.end(), [&](const Property& q) { return q.name == p.name; })) list.push_back(p);
    return list;
}

ordered_json jsonProperties(const Properties& properties) {
    ordered_json list = ordered_json::array();
    for (const Property& p : properties) {
        ordered_json one = {{"name", p.name}, {"type", propertyType(p.value)}};
        std::visit([&](const auto& v) { one["value"] = v; }, p.value);
        list.push_back(one);
    }
    return list;
}

void xmlProperties(std::ostringstream& out, const Properties& properties, const char* indent) {
    if (properties.empty()) return;
    out << indent << "<properties>\n";
    for (const Property& p : properties) {
        const std::string type = propertyType(p.value);
        out << indent << " <property name=\"" << xmlEscape(p.name) << "\"" << (type == "string" ? "" : " type=\"" + type + "\"") << " value=\""
            << xmlEscape(propertyText(p.value)) << "\"/>\n";
    }
    out << indent << "</properties>\n";
}

} // namespace

std::string xmlEscape(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (unsigned char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        // In an attribute a raw tab or newline reads back as a space: keep them as references.
        case '\t': out += "&#9;"; break;
        case '\n': out += "&#10;"; break;
        case '\r': out += "&#13;"; break;
        default:
            // XML 1.0 cannot hold other control characters, even as references:
            // they become U+FFFD, the replacement character.
            if (c < 0x20) out += "\xEF\xBF\xBD";
            else out += static_cast<char>(c);
        }
    }
    return out;
}

int gidOf(Tile tile) { return tile == Tile::Void ? 0 : static_cast<int>(tile) + 1; }

std::optional<Tile> tileOfGid(int gid, const TileKinds& kinds) {
    if (gid == 0) return Tile::Void;
    if (gid < 1 || gid > kinds.count()) return std::nullopt;
    return static_cast<Tile>(gid - 1);
}

std::string tilesetPng(const TileKinds& kinds, int tileSize) {
    RgbImage image(tileSize * kinds.count(), tileSize);
    for (int i = 0; i < kinds.count(); ++i) drawKind(image, i * tileSize, 0, tileSize, kinds[kinds.exportLook(kinds.tileAt(i))], CellStyle::Glyphs);
    return encodePng(image);
}

namespace {

// `file` as a map at `folder` names it: relative, with forward slashes.
std::string relativeTo(const std::filesystem::path& file, const std::filesystem::path& folder) {
    const auto absolute = std::filesystem::absolute(file).lexically_normal();
    const auto relative = absolute.lexically_relative(std::filesystem::absolute(folder).lexically_normal());
    return relative.empty() ? absolute.generic_string() : relative.generic_string();
}

// One tileset entry of a map: a reference to a tileset file, or one written in the map.
struct MapTileset {
    int firstGid = 1;
    std::string source; // a .tsj/.tsx, relative to the map: only referenced
    std::string name, image;
    int tileSize = 0, columns = 0, tileCount = 0, imageWidth = 0, imageHeight = 0, margin = 0, spacing = 0;
    bool burrow = false; // Burrow's glyph sheet, whose tiles say which kind they are
};

// The gids of a depth's cells and the tilesets they point into.
class MapGids {
public:
    MapGids(const Level& level, const MapTiles& tiles) : kinds_(level.kinds) {
        const int count = kinds_.count();
        MapTileset burrow{1, "", "burrow-tiles", tiles.burrowSheet, tiles.tileSize, count, count, tiles.tileSize * count, tiles.tileSize, 0, 0, true};
        if (!tiles.game || tiles.game->empty()) {
            sets_.push_back(burrow);
            return;
        }
        game_.emplace(*tiles.game, kinds_);
        const auto& sets = tiles.game->tilesets;
        for (std::size_t i = 0; i < sets.size(); ++i) {
            const GameTileset& g = sets[i];
            MapTileset m{game_->firstGid(static_cast<int>(i)), "", g.name, "", g.tileSize, g.columns, g.tileCount, g.imageWidth, g.imageHeight, g.margin, g.spacing, false};
            if (!g.source.empty()) m.source = relativeTo(g.sourcePath, tiles.mapFolder);
            else m.image = relativeTo(g.imagePath, tiles.mapFolder);
            sets_.push_back(m);
        }
        if (game_->usesBurrowTiles()) {
            burrow.firstGid = game_->burrowFirstGid();
            burrow.tileSize = tiles.game->tileSize();
            burrow.imageWidth = burrow.tileSize * count;
            burrow.imageHeight = burrow.tileSize;
            sets_.push_back(burrow);
        }
    }

    int tileSize() const { return sets_.front().tileSize; }
    const std::vector<MapTileset>& tilesets() const { return sets_; }
    // No cell's gid is above this.
    int maxGid() const {
        int most = 0;
        for (const MapTileset& t : sets_) most = std::max(most, t.firstGid + t.tileCount - 1);
        return most;
    }

    void row(const TileGrid& tiles, int y, int* out) const {
        if (game_) return game_->row(tiles, y, out);
        const Tile* cells = tiles.row(y);
        for (int x = 0; x < tiles.width(); ++x) out[x] = gidOf(kinds_.contains(cells[x]) ? cells[x] : Tile::Wall);
    }

private:
    const TileKinds& kinds_;
    std::optional<GameTileGids> game_;
    std::vector<MapTileset> sets_;
};

// The most bytes the tile layer's data takes: each gid at most as long as the
// largest, a comma after it, and a line break with indent a row.
std::size_t tileDataBound(const TileGrid& tiles, const MapGids& gids) {
    const std::size_t digits = std::to_string(gids.maxGid()).size();
    return static_cast<std::size_t>(tiles.width()) * static_cast<std::size_t>(tiles.height()) * (digits + 1) +
           static_cast<std::size_t>(tiles.height()) * 6 + 16;
}

// Appends the tile layer's data, a map row a line: written as text, since a JSON value
// per cell cost about 55 bytes and half a microsecond a cell (a 4096 x 4096 depth:
// 0.9 GB and 8 s). `text` has room for it (tileDataBound), so it is written once.
void appendTileData(std::string& text, const TileGrid& tiles, const MapGids& gids) {
    text += '[';
    std::vector<int> row(static_cast<std::size_t>(tiles.width()));
    std::vector<char> line(static_cast<std::size_t>(tiles.width()) * 12 + 8);
    for (int y = 0; y < tiles.height(); ++y) {
        text += y == 0 ? "\n    " : ",\n    ";
        gids.row(tiles, y, row.data());
        text.append(line.data(), writeGids(row.data(), tiles.width(), line.data()));
    }
    text += "\n   ]";
}

ordered_json tmjTileset(const MapTileset& t, const TileKinds& kinds) {
    if (!t.source.empty()) return {{"firstgid", t.firstGid}, {"source", t.source}};
    ordered_json set = {{"firstgid", t.firstGid}, {"name", t.name}, {"tilewidth", t.tileSize}, {"tileheight", t.tileSize}, {"image", t.image},
                        {"imagewidth", t.imageWidth}, {"imageheight", t.imageHeight}, {"tilecount", t.tileCount},
                        {"columns", t.columns}, {"margin", t.margin}, {"spacing", t.spacing}};
    if (t.burrow) {
        ordered_json types = ordered_json::array();
        for (int i = 0; i < kinds.count(); ++i)
            types.push_back({{"id", i}, {"type", kinds[kinds.tileAt(i)].id}, {"properties", jsonProperties(tileProperties(kinds, kinds.tileAt(i)))}});
        set["tiles"] = types;
    }
    return set;
}

void tmxTileset(std::ostringstream& out, const MapTileset& t, const TileKinds& kinds) {
    if (!t.source.empty()) {
        out << " <tileset firstgid=\"" << t.firstGid << "\" source=\"" << xmlEscape(t.source) << "\"/>\n";
        return;
    }
    out << " <tileset firstgid=\"" << t.firstGid << "\" name=\"" << xmlEscape(t.name) << "\" tilewidth=\"" << t.tileSize << "\" tileheight=\"" << t.tileSize
        << "\"" << (t.spacing ? " spacing=\"" + std::to_string(t.spacing) + "\"" : "") << (t.margin ? " margin=\"" + std::to_string(t.margin) + "\"" : "")
        << " tilecount=\"" << t.tileCount << "\" columns=\"" << t.columns << "\">\n"
        << "  <image source=\"" << xmlEscape(t.image) << "\" width=\"" << t.imageWidth << "\" height=\"" << t.imageHeight << "\"/>\n";
    if (t.burrow)
        for (int i = 0; i < kinds.count(); ++i) {
            out << "  <tile id=\"" << i << "\" type=\"" << xmlEscape(kinds[kinds.tileAt(i)].id) << "\">\n";
            xmlProperties(out, tileProperties(kinds, kinds.tileAt(i)), "   ");
            out << "  </tile>\n";
        }
    out << " </tileset>\n";
}

} // namespace

std::string tmjMap(const Level& level, int depth, const ExportInfo& info, const MapTiles& mapTiles) {
    const TileGrid& tiles = level.tiles(depth);
    const MapGids gids(level, mapTiles);
    const int tileSize = gids.tileSize();
    ordered_json objects = ordered_json::array();
    int id = 1;
    for (const MapObject& o : objectsOf(level, depth)) {
        ordered_json object = {{"id", id++},
                               {"name", o.name},
                               {"type", o.type},
                               {"x", o.at.x * tileSize},
                               {"y", o.at.y * tileSize},
                               {"width", tileSize},
                               {"height", tileSize},
                               {"rotation", 0},
                               {"visible", true}};
        if (!o.properties.empty()) object["properties"] = jsonProperties(o.properties);
        objects.push_back(object);
    }
    ordered_json tilesets = ordered_json::array();
    for (const MapTileset& t : gids.tilesets()) tilesets.push_back(tmjTileset(t, level.kinds));
    const ordered_json map = {{"type", "map"},
            {"version", "1.8"},
            {"tiledversion", "1.8.2"},
            {"orientation", "orthogonal"},
            {"renderorder", "right-down"},
            {"width", level.width()},
            {"height", level.height()},
            {"tilewidth", tileSize},
            {"tileheight", tileSize},
            {"infinite", false},
            {"nextlayerid", 3},
            {"nextobjectid", id},
            {"properties", jsonProperties(mapProperties(info, depth))},
            {"layers",
             {{{"type", "tilelayer"}, {"id", 1}, {"name", "tiles"}, {"x", 0}, {"y", 0}, {"width", level.width()}, {"height", level.height()},
               {"opacity", 1}, {"visible", true}, {"data", ordered_json::array()}},
              {{"type", "objectgroup"}, {"id", 2}, {"name", "things"}, {"draworder", "topdown"}, {"x", 0}, {"y", 0},
               {"opacity", 1}, {"visible", true}, {"objects", objects}}}},
            {"tilesets", tilesets}};
    // Only the tile layer has a "data" key, and text from the project (names,
    // properties) is always inside a JSON string, where a quote is escaped: this
    // token is found once, where the data goes.
    // The map around the data is small; the data is most of the file, written once
    // into a string with room for all of it (no regrowing, no copies of megabytes).
    const std::string around = map.dump(1);
    const std::string empty = "[]";
    const std::size_t at = around.find("\"data\": " + empty) + 8;
    std::string text;
    text.reserve(around.size() + tileDataBound(tiles, gids) + 1);
    text.append(around, 0, at);
    appendTileData(text, tiles, gids);
    text.append(around, at + empty.size());
    text += '\n';
    return text;
}

std::string tmxMap(const Level& level, int depth, const ExportInfo& info, const MapTiles& mapTiles) {
    std::ostringstream out;
    const auto objects = objectsOf(level, depth);
    const MapGids gids(level, mapTiles);
    const int tileSize = gids.tileSize();
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"" << level.width()
        << "\" height=\"" << level.height() << "\" tilewidth=\"" << tileSize << "\" tileheight=\"" << tileSize
        << "\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"" << objects.size() + 1 << "\">\n";
    xmlProperties(out, mapProperties(info, depth), " ");
    for (const MapTileset& t : gids.tilesets()) tmxTileset(out, t, level.kinds);
    out << " <layer id=\"1\" name=\"tiles\" width=\"" << level.width() << "\" height=\"" << level.height() << "\">\n  <data encoding=\"csv\">\n";
    const TileGrid& tiles = level.tiles(depth);
    std::vector<int> row(static_cast<std::size_t>(tiles.width()));
    std::vector<char> line(static_cast<std::size_t>(tiles.width()) * 12 + 8);
    for (int y = 0; y < tiles.height(); ++y) {
        gids.row(tiles, y, row.data());
        char* end = writeGids(row.data(), tiles.width(), line.data());
        if (y + 1 < tiles.height()) *end++ = ',';
        *end++ = '\n';
        out.write(line.data(), end - line.data());
    }
    out << "  </data>\n </layer>\n <objectgroup id=\"2\" name=\"things\">\n";
    int id = 1;
    for (const MapObject& o : objects) {
        out << "  <object id=\"" << id++ << "\" name=\"" << xmlEscape(o.name) << "\" type=\"" << xmlEscape(o.type) << "\" x=\"" << o.at.x * tileSize
            << "\" y=\"" << o.at.y * tileSize << "\" width=\"" << tileSize << "\" height=\"" << tileSize << "\"";
        if (o.properties.empty()) {
            out << "/>\n";
            continue;
        }
        out << ">\n";
        xmlProperties(out, o.properties, "   ");
        out << "  </object>\n";
    }
    out << " </objectgroup>\n</map>\n";
    return out.str();
}

ordered_json tiledWorld(const Level& level, const std::vector<std::string>& mapFiles, int tileSize) {
    ordered_json maps = ordered_json::array();
    const int step = (level.width() + kWorldGap) * tileSize;
    for (std::size_t z = 0; z < mapFiles.size(); ++z)
        maps.push_back({{"fileName", mapFiles[z]}, {"x", static_cast<int>(z) * step}, {"y", 0}, {"width", level.width() * tileSize}, {"height", level.height() * tileSize}});
    return {{"type", "world"}, {"maps", maps}, {"onlyShowAdjacentMaps", false}};
}

} // namespace burrow
