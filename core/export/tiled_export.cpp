#include "export/tiled_export.h"

#include <algorithm>
#include <array>
#include <optional>
#include <sstream>
#include <variant>

#include "export/gid_text.h"
#include "export/map_objects.h"
#include "export/provenance.h"
#include "export/streamed_json.h"
#include "export/tile_art.h"

namespace burrow {
namespace {

using nlohmann::ordered_json;

using Properties = std::vector<Property>;

Properties mapProperties(const ExportInfo& info, int depth) {
    Properties list;
    for (auto& [name, value] : provenance(info)) {
        list.push_back({name, value});
        if (name == "seed") list.push_back({"depth", std::int64_t{depth}});
    }
    return list;
}

} // namespace

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

// The gids of a depth's cells, in the art layer and in the `kinds` layer, and the
// tilesets they point into.
class MapGids {
public:
    MapGids(const Level& level, const MapTiles& tiles) : kinds_(level.kinds), sets_(mapTilesets(level.kinds, tiles)) {
        if (tiles.game && !tiles.game->empty()) game_.emplace(*tiles.game, kinds_);
    }

    int tileSize() const { return sets_.front().tileSize; }
    const std::vector<TiledTileset>& tilesets() const { return sets_; }
    // Drawn with the game's art: then the map has a `kinds` layer too.
    bool hasKindsLayer() const { return game_.has_value(); }
    // No cell's gid is above this.
    int maxGid() const {
        int most = 0;
        for (const TiledTileset& t : sets_) most = std::max(most, t.firstGid + t.tileCount - 1);
        return most;
    }

    // The art layer's gids of row `y`.
    void row(const TileGrid& tiles, int y, int* out) const {
        if (game_) return game_->row(tiles, y, out);
        kindRow(tiles, y, out);
    }
    // The gids of row `y` in Burrow's glyph tileset: a tile a kind.
    void kindRow(const TileGrid& tiles, int y, int* out) const {
        const int first = sets_.back().firstGid - 1; // Burrow's tileset is the last
        const Tile* cells = tiles.row(y);
        for (int x = 0; x < tiles.width(); ++x) {
            const Tile t = kinds_.contains(cells[x]) ? cells[x] : Tile::Wall;
            out[x] = t == Tile::Void ? 0 : first + gidOf(t);
        }
    }

private:
    const TileKinds& kinds_;
    std::vector<TiledTileset> sets_;
    std::optional<GameTileGids> game_;
};

// The most bytes a tile layer's data takes: each gid at most as long as the
// largest, a comma after it, and a line break with indent a row.
std::size_t tileDataBound(const TileGrid& tiles, const MapGids& gids) {
    const std::size_t digits = std::to_string(gids.maxGid()).size();
    return static_cast<std::size_t>(tiles.width()) * static_cast<std::size_t>(tiles.height()) * (digits + 1) +
           static_cast<std::size_t>(tiles.height()) * 6 + 16;
}

// Which gids a tile layer holds.
enum class LayerGids { Art, Kinds };

void layerRow(const MapGids& gids, LayerGids layer, const TileGrid& tiles, int y, int* out) {
    if (layer == LayerGids::Art) gids.row(tiles, y, out);
    else gids.kindRow(tiles, y, out);
}

// Appends a tile layer's data, a map row a line: written as text, since a JSON value
// per cell cost about 55 bytes and half a microsecond a cell (a 4096 x 4096 depth:
// 0.9 GB and 8 s). `text` has room for it (tileDataBound), so it is written once.
void appendTileData(std::string& text, const TileGrid& tiles, const MapGids& gids, LayerGids layer) {
    text += '[';
    std::vector<int> row(static_cast<std::size_t>(tiles.width()));
    std::vector<char> line(static_cast<std::size_t>(tiles.width()) * 12 + 8);
    for (int y = 0; y < tiles.height(); ++y) {
        text += y == 0 ? "\n    " : ",\n    ";
        layerRow(gids, layer, tiles, y, row.data());
        text.append(line.data(), writeGids(row.data(), tiles.width(), line.data()));
    }
    text += "\n   ]";
}

ordered_json tmjTileLayer(int id, const char* name, const Level& level, bool visible) {
    return {{"data", ordered_json::array()}, {"height", level.height()}, {"id", id}, {"name", name}, {"opacity", 1},
            {"type", "tilelayer"}, {"visible", visible}, {"width", level.width()}, {"x", 0}, {"y", 0}};
}

ordered_json tmjTilesetEntry(const TiledTileset& t, const MapTiles& tiles) {
    if (tiles.externalTilesets) return {{"firstgid", t.firstGid}, {"source", tilesetFileName(t, false)}};
    return tmjTileset(t, true);
}

void tmxTileLayer(std::ostringstream& out, int id, const char* name, const Level& level, int depth, const MapGids& gids, LayerGids layer) {
    out << " <layer id=\"" << id << "\" name=\"" << name << "\" width=\"" << level.width() << "\" height=\"" << level.height() << "\""
        << (layer == LayerGids::Kinds ? " visible=\"0\"" : "") << ">\n  <data encoding=\"csv\">\n";
    const TileGrid& tiles = level.tiles(depth);
    std::vector<int> row(static_cast<std::size_t>(tiles.width()));
    std::vector<char> line(static_cast<std::size_t>(tiles.width()) * 12 + 8);
    for (int y = 0; y < tiles.height(); ++y) {
        layerRow(gids, layer, tiles, y, row.data());
        char* end = writeGids(row.data(), tiles.width(), line.data());
        if (y + 1 < tiles.height()) *end++ = ',';
        *end++ = '\n';
        out.write(line.data(), end - line.data());
    }
    out << "  </data>\n </layer>\n";
}

// A thing as a TMJ object, with every field Tiled writes, in its order.
ordered_json tmjObject(const MapObject& o, int id, int tileSize) {
    ordered_json object = {{"height", tileSize}, {"id", id}, {"name", o.name}};
    if (!o.properties.empty()) object["properties"] = tiledJsonProperties(o.properties);
    object.update(ordered_json{{"rotation", 0}, {"type", o.type}, {"visible", true}, {"width", tileSize}, {"x", o.at.x * tileSize}, {"y", o.at.y * tileSize}});
    return object;
}

} // namespace

std::string tmjMap(const Level& level, int depth, const ExportInfo& info, const MapTiles& mapTiles) {
    const TileGrid& tiles = level.tiles(depth);
    const MapGids gids(level, mapTiles);
    const int tileSize = gids.tileSize();
    // The things are written as the map is, one at a time: a level's can be tens of
    // thousands, and held as one tree of values they took most of the export's time.
    const std::vector<MapObject> things = objectsOf(level, depth);
    StreamedJson streamed;
    const ordered_json objects = streamed.array([&](ArrayLines& lines) {
        for (std::size_t i = 0; i < things.size(); ++i) lines.value(tmjObject(things[i], static_cast<int>(i) + 1, tileSize));
    });
    const int id = static_cast<int>(things.size()) + 1; // the next object's
    // Layers bottom up: the hidden kinds (with game art), the tiles, the things.
    ordered_json layers = ordered_json::array();
    std::vector<LayerGids> dataOrder;
    if (gids.hasKindsLayer()) {
        layers.push_back(tmjTileLayer(3, "kinds", level, false));
        dataOrder.push_back(LayerGids::Kinds);
    }
    layers.push_back(tmjTileLayer(1, "tiles", level, true));
    dataOrder.push_back(LayerGids::Art);
    layers.push_back({{"draworder", "topdown"}, {"id", 2}, {"name", "things"}, {"objects", objects}, {"opacity", 1},
                      {"type", "objectgroup"}, {"visible", true}, {"x", 0}, {"y", 0}});
    ordered_json tilesets = ordered_json::array();
    for (const TiledTileset& t : gids.tilesets()) tilesets.push_back(tmjTilesetEntry(t, mapTiles));
    // Every field Tiled 1.8.2 writes, in its order.
    const ordered_json map = {{"compressionlevel", -1},
                              {"height", level.height()},
                              {"infinite", false},
                              {"layers", layers},
                              {"nextlayerid", gids.hasKindsLayer() ? 4 : 3},
                              {"nextobjectid", id},
                              {"orientation", "orthogonal"},
                              {"properties", tiledJsonProperties(mapProperties(info, depth))},
                              {"renderorder", "right-down"},
                              {"tiledversion", "1.8.2"},
                              {"tileheight", tileSize},
                              {"tilesets", tilesets},
                              {"tilewidth", tileSize},
                              {"type", "map"},
                              {"version", "1.8"},
                              {"width", level.width()}};
    // Only tile layers have a "data" key, and text from the project (names,
    // properties) is always inside a JSON string, where a quote is escaped: each
    // such token is a tile layer's, in layer order.
    // The map around the data is small; the data is most of the file, written once
    // into a string with room for all of it (no regrowing, no copies of megabytes).
    std::string around;
    streamed.write(map, [&](std::string_view piece) { around.append(piece); }); // ends with its newline
    const std::string token = "\"data\": []";
    std::string text;
    text.reserve(around.size() + dataOrder.size() * tileDataBound(tiles, gids) + 1);
    std::size_t from = 0;
    for (LayerGids layer : dataOrder) {
        const std::size_t at = around.find(token, from) + token.size() - 2;
        text.append(around, from, at - from);
        appendTileData(text, tiles, gids, layer);
        from = at + 2;
    }
    text.append(around, from);
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
        << "\" infinite=\"0\" nextlayerid=\"" << (gids.hasKindsLayer() ? 4 : 3) << "\" nextobjectid=\"" << objects.size() + 1 << "\">\n";
    out << tiledXmlProperties(mapProperties(info, depth), " ");
    for (const TiledTileset& t : gids.tilesets()) {
        if (mapTiles.externalTilesets) out << " <tileset firstgid=\"" << t.firstGid << "\" source=\"" << xmlEscape(tilesetFileName(t, true)) << "\"/>\n";
        else out << tmxTileset(t, true, " ");
    }
    if (gids.hasKindsLayer()) tmxTileLayer(out, 3, "kinds", level, depth, gids, LayerGids::Kinds);
    tmxTileLayer(out, 1, "tiles", level, depth, gids, LayerGids::Art);
    out << " <objectgroup id=\"2\" name=\"things\">\n";
    int id = 1;
    for (const MapObject& o : objects) {
        out << "  <object id=\"" << id++ << "\" name=\"" << xmlEscape(o.name) << "\" type=\"" << xmlEscape(o.type) << "\" x=\"" << o.at.x * tileSize
            << "\" y=\"" << o.at.y * tileSize << "\" width=\"" << tileSize << "\" height=\"" << tileSize << "\"";
        if (o.properties.empty()) {
            out << "/>\n";
            continue;
        }
        out << ">\n" << tiledXmlProperties(o.properties, "   ") << "  </object>\n";
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
