#include "export/tiled_tilesets.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <variant>

namespace burrow {
namespace {

using nlohmann::ordered_json;

// The kinds a game tile is drawn for, by tile, in kind order; each game tileset's.
std::vector<std::vector<std::vector<Tile>>> kindsByGameTile(const GameTiles& game, const TileKinds& kinds) {
    std::vector<std::vector<std::vector<Tile>>> byTile(game.tilesets.size());
    for (std::size_t i = 0; i < game.tilesets.size(); ++i) byTile[i].resize(static_cast<std::size_t>(std::max(0, game.tilesets[i].tileCount)));
    for (int k = 0; k < kinds.count(); ++k) {
        const Tile t = kinds.tileAt(k);
        const auto found = game.kinds.find(kinds[t].id);
        if (found == game.kinds.end()) continue;
        const KindTiles& art = found->second;
        if (art.tileset < 0 || static_cast<std::size_t>(art.tileset) >= byTile.size()) continue;
        auto& tiles = byTile[static_cast<std::size_t>(art.tileset)];
        auto add = [&](int tile) {
            if (tile < 0 || static_cast<std::size_t>(tile) >= tiles.size()) return;
            auto& list = tiles[static_cast<std::size_t>(tile)];
            if (std::find(list.begin(), list.end(), t) == list.end()) list.push_back(t);
        };
        add(art.tile.value_or(0));
        for (const auto& [mask, tile] : art.byMask) add(tile);
    }
    return byTile;
}

// A game tile drawn for `drawnFor`: the first kind's class and properties, and every
// kind's id when several share it.
TiledTile annotatedTile(int id, const std::vector<Tile>& drawnFor, const TileKinds& kinds) {
    TiledTile tile{id, kinds[drawnFor.front()].id, kindTileProperties(kinds, drawnFor.front())};
    if (drawnFor.size() > 1) {
        std::string all;
        for (Tile t : drawnFor) all += (all.empty() ? "" : ",") + kinds[t].id;
        tile.properties.insert(tile.properties.begin() + 1, {"kinds", all});
    }
    return tile;
}

TiledTileset burrowTileset(const TileKinds& kinds, int firstGid, int tileSize, const std::string& image) {
    const int count = kinds.count();
    TiledTileset set{firstGid, "burrow-tiles", "burrow-tiles", image, tileSize, count, count, tileSize * count, tileSize, 0, 0, {}};
    for (int i = 0; i < count; ++i) set.tiles.push_back({i, kinds[kinds.tileAt(i)].id, kindTileProperties(kinds, kinds.tileAt(i))});
    return set;
}

// Each tileset's file stem: the export's stem and the tileset's name, with what a file
// name should not hold replaced, made unique ("caves-walls", "caves-walls-2").
void nameFiles(std::vector<TiledTileset>& sets, const std::string& exportStem) {
    for (std::size_t i = 0; i < sets.size(); ++i) {
        std::string stem = exportStem + "-";
        for (unsigned char c : sets[i].name) stem += std::isalnum(c) || c == '-' || c == '_' ? static_cast<char>(c) : '_';
        std::string unique = stem;
        for (int n = 2; std::any_of(sets.begin(), sets.begin() + static_cast<std::ptrdiff_t>(i), [&](const TiledTileset& s) { return s.fileStem == unique; }); ++n)
            unique = stem + "-" + std::to_string(n);
        sets[i].fileStem = unique;
    }
}

std::string tilesText(const TiledTileset& set) {
    std::ostringstream out;
    for (const TiledTile& t : set.tiles) {
        out << "  <tile id=\"" << t.id << "\" type=\"" << xmlEscape(t.type) << "\">\n" << tiledXmlProperties(t.properties, "   ") << "  </tile>\n";
    }
    return out.str();
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

ordered_json tiledJsonProperties(const std::vector<Property>& properties) {
    ordered_json list = ordered_json::array();
    for (const Property& p : properties) {
        ordered_json one = {{"name", p.name}, {"type", propertyType(p.value)}};
        std::visit([&](const auto& v) { one["value"] = v; }, p.value);
        list.push_back(one);
    }
    return list;
}

std::string tiledXmlProperties(const std::vector<Property>& properties, const char* indent) {
    if (properties.empty()) return {};
    std::string out = std::string(indent) + "<properties>\n";
    for (const Property& p : properties) {
        const std::string type = propertyType(p.value);
        out += std::string(indent) + " <property name=\"" + xmlEscape(p.name) + "\"" + (type == "string" ? "" : " type=\"" + type + "\"") + " value=\"" +
               xmlEscape(propertyText(p.value)) + "\"/>\n";
    }
    return out + indent + "</properties>\n";
}

std::vector<Property> kindTileProperties(const TileKinds& kinds, Tile t) {
    const TileKind& k = kinds[t];
    std::vector<Property> list{{"kind", k.id}, {"glyph", std::string(1, k.glyph)}, {"walkable", k.walkable}, {"diggable", k.diggable}};
    // The built-ins' lists stay as they were (old readers see the same tileset, a kind more).
    if (static_cast<int>(t) < kTileKindCount) return list;
    list.push_back({"transparent", k.transparent});
    std::string tags;
    for (const std::string& tag : k.tags) tags += (tags.empty() ? "" : ",") + tag;
    if (!tags.empty()) list.push_back({"tags", tags});
    for (const Property& p : k.properties)
        if (std::none_of(list.begin(), list.end(), [&](const Property& q) { return q.name == p.name; })) list.push_back(p);
    return list;
}

std::vector<TiledTileset> mapTilesets(const TileKinds& kinds, const MapTiles& tiles) {
    if (!tiles.game || tiles.game->empty()) {
        std::vector<TiledTileset> sets{burrowTileset(kinds, 1, tiles.tileSize, tiles.burrowSheet)};
        nameFiles(sets, tiles.stem);
        return sets;
    }
    const GameTiles& game = *tiles.game;
    const GameTileGids gids(game, kinds);
    const auto drawnFor = kindsByGameTile(game, kinds);
    std::vector<TiledTileset> sets;
    for (std::size_t i = 0; i < game.tilesets.size(); ++i) {
        const GameTileset& g = game.tilesets[i];
        TiledTileset set{gids.firstGid(static_cast<int>(i)), g.name, "", i < tiles.gameImages.size() ? tiles.gameImages[i] : g.image,
                         g.tileSize, g.columns, g.tileCount, g.imageWidth, g.imageHeight, g.margin, g.spacing, {}};
        for (std::size_t tile = 0; tile < drawnFor[i].size(); ++tile)
            if (!drawnFor[i][tile].empty()) set.tiles.push_back(annotatedTile(static_cast<int>(tile), drawnFor[i][tile], kinds));
        sets.push_back(std::move(set));
    }
    sets.push_back(burrowTileset(kinds, gids.burrowFirstGid(), game.tileSize(), tiles.burrowSheet));
    nameFiles(sets, tiles.stem);
    return sets;
}

ordered_json tmjTileset(const TiledTileset& t, bool embedded) {
    ordered_json set = ordered_json::object();
    if (embedded) set["firstgid"] = t.firstGid;
    set.update(ordered_json{{"columns", t.columns}, {"image", t.image}, {"imageheight", t.imageHeight}, {"imagewidth", t.imageWidth},
                            {"margin", t.margin}, {"name", t.name}, {"spacing", t.spacing}, {"tilecount", t.tileCount},
                            {"tileheight", t.tileSize}, {"tilewidth", t.tileSize}});
    if (!t.tiles.empty()) {
        ordered_json tiles = ordered_json::array();
        for (const TiledTile& tile : t.tiles) tiles.push_back({{"id", tile.id}, {"type", tile.type}, {"properties", tiledJsonProperties(tile.properties)}});
        set["tiles"] = tiles;
    }
    return set;
}

std::string tmxTileset(const TiledTileset& t, bool embedded, const char* indent) {
    std::ostringstream out;
    out << indent << "<tileset" << (embedded ? " firstgid=\"" + std::to_string(t.firstGid) + "\"" : std::string(" version=\"1.8\" tiledversion=\"1.8.2\"")) << " name=\"" << xmlEscape(t.name)
        << "\" tilewidth=\"" << t.tileSize << "\" tileheight=\"" << t.tileSize << "\"" << (t.spacing ? " spacing=\"" + std::to_string(t.spacing) + "\"" : "")
        << (t.margin ? " margin=\"" + std::to_string(t.margin) + "\"" : "") << " tilecount=\"" << t.tileCount << "\" columns=\"" << t.columns << "\">\n"
        << indent << " <image source=\"" << xmlEscape(t.image) << "\" width=\"" << t.imageWidth << "\" height=\"" << t.imageHeight << "\"/>\n"
        << tilesText(t) << indent << "</tileset>\n";
    return out.str();
}

std::string tilesetFileName(const TiledTileset& set, bool tmx) { return set.fileStem + (tmx ? ".tsx" : ".tsj"); }

std::string tsjFile(const TiledTileset& set) {
    ordered_json file = {{"type", "tileset"}, {"version", "1.8"}, {"tiledversion", "1.8.2"}};
    file.update(tmjTileset(set, false));
    return file.dump(1) + "\n";
}

std::string tsxFile(const TiledTileset& set) { return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + tmxTileset(set, false, ""); }

} // namespace burrow
