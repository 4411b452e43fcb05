#include "export/ldtk_export.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <optional>
#include <string_view>

#include "export/ldtk_json.h"
#include "export/map_objects.h"
#include "export/provenance.h"
#include "export/streamed_json.h"
#include "random/rng.h"

namespace burrow {
namespace ldtk {
namespace {

using nlohmann::ordered_json;

std::uint32_t objectColour(const Level& level, const MapObject& o) {
    if (const EntityTemplate* t = level.findTemplate(o.name); t && o.type != "start" && o.type != "exit" && o.type.rfind("stairs", 0) != 0) return t->colour;
    if (o.type == "start") return 0x60ff60;
    if (o.type == "exit") return 0xfff060;
    return 0xffffff; // stairs
}

// The entity definition an object is an instance of: its template, or its type for
// markers and stairs.
std::string entityKey(const MapObject& o) { return o.type.rfind("stairs", 0) == 0 || o.type == "start" || o.type == "exit" ? o.type : o.name; }

// An entity's iid: stairs by place (their partner names them), the rest by order.
std::string entityIid(const ExportInfo& info, const MapObject& o, int depth, std::size_t index) {
    if (o.type == "stairs_down" || o.type == "stairs_up")
        return uuidOf(info, o.type + "/" + std::to_string(depth) + "/" + std::to_string(o.at.x) + "," + std::to_string(o.at.y));
    return uuidOf(info, "thing/" + std::to_string(depth) + "/" + std::to_string(index));
}

// Appends text and whole numbers to a buffer without a call of the C library a
// number: a project writes a line for each of millions of cells.
class LineText {
public:
    LineText& operator<<(std::string_view text) {
        text_.append(text);
        return *this;
    }
    LineText& operator<<(int n) {
        char digits[12];
        const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
        text_.append(digits, end);
        return *this;
    }
    void clear() { text_.clear(); }
    std::string_view text() const { return text_; }

private:
    std::string text_;
};

// A depth's tiles as LDtk grid tiles of one tileset: the cells whose art is in it,
// a tile a line as LDtk writes them.
void writeGridTiles(ArrayLines& lines, const TileGrid& tiles, const TiledTileset& set, const std::function<void(int, int*)>& gidRow) {
    std::vector<int> row(static_cast<std::size_t>(tiles.width()));
    LineText line;
    const int step = set.tileSize + set.spacing;
    for (int y = 0; y < tiles.height(); ++y) {
        gidRow(y, row.data());
        for (int x = 0; x < tiles.width(); ++x) {
            const int t = row[static_cast<std::size_t>(x)] - set.firstGid;
            if (t < 0 || t >= set.tileCount) continue;
            line.clear();
            line << "{\"px\": [" << x * set.tileSize << "," << y * set.tileSize << "], \"src\": [" << set.margin + (t % set.columns) * step << ","
                 << set.margin + (t / set.columns) * step << "], \"f\": 0, \"t\": " << t << ", \"d\": [" << y * tiles.width() + x << "], \"a\": 1}";
            lines.line(line.text());
        }
    }
}

// One project being written. Its uids are handed out in a fixed order (the kinds'
// enum, the tilesets, the layers, the entities and their fields, the level fields,
// the levels), so the same level writes the same bytes.
class LdtkProjectWriter {
public:
    LdtkProjectWriter(const Level& level, const ExportInfo& info, const MapTiles& tiles)
        : level_(level), kinds_(level.kinds), info_(info), sets_(mapTilesets(level.kinds, tiles)), grid_(sets_.front().tileSize),
          worldIid_(uuidOf(info, "world")) {
        if (tiles.game && !tiles.game->empty()) gameGids_.emplace(*tiles.game, kinds_);
        for (int z = 0; z < level.depthCount(); ++z) objects_.push_back(objectsOf(level, z));
    }

    void write(const FileSink& sink) {
        // The order of these calls is the order of the uids.
        const ordered_json kinds = kindsEnum();
        const ordered_json tilesets = tilesetDefs();
        const ordered_json layers = layerDefs();
        const ordered_json entities = entityDefs();
        const ordered_json levelFields = levelFieldDefs();
        ordered_json levels = ordered_json::array();
        for (int z = 0; z < level_.depthCount(); ++z) levels.push_back(levelJson(z));
        // No table of contents ("toc" empty, no entity "exportToToc"): every thing is in
        // its level's Things layer in this one file, and Excalibur's LDtk plugin (0.32)
        // refuses a project whose toc lists any (it reads "widPix" and a string "iids"
        // where LDtk 1.5.3 writes "widPx" and an object).
        const ordered_json project = {
            {"__header__", {{"fileType", "LDtk Project JSON"}, {"app", "LDtk"}, {"doc", "https://ldtk.io/json"},
                            {"schema", "https://ldtk.io/files/JSON_SCHEMA.json"}, {"appAuthor", "Burrow " BURROW_VERSION},
                            {"appVersion", "1.5.3"}, {"url", "https://ldtk.io"}}},
            {"iid", uuidOf(info_, "project")}, {"jsonVersion", "1.5.3"}, {"appBuildId", 473703}, {"nextUid", uids_.peek()},
            {"identifierStyle", "Free"}, {"toc", ordered_json::array()}, {"worldLayout", "Free"}, {"worldGridWidth", level_.width() * grid_},
            {"worldGridHeight", level_.height() * grid_}, {"defaultLevelWidth", level_.width() * grid_},
            {"defaultLevelHeight", level_.height() * grid_}, {"defaultPivotX", 0}, {"defaultPivotY", 0}, {"defaultGridSize", grid_},
            {"defaultEntityWidth", grid_}, {"defaultEntityHeight", grid_}, {"bgColor", "#40465B"}, {"defaultLevelBgColor", "#18181C"},
            {"minifyJson", false}, {"externalLevels", false}, {"exportTiled", false}, {"simplifiedExport", false},
            {"imageExportMode", "None"}, {"exportLevelBg", true}, {"pngFilePattern", nullptr}, {"backupOnSave", false},
            {"backupLimit", 10}, {"backupRelPath", nullptr}, {"levelNamePattern", "Depth_%idx"}, {"tutorialDesc", nullptr},
            {"customCommands", ordered_json::array()}, {"flags", ordered_json::array()},
            {"defs", {{"layers", layers}, {"entities", entities}, {"tilesets", tilesets}, {"enums", {kinds}},
                      {"externalEnums", ordered_json::array()}, {"levelFields", levelFields}}},
            {"levels", levels}, {"worlds", ordered_json::array()}, {"dummyWorldIid", worldIid_}};
        streamed_.write(project, sink);
    }

private:
    // The kinds as an enum, which the tilesets tag their tiles with.
    ordered_json kindsEnum() {
        kindsEnumUid_ = uids_.next();
        ordered_json values = ordered_json::array();
        for (int i = 0; i < kinds_.count(); ++i) {
            const TileKind& k = kinds_[kinds_.tileAt(i)];
            values.push_back({{"id", identifierOf(k.id)}, {"tileRect", nullptr}, {"tileId", nullptr}, {"color", static_cast<std::int64_t>(k.colour)},
                              {"__tileSrcRect", nullptr}});
        }
        return {{"identifier", "Kinds"}, {"uid", kindsEnumUid_}, {"values", values}, {"iconTilesetUid", nullptr},
                {"externalRelPath", nullptr}, {"externalFileChecksum", nullptr}, {"tags", ordered_json::array()}};
    }

    // The game's tilesets (where the project has art), then Burrow's glyph sheet, each
    // tile tagged with the kinds it is drawn for.
    ordered_json tilesetDefs() {
        ordered_json defs = ordered_json::array();
        for (const TiledTileset& set : sets_) {
            const int uid = uids_.next();
            tilesetUids_.push_back(uid);
            std::map<std::string, std::vector<int>> tagged;
            for (const TiledTile& t : set.tiles) tagged[identifierOf(t.type)].push_back(t.id);
            ordered_json enumTags = ordered_json::array();
            for (int i = 0; i < kinds_.count(); ++i) {
                const std::string id = identifierOf(kinds_[kinds_.tileAt(i)].id);
                enumTags.push_back({{"enumValueId", id}, {"tileIds", tagged.count(id) ? tagged[id] : std::vector<int>{}}});
            }
            defs.push_back({{"__cWid", set.columns}, {"__cHei", set.columns > 0 ? (set.tileCount + set.columns - 1) / set.columns : 0},
                            {"identifier", identifierOf(set.name)}, {"uid", uid}, {"relPath", set.image}, {"embedAtlas", nullptr},
                            {"pxWid", set.imageWidth}, {"pxHei", set.imageHeight}, {"tileGridSize", set.tileSize}, {"spacing", set.spacing},
                            {"padding", set.margin}, {"tags", ordered_json::array()}, {"tagsSourceEnumUid", kindsEnumUid_},
                            {"enumTags", enumTags}, {"customData", ordered_json::array()}, {"savedSelections", ordered_json::array()},
                            {"cachedPixelData", nullptr}});
        }
        return defs;
    }

    // Layers, top first: the things, the art, the kinds.
    ordered_json layerDefs() {
        thingsLayerUid_ = uids_.next();
        for (std::size_t i = 0; i < sets_.size(); ++i) artLayerUids_.push_back(uids_.next());
        kindsLayerUid_ = uids_.next();
        ordered_json defs = ordered_json::array();
        defs.push_back(layerDef(thingsLayerUid_, "Entities", "Things", grid_, nullptr));
        for (std::size_t i = 0; i < sets_.size(); ++i) defs.push_back(layerDef(artLayerUids_[i], "Tiles", artLayerName(i), grid_, tilesetUids_[i]));
        ordered_json kinds = layerDef(kindsLayerUid_, "IntGrid", "Kinds", grid_, nullptr);
        for (int i = 0; i < kinds_.count(); ++i) {
            const Tile t = kinds_.tileAt(i);
            if (t == Tile::Void) continue; // 0: no value, as LDtk has it
            kinds["intGridValues"].push_back({{"value", i + 1}, {"identifier", identifierOf(kinds_[t].id)}, {"color", colourText(kinds_[t].colour)},
                                              {"tile", nullptr}, {"groupUid", 0}});
        }
        defs.push_back(kinds);
        return defs;
    }

    std::string artLayerName(std::size_t set) const { return "Art_" + identifierOf(sets_[set].name); }

    // One entity definition per template (or marker, or stairs), with a field for each
    // property any of its instances has, typed as the first; a name given two types is text.
    ordered_json entityDefs() {
        for (const auto& depth : objects_)
            for (const MapObject& o : depth) {
                const std::string key = entityKey(o);
                if (!defs_.count(key)) {
                    defOrder_.push_back(key);
                    EntityDef& d = defs_[key];
                    d.identifier = identifierOf(key);
                    d.tag = o.type;
                    d.colour = objectColour(level_, o);
                    d.uid = uids_.next();
                    if (o.type == "stairs_down" || o.type == "stairs_up") d.fields.push_back({"partner", "EntityRef", uids_.next()});
                }
                EntityDef& d = defs_[key];
                for (const Property& p : o.properties) {
                    const std::string type = fieldTypeOf(p.value).name;
                    auto f = std::find_if(d.fields.begin(), d.fields.end(), [&](const FieldDef& x) { return x.name == identifierOf(p.name); });
                    if (f == d.fields.end()) d.fields.push_back({identifierOf(p.name), type, uids_.next()});
                    else if (f->type != type) f->type = "String";
                }
            }
        // Identifiers made from different names may meet ("giant rat", "giant_rat"): numbered apart.
        for (std::size_t i = 0; i < defOrder_.size(); ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (defs_[defOrder_[i]].identifier == defs_[defOrder_[j]].identifier) defs_[defOrder_[i]].identifier += "_" + std::to_string(i);
        ordered_json out = ordered_json::array();
        for (const std::string& key : defOrder_) {
            const EntityDef& d = defs_[key];
            ordered_json fields = ordered_json::array();
            for (const FieldDef& f : d.fields) fields.push_back(fieldDefJson(f, f.type == "EntityRef"));
            out.push_back({{"identifier", d.identifier}, {"uid", d.uid}, {"tags", {d.tag}}, {"exportToToc", false}, {"allowOutOfBounds", false},
                           {"doc", nullptr}, {"width", grid_}, {"height", grid_}, {"resizableX", false}, {"resizableY", false},
                           {"minWidth", nullptr}, {"maxWidth", nullptr}, {"minHeight", nullptr}, {"maxHeight", nullptr},
                           {"keepAspectRatio", false}, {"tileOpacity", 1}, {"fillOpacity", 0.5}, {"lineOpacity", 1}, {"hollow", false},
                           {"color", colourText(d.colour)}, {"renderMode", "Rectangle"}, {"showName", true}, {"tilesetId", nullptr},
                           {"tileRenderMode", "FitInside"}, {"tileRect", nullptr}, {"uiTileRect", nullptr},
                           {"nineSliceBorders", ordered_json::array()}, {"maxCount", 0}, {"limitScope", "PerLevel"},
                           {"limitBehavior", "MoveLastOne"}, {"pivotX", 0}, {"pivotY", 0}, {"fieldDefs", fields}});
        }
        return out;
    }

    // Level fields: where the level came from, and its depth.
    ordered_json levelFieldDefs() {
        origin_ = provenance(info_);
        for (const auto& [name, value] : origin_) levelFields_.push_back({name, "String", uids_.next()});
        levelFields_.push_back({"depth", "Int", uids_.next()});
        ordered_json defs = ordered_json::array();
        for (const FieldDef& f : levelFields_) defs.push_back(fieldDefJson(f, false));
        return defs;
    }

    std::string depthIid(int z, const std::string& part = "") const { return uuidOf(info_, "depth/" + std::to_string(z) + part); }

    ordered_json layerInstance(const std::string& identifier, const char* type, int defUid, const std::string& iid, int levelUid,
                               ordered_json tilesetUid = nullptr, ordered_json tilesetPath = nullptr) const {
        return {{"__identifier", identifier}, {"__type", type}, {"__cWid", level_.width()}, {"__cHei", level_.height()}, {"__gridSize", grid_},
                {"__opacity", 1}, {"__pxTotalOffsetX", 0}, {"__pxTotalOffsetY", 0}, {"__tilesetDefUid", tilesetUid},
                {"__tilesetRelPath", tilesetPath}, {"iid", iid}, {"levelId", levelUid}, {"layerDefUid", defUid}, {"pxOffsetX", 0},
                {"pxOffsetY", 0}, {"visible", true}, {"optionalRules", ordered_json::array()}, {"intGridCsv", ordered_json::array()},
                {"autoLayerTiles", ordered_json::array()}, {"seed", static_cast<std::int64_t>(hashText(iid) & 0x7fffffff)},
                {"overrideTilesetUid", nullptr}, {"gridTiles", ordered_json::array()}, {"entityInstances", ordered_json::array()}};
    }

    // A thing's fields: each of its definition's, null where it has no such property.
    ordered_json entityFields(const EntityDef& d, const MapObject& o, int z) const {
        ordered_json fields = ordered_json::array();
        for (const FieldDef& f : d.fields) {
            if (f.type == "EntityRef") { // stairs: the other end, a depth down or up
                const int partner = o.type == "stairs_down" ? z + 1 : z - 1;
                const MapObject other{"", o.type == "stairs_down" ? "stairs_up" : "stairs_down", {o.at.x, o.at.y, partner}, {}};
                fields.push_back(fieldInstance(f, {{"entityIid", entityIid(info_, other, partner, 0)}, {"layerIid", depthIid(partner, "/things")},
                                                   {"levelIid", depthIid(partner)}, {"worldIid", worldIid_}},
                                               "V_String"));
                continue;
            }
            const auto p = std::find_if(o.properties.begin(), o.properties.end(), [&](const Property& q) { return identifierOf(q.name) == f.name; });
            if (p == o.properties.end()) fields.push_back(fieldInstance(f, nullptr, "V_String"));
            else if (f.type == fieldTypeOf(p->value).name) fields.push_back(fieldInstance(f, jsonValue(p->value), fieldTypeOf(p->value).editor));
            else fields.push_back(fieldInstance(f, propertyText(p->value), "V_String"));
        }
        return fields;
    }

    // The things of a depth, written one by one as the file reaches them: a level can
    // hold tens of thousands, each some kilobytes as JSON values.
    ordered_json thingsLayer(int z, int levelUid, int worldX) {
        ordered_json layer = layerInstance("Things", "Entities", thingsLayerUid_, depthIid(z, "/things"), levelUid);
        layer["entityInstances"] = streamed_.array([this, z, worldX](ArrayLines& lines) {
            for (std::size_t i = 0; i < objects_[static_cast<std::size_t>(z)].size(); ++i) lines.value(entityInstance(z, i, worldX));
        });
        return layer;
    }

    ordered_json entityInstance(int z, std::size_t i, int worldX) const {
        const MapObject& o = objects_[static_cast<std::size_t>(z)][i];
        const EntityDef& d = defs_.at(entityKey(o));
        const int px = o.at.x * grid_, py = o.at.y * grid_;
        return {{"__identifier", d.identifier}, {"__grid", {o.at.x, o.at.y}}, {"__pivot", {0, 0}}, {"__tags", {d.tag}}, {"__tile", nullptr},
                {"__smartColor", colourText(d.colour)}, {"__worldX", worldX + px}, {"__worldY", py}, {"iid", entityIid(info_, o, z, i)},
                {"width", grid_}, {"height", grid_}, {"defUid", d.uid}, {"px", {px, py}}, {"fieldInstances", entityFields(d, o, z)}};
    }

    ordered_json kindsLayer(int z, int levelUid) {
        ordered_json layer = layerInstance("Kinds", "IntGrid", kindsLayerUid_, depthIid(z, "/kinds"), levelUid);
        // A row of the level a line.
        layer["intGridCsv"] = streamed_.array([this, z](ArrayLines& lines) {
            const TileGrid& tiles = level_.tiles(z);
            LineText row;
            for (int y = 0; y < level_.height(); ++y) {
                row.clear();
                for (int x = 0; x < level_.width(); ++x) {
                    const Tile t = kinds_.contains(tiles(x, y)) ? tiles(x, y) : Tile::Wall;
                    if (x > 0) row << ",";
                    row << (t == Tile::Void ? 0 : static_cast<int>(t) + 1);
                }
                lines.line(row.text());
            }
        });
        return layer;
    }

    // The art layer's gids of row `y`, as the Tiled maps have them.
    void artRow(const TileGrid& tiles, int y, int* out) const {
        if (gameGids_) return gameGids_->row(tiles, y, out);
        const int burrowFirst = sets_.back().firstGid; // Burrow's glyph tileset is the last
        const Tile* cells = tiles.row(y);
        for (int x = 0; x < tiles.width(); ++x) out[x] = cells[x] == Tile::Void ? 0 : burrowFirst + static_cast<int>(cells[x]);
    }

    ordered_json levelJson(int z) {
        const int levelUid = uids_.next();
        const int worldX = z * (level_.width() + kWorldGap) * grid_;
        ordered_json layers = ordered_json::array();
        layers.push_back(thingsLayer(z, levelUid, worldX));
        for (std::size_t i = 0; i < sets_.size(); ++i) {
            ordered_json art = layerInstance(artLayerName(i), "Tiles", artLayerUids_[i], depthIid(z, "/art/" + std::to_string(i)), levelUid,
                                             tilesetUids_[i], sets_[i].image);
            art["gridTiles"] = streamed_.array([this, z, i](ArrayLines& lines) {
                const TileGrid& grid = level_.tiles(z);
                writeGridTiles(lines, grid, sets_[i], [&](int y, int* out) { artRow(grid, y, out); });
            });
            layers.push_back(art);
        }
        layers.push_back(kindsLayer(z, levelUid));
        ordered_json fields = ordered_json::array();
        for (std::size_t i = 0; i < origin_.size(); ++i) fields.push_back(fieldInstance(levelFields_[i], origin_[i].second, "V_String"));
        fields.push_back(fieldInstance(levelFields_.back(), z, "V_Int"));
        return {{"identifier", "Depth_" + std::to_string(z)}, {"iid", depthIid(z)}, {"uid", levelUid}, {"worldX", worldX}, {"worldY", 0},
                {"worldDepth", 0}, {"pxWid", level_.width() * grid_}, {"pxHei", level_.height() * grid_}, {"__bgColor", "#18181C"},
                {"bgColor", nullptr}, {"useAutoIdentifier", false}, {"bgRelPath", nullptr}, {"bgPos", nullptr}, {"bgPivotX", 0.5},
                {"bgPivotY", 0.5}, {"__smartColor", "#ADADB5"}, {"__bgPos", nullptr}, {"externalRelPath", nullptr},
                {"fieldInstances", fields}, {"layerInstances", layers}, {"__neighbours", ordered_json::array()}};
    }

    const Level& level_;
    const TileKinds& kinds_;
    const ExportInfo& info_;
    const std::vector<TiledTileset> sets_;
    const int grid_;
    const std::string worldIid_;
    std::optional<GameTileGids> gameGids_;
    std::vector<std::vector<MapObject>> objects_; // by depth
    Uids uids_;
    int kindsEnumUid_ = 0, thingsLayerUid_ = 0, kindsLayerUid_ = 0;
    std::vector<int> tilesetUids_, artLayerUids_;
    std::map<std::string, EntityDef> defs_;
    std::vector<std::string> defOrder_;
    std::vector<std::pair<std::string, std::string>> origin_;
    std::vector<FieldDef> levelFields_;
    StreamedJson streamed_; // the tiles and kinds of every depth, written as the file is
};

} // namespace
} // namespace ldtk

void writeLdtkProject(const Level& level, const ExportInfo& info, const MapTiles& tiles, const FileSink& sink) {
    ldtk::LdtkProjectWriter(level, info, tiles).write(sink);
}

} // namespace burrow
