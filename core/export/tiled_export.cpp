#include "export/tiled_export.h"

#include <array>
#include <sstream>
#include <variant>

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
    return {{"burrow_version", std::string(BURROW_VERSION)},
            {"project", info.project},
            {"seed", std::to_string(info.seed)}, // as text: 64 bits do not fit every reader's numbers
            {"depth", std::int64_t{depth}},
            {"project_hash", info.projectHash},
            {"level_hash", info.levelHash}};
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

// The tile layer's data, a map row a line: written as text, since a JSON value per
// cell cost about 55 bytes and half a microsecond a cell (a 4096 x 4096 depth: 0.9 GB
// and 8 s).
std::string tmjTileData(const TileGrid& tiles, const TileKinds& kinds) {
    std::array<std::string, 256> gids;
    for (std::size_t i = 0; i < gids.size(); ++i) gids[i] = std::to_string(gidOf(kinds.contains(static_cast<Tile>(i)) ? static_cast<Tile>(i) : Tile::Wall));
    std::string text = "[";
    text.reserve(static_cast<std::size_t>(tiles.width()) * static_cast<std::size_t>(tiles.height()) * 3 + 16);
    for (int y = 0; y < tiles.height(); ++y) {
        text += y == 0 ? "\n    " : ",\n    ";
        const Tile* row = tiles.row(y);
        for (int x = 0; x < tiles.width(); ++x) {
            if (x > 0) text += ',';
            text += gids[static_cast<std::size_t>(row[x])];
        }
    }
    return text + "\n   ]";
}

} // namespace

std::string tmjMap(const Level& level, int depth, const ExportInfo& info, int tileSize, const std::string& tilesetImage) {
    const TileGrid& tiles = level.tiles(depth);
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
    const TileKinds& kinds = level.kinds;
    const int count = kinds.count();
    ordered_json tileTypes = ordered_json::array();
    for (int i = 0; i < count; ++i)
        tileTypes.push_back({{"id", i}, {"type", kinds[kinds.tileAt(i)].id}, {"properties", jsonProperties(tileProperties(kinds, kinds.tileAt(i)))}});
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
            {"tilesets",
             {{{"firstgid", 1}, {"name", "burrow-tiles"}, {"tilewidth", tileSize}, {"tileheight", tileSize}, {"image", tilesetImage},
               {"imagewidth", tileSize * count}, {"imageheight", tileSize}, {"tilecount", count},
               {"columns", count}, {"margin", 0}, {"spacing", 0}, {"tiles", tileTypes}}}}};
    // Only the tile layer has a "data" key, and text from the project (names,
    // properties) is always inside a JSON string, where a quote is escaped: this
    // token is found once, where the data goes.
    std::string text = map.dump(1);
    const std::string empty = "\"data\": []";
    text.replace(text.find(empty), empty.size(), "\"data\": " + tmjTileData(tiles, kinds));
    return text + "\n";
}

std::string tmxMap(const Level& level, int depth, const ExportInfo& info, int tileSize, const std::string& tilesetImage) {
    std::ostringstream out;
    const auto objects = objectsOf(level, depth);
    const TileKinds& kinds = level.kinds;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"" << level.width()
        << "\" height=\"" << level.height() << "\" tilewidth=\"" << tileSize << "\" tileheight=\"" << tileSize
        << "\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"" << objects.size() + 1 << "\">\n";
    xmlProperties(out, mapProperties(info, depth), " ");
    out << " <tileset firstgid=\"1\" name=\"burrow-tiles\" tilewidth=\"" << tileSize << "\" tileheight=\"" << tileSize << "\" tilecount=\""
        << kinds.count() << "\" columns=\"" << kinds.count() << "\">\n"
        << "  <image source=\"" << xmlEscape(tilesetImage) << "\" width=\"" << tileSize * kinds.count() << "\" height=\"" << tileSize << "\"/>\n";
    for (int i = 0; i < kinds.count(); ++i) {
        out << "  <tile id=\"" << i << "\" type=\"" << xmlEscape(kinds[kinds.tileAt(i)].id) << "\">\n";
        xmlProperties(out, tileProperties(kinds, kinds.tileAt(i)), "   ");
        out << "  </tile>\n";
    }
    out << " </tileset>\n <layer id=\"1\" name=\"tiles\" width=\"" << level.width() << "\" height=\"" << level.height() << "\">\n  <data encoding=\"csv\">\n";
    const TileGrid& tiles = level.tiles(depth);
    for (int y = 0; y < tiles.height(); ++y) {
        for (int x = 0; x < tiles.width(); ++x) out << gidOf(kinds.contains(tiles(x, y)) ? tiles(x, y) : Tile::Wall) << (x + 1 < tiles.width() || y + 1 < tiles.height() ? "," : "");
        out << "\n";
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
