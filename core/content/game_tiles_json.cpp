#include "content/game_tiles_json.h"

#include <algorithm>

#include "content/tiled_tileset.h"
#include "io/diagnostic.h"
#include "io/png_reader.h"

namespace burrow {

using nlohmann::json;
using nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

constexpr int kMaxTileSize = 1024;

// The last tile index a kind may name; any while the tileset could not be opened
// (that problem is reported once, at the tileset).
int lastTile(int count) { return count > 0 ? count - 1 : 1 << 20; }

// Where a file named in the project (or in a tileset file) is: relative to the folder it was named in.
fs::path resolve(const fs::path& folder, const std::string& name) {
    const fs::path p(name);
    return (p.is_absolute() ? p : folder / p).lexically_normal();
}

// Reads what the maps and images need of one tileset; problems go to `path`.
void openTileset(GameTileset& set, const std::string& path, JsonChecker& check, const fs::path& folder, const FileSource& files) {
    try {
        if (!set.source.empty()) {
            set.sourcePath = fs::absolute(resolve(folder, set.source));
            const TiledTilesetFile file = readTiledTileset(set.sourcePath, files);
            if (file.tileWidth != file.tileHeight) {
                check.fail(path + "/source", set.source + ": tiles are " + std::to_string(file.tileWidth) + " x " + std::to_string(file.tileHeight) +
                                                 " pixels; a level's cells are square, so its tiles must be too");
                return;
            }
            set.tileSize = file.tileWidth;
            set.margin = file.margin;
            set.spacing = file.spacing;
            set.image = file.image;
            set.imagePath = fs::absolute(resolve(set.sourcePath.parent_path(), file.image));
            set.tileCount = file.tileCount;
            set.columns = file.columns;
        } else {
            set.imagePath = fs::absolute(resolve(folder, set.image));
        }
        // Decoded whole, not just its header: a truncated body or a bad CRC is found
        // when the project is read (validate), not when an export draws with it.
        const PngSize size = checkPng(set.imagePath, files);
        set.imageWidth = size.width;
        set.imageHeight = size.height;
        // Tiled's own count: whole tiles that fit across and down.
        const int across = (size.width - 2 * set.margin + set.spacing) / (set.tileSize + set.spacing);
        const int down = (size.height - 2 * set.margin + set.spacing) / (set.tileSize + set.spacing);
        if (across < 1 || down < 1) {
            check.fail(path, set.imagePath.string() + " is " + std::to_string(size.width) + " x " + std::to_string(size.height) + " pixels: not one " +
                                 std::to_string(set.tileSize) + " px tile fits in it");
            return;
        }
        if (set.source.empty()) {
            set.columns = across;
            set.tileCount = across * down;
        } else if (set.columns > across || set.tileCount > set.columns * down) {
            check.fail(path + "/source", set.source + " says " + std::to_string(set.tileCount) + " tiles in " + std::to_string(set.columns) +
                                             " columns, but its image " + set.image + " holds " + std::to_string(across) + " x " + std::to_string(down));
        }
    } catch (const FileError& e) {
        check.fail(path + (set.source.empty() ? "/image" : "/source"), e.what());
    }
}

std::vector<GameTileset> readTilesets(const json& list, const std::string& path, JsonChecker& check, const fs::path& folder, const FileSource& files) {
    std::vector<GameTileset> sets;
    if (!check.isArray(list, path, "a list of tilesets ({\"source\": \"x.tsj\"} or {\"image\": \"x.png\", \"tile_size\": 16})")) return sets;
    if (list.empty()) check.fail(path, "expected at least one tileset");
    for (std::size_t i = 0; i < list.size() && i < 64; ++i) {
        const std::string at = path + "/" + std::to_string(i);
        const json& entry = list[i];
        if (!check.isObject(entry, at, "a tileset ({\"source\": \"x.tsj\"} or {\"image\": \"x.png\", \"tile_size\": 16})")) continue;
        check.onlyKnownFields(entry, at, {"name", "source", "image", "tile_size", "margin", "spacing"});
        GameTileset set;
        // A tileset with a problem is still listed, so kinds naming it are not refused for that too.
        bool usable = true;
        const json* source = check.field(entry, at, "source", false);
        const json* image = check.field(entry, at, "image", false);
        if (!!source == !!image) {
            check.fail(at, "expected either \"source\" (a Tiled .tsj or .tsx tileset) or \"image\" (a PNG with \"tile_size\"), not " +
                               std::string(source ? "both" : "neither"));
            usable = false;
        } else if (source) {
            for (const char* own : {"tile_size", "margin", "spacing"})
                if (entry.contains(own)) check.fail(jsonPath(at, own), "a Tiled tileset file says this itself: leave it out");
            if (auto text = check.text(*source, at + "/source")) set.source = *text;
            else usable = false;
        } else {
            if (auto text = check.text(*image, at + "/image")) set.image = *text;
            else usable = false;
            if (const json* size = check.field(entry, at, "tile_size", true)) {
                if (auto n = check.integer(*size, at + "/tile_size", 1, kMaxTileSize)) set.tileSize = *n;
                else usable = false;
            } else usable = false;
            if (const json* v = check.field(entry, at, "margin", false)) set.margin = check.integer(*v, at + "/margin", 0, 4096).value_or(0);
            if (const json* v = check.field(entry, at, "spacing", false)) set.spacing = check.integer(*v, at + "/spacing", 0, 4096).value_or(0);
        }
        set.name = fs::path(set.source.empty() ? set.image : set.source).stem().string();
        if (const json* name = check.field(entry, at, "name", false))
            if (auto text = check.text(*name, at + "/name")) set.name = *text;
        if (std::any_of(sets.begin(), sets.end(), [&](const GameTileset& s) { return s.name == set.name; }))
            check.fail(at + "/name", "another tileset is named \"" + set.name + "\": give this one a \"name\" of its own");
        if (usable) openTileset(set, at, check, folder, files);
        if (!sets.empty() && set.tileSize != 0 && sets.front().tileSize != 0 && set.tileSize != sets.front().tileSize)
            check.fail(at, "tiles of " + std::to_string(set.tileSize) + " px, but the first tileset's are " + std::to_string(sets.front().tileSize) +
                               " px: a level's cells all have one size");
        sets.push_back(std::move(set));
    }
    if (list.size() > 64) check.fail(path, "expected at most 64 tilesets, found " + std::to_string(list.size()));
    return sets;
}

std::string maskList(const std::vector<int>& masks) {
    std::string text;
    for (std::size_t i = 0; i < masks.size() && i < 12; ++i) text += (i ? ", " : "") + std::to_string(masks[i]);
    if (masks.size() > 12) text += ", ... (" + std::to_string(masks.size()) + " in all)";
    return text;
}

KindTiles readKind(const json& entry, const std::string& at, JsonChecker& check, const std::vector<GameTileset>& sets, const TileKinds& kinds) {
    KindTiles k;
    if (entry.is_number_integer()) { // "floor": 3, the first tileset's tile 3
        k.tile = check.integer(entry, at, 0, lastTile(sets.empty() ? 0 : sets.front().tileCount));
        return k;
    }
    if (!check.isObject(entry, at, "a tile index, or {\"tile\": ..., \"autotile\": \"edge\" or \"blob\", \"tiles\": {mask: tile}}")) return k;
    check.onlyKnownFields(entry, at, {"tileset", "tile", "autotile", "tiles", "joins"});
    if (const json* name = check.field(entry, at, "tileset", false)) {
        const auto text = check.text(*name, at + "/tileset");
        const auto found = std::find_if(sets.begin(), sets.end(), [&](const GameTileset& s) { return text && s.name == *text; });
        if (found != sets.end()) k.tileset = static_cast<int>(found - sets.begin());
        else if (text) {
            std::string names;
            for (const GameTileset& s : sets) names += (names.empty() ? "" : ", ") + s.name;
            check.fail(at + "/tileset", "no tileset is named \"" + *text + "\" (tilesets: " + names + ")");
        }
    }
    const int count = static_cast<std::size_t>(k.tileset) < sets.size() ? sets[static_cast<std::size_t>(k.tileset)].tileCount : 0;
    if (const json* tile = check.field(entry, at, "tile", false)) k.tile = check.integer(*tile, at + "/tile", 0, lastTile(count));
    if (const json* mode = check.field(entry, at, "autotile", false)) {
        const auto text = check.text(*mode, at + "/autotile");
        if (text == "edge") k.autotile = Autotile::Edge;
        else if (text == "blob") k.autotile = Autotile::Blob;
        else if (text != "none" && text) check.fail(at + "/autotile", "expected \"edge\" (4 sides, 16 tiles), \"blob\" (8 neighbours, 47 tiles) or \"none\", found \"" + *text + "\"");
    }
    const json* table = check.field(entry, at, "tiles", false);
    if (k.autotile == Autotile::None) {
        if (table) check.fail(at + "/tiles", "a mask table needs \"autotile\": \"edge\" or \"blob\"");
        if (!entry.contains("tile")) check.fail(at, "expected \"tile\": the tile that draws this kind");
    } else {
        const std::vector<int> edgeMasks = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
        const std::vector<int>& masks = k.autotile == Autotile::Edge ? edgeMasks : blobMasks();
        if (table && check.isObject(*table, at + "/tiles", "an object of mask: tile (\"0\": 12, \"5\": 13, ...)"))
            for (const auto& [key, value] : table->items()) {
                const std::string where = jsonPath(at + "/tiles", key);
                int mask = -1;
                if (!key.empty() && key.size() <= 3 && std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; })) mask = std::stoi(key);
                if (std::find(masks.begin(), masks.end(), mask) == masks.end()) {
                    check.fail(where, k.autotile == Autotile::Edge ? "expected a mask from 0 to 15 (north 1, east 2, south 4, west 8), found \"" + key + "\""
                                                                   : "\"" + key + "\" is not one of the 47 blob masks (a corner counts only when both sides beside it join): " +
                                                                         (mask >= 0 && mask < 256 ? "it draws as " + std::to_string(reducedBlobMask(mask)) : "masks are 0 to 255"));
                    continue;
                }
                if (auto tile = check.integer(value, where, 0, lastTile(count))) k.byMask[mask] = *tile;
            }
        std::vector<int> missing;
        for (int m : masks)
            if (!k.byMask.count(m)) missing.push_back(m);
        if (!missing.empty() && !entry.contains("tile"))
            check.fail(at + "/tiles", "the table lacks masks " + maskList(missing) + ": give them, or a \"tile\" to draw them with");
    }
    if (const json* joins = check.field(entry, at, "joins", false); joins && check.isArray(*joins, at + "/joins", "a list of tile kind ids"))
        for (std::size_t j = 0; j < joins->size(); ++j) {
            const std::string where = at + "/joins/" + std::to_string(j);
            const auto id = check.text((*joins)[j], where);
            const auto tile = id ? kinds.find(*id) : std::nullopt;
            if (tile && kinds[*tile].id == *id) k.joins.push_back(*id);
            else if (id) check.fail(where, "expected a tile kind (" + kinds.idList() + "), found \"" + *id + "\"");
        }
    return k;
}

} // namespace

GameTiles gameTilesFromJson(const json& value, const std::string& path, JsonChecker& check, const TileKinds& kinds, const fs::path& folder,
                            const FileSource& files) {
    GameTiles tiles;
    if (!check.isObject(value, path, "the game's tiles {\"tilesets\": [...], \"kinds\": {...}}")) return tiles;
    check.onlyKnownFields(value, path, {"tilesets", "kinds"});
    if (const json* sets = check.field(value, path, "tilesets", true)) tiles.tilesets = readTilesets(*sets, path + "/tilesets", check, folder, files);
    if (const json* list = check.field(value, path, "kinds", true); list && check.isObject(*list, path + "/kinds", "an object of tile kind id: its tiles"))
        for (const auto& [id, entry] : list->items()) {
            const std::string at = jsonPath(path + "/kinds", id);
            const auto tile = kinds.find(id);
            if (!tile || kinds[*tile].id != id) {
                check.fail(at, "\"" + id + "\" is not a tile kind (" + kinds.idList() + ")");
                continue;
            }
            tiles.kinds[id] = readKind(entry, at, check, tiles.tilesets, kinds);
        }
    return tiles;
}

ordered_json gameTilesToJson(const GameTiles& tiles) {
    ordered_json sets = ordered_json::array();
    for (const GameTileset& s : tiles.tilesets) {
        ordered_json set = {{"name", s.name}};
        if (!s.source.empty()) set["source"] = s.source;
        else {
            set["image"] = s.image;
            set["tile_size"] = s.tileSize;
            if (s.margin) set["margin"] = s.margin;
            if (s.spacing) set["spacing"] = s.spacing;
        }
        sets.push_back(set);
    }
    ordered_json kinds = ordered_json::object();
    for (const auto& [id, k] : tiles.kinds) {
        if (k.tileset == 0 && k.autotile == Autotile::None && k.joins.empty() && k.tile) {
            kinds[id] = *k.tile;
            continue;
        }
        ordered_json kind = ordered_json::object();
        if (k.tileset != 0) kind["tileset"] = tiles.tilesets[static_cast<std::size_t>(k.tileset)].name;
        if (k.tile) kind["tile"] = *k.tile;
        if (k.autotile != Autotile::None) {
            kind["autotile"] = autotileId(k.autotile);
            ordered_json table = ordered_json::object();
            for (const auto& [mask, tile] : k.byMask) table[std::to_string(mask)] = tile;
            kind["tiles"] = table;
        }
        if (!k.joins.empty()) kind["joins"] = k.joins;
        kinds[id] = kind;
    }
    return {{"tilesets", sets}, {"kinds", kinds}};
}

} // namespace burrow
