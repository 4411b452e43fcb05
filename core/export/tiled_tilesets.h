#pragma once
// The tilesets of an exported Tiled map, and what each tile is. Every tile a map
// can show says which tile kind it stands for — its class (`type`, as Tiled 1.8
// writes it) and the properties `kind` and `glyph` with the kind's others — so a
// game reads what a cell is from the map alone. Burrow's glyph tileset has a tile
// per kind; the game's own tilesets have their tiles annotated with the kinds drawn
// with them (several kinds may share a picture: then `kinds` lists them all, and the
// map's hidden `kinds` layer, in Burrow's tileset, tells the cells apart).
//
// A tileset is embedded in the map (the default: Phaser and Excalibur read only
// those) or written beside it as a file of the map's own format, .tsj for TMJ and
// .tsx for TMX. Either way it names its image relative to the export folder.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "content/game_tiles.h"
#include "model/property.h"
#include "model/tile_kinds.h"

namespace burrow {

struct TiledTile {
    int id = 0;
    std::string type; // the kind's id
    std::vector<Property> properties;
};

struct TiledTileset {
    int firstGid = 1;
    std::string name;
    std::string fileStem; // its file's name with external tilesets: the export's stem and its name made safe for a file, unique
    std::string image; // relative to the export folder
    int tileSize = 0, columns = 0, tileCount = 0, imageWidth = 0, imageHeight = 0, margin = 0, spacing = 0;
    std::vector<TiledTile> tiles; // the tiles a kind is drawn with
};

// What a map's tiles are drawn with.
struct MapTiles {
    int tileSize = 16;               // ignored with game tiles: theirs
    std::string burrowSheet;         // Burrow's glyph sheet image, relative to the export folder
    const GameTiles* game = nullptr; // the game's tilesets, or none
    // Each game tileset's image as the export names it (copied into the export folder).
    std::vector<std::string> gameImages = {};
    bool externalTilesets = false;   // beside the map (<stem>-<name>.tsj / .tsx), not embedded
    std::string stem = "level";      // the export's file names start with it
};

// Text for an XML attribute: markup and quotes as entities, tab and line breaks
// as character references, other control characters (which XML 1.0 cannot hold)
// replaced by U+FFFD.
std::string xmlEscape(const std::string& text);
// Properties as Tiled writes them: [{"name", "type", "value"}] in JSON, <properties>
// in XML (nothing for none).
nlohmann::ordered_json tiledJsonProperties(const std::vector<Property>& properties);
std::string tiledXmlProperties(const std::vector<Property>& properties, const char* indent);

// The properties of kind `t`'s tile: kind, glyph, walkable, diggable, transparent,
// then its tags and the project's own properties.
std::vector<Property> kindTileProperties(const TileKinds& kinds, Tile t);

// The map's tilesets in gid order: the game's (when it has art), then Burrow's glyph
// tileset, which a game-art map keeps for its `kinds` layer and for kinds the art
// leaves out.
std::vector<TiledTileset> mapTilesets(const TileKinds& kinds, const MapTiles& tiles);

// A tileset as a TMJ embeds it (with its firstgid) or as a .tsj file holds it (without).
nlohmann::ordered_json tmjTileset(const TiledTileset& set, bool embedded);
// The <tileset> element as a TMX embeds it (with firstgid) or a .tsx holds it.
std::string tmxTileset(const TiledTileset& set, bool embedded, const char* indent);
// The files written beside the maps with external tilesets: "<fileStem>.tsj" / ".tsx".
std::string tilesetFileName(const TiledTileset& set, bool tmx);
std::string tsjFile(const TiledTileset& set);
std::string tsxFile(const TiledTileset& set);

} // namespace burrow
