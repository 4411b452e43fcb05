#pragma once
// The game's own tile art, for exports: which tile of which of the game's tilesets
// draws each tile kind, and, for kinds that join up (walls, water), which of a set
// of tiles by the cell's neighbours (autotiling). Tiled maps then reference the
// game's tilesets instead of Burrow's glyph sheet, and PNGs are drawn with its art.
// The project's "game_tiles" (docs/project-format.md "Game tiles").
#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/level.h"
#include "model/tile_kinds.h"

namespace burrow {

// How a kind picks its tile from its neighbours.
//  - Edge: 4 bits, one per side that joins: north 1, east 2, south 4, west 8 (16 tiles).
//  - Blob: 8 bits: north 1, north-east 2, east 4, south-east 8, south 16,
//    south-west 32, west 64, north-west 128, a corner counting only when both
//    sides beside it join (47 distinct masks, the usual "blob" set).
// A neighbour joins when it is the same kind, a kind drawn as it (export_look) or one
// the mapping lists; outside the map counts as joined, so walls run off the edge.
enum class Autotile { None, Edge, Blob };
const char* autotileId(Autotile mode);

// One tileset of the game: an external Tiled tileset (.tsj or .tsx, referenced by the
// maps as it is) or an image cut into square tiles (embedded in the maps).
struct GameTileset {
    std::string name;
    std::string source;        // .tsj/.tsx as written in the project, relative to it; empty for an image
    std::string image;         // the image as written in the project or, for a source, in the tileset file
    int tileSize = 0;          // pixels a side; every tileset of a mapping has the same
    int margin = 0;            // pixels around the tiles, and between them
    int spacing = 0;
    // Found when the project is read:
    std::filesystem::path sourcePath, imagePath; // absolute
    int columns = 0, tileCount = 0, imageWidth = 0, imageHeight = 0;

    friend bool operator==(const GameTileset&, const GameTileset&) = default;
};

// The art of one kind: a tile of a tileset, or one by the neighbours' mask.
struct KindTiles {
    int tileset = 0; // index into GameTiles::tilesets
    std::optional<int> tile; // the plain tile, and for autotiling the tile of a mask the table lacks
    Autotile autotile = Autotile::None;
    std::map<int, int> byMask; // mask -> tile, as written
    std::vector<std::string> joins; // other kinds' ids that join this one

    friend bool operator==(const KindTiles&, const KindTiles&) = default;
};

struct GameTiles {
    std::vector<GameTileset> tilesets;
    std::map<std::string, KindTiles> kinds; // by tile kind id

    bool empty() const { return tilesets.empty(); }
    int tileSize() const { return tilesets.empty() ? 0 : tilesets.front().tileSize; }
    friend bool operator==(const GameTiles&, const GameTiles&) = default;
};

// The 47 blob masks, ascending, and a mask with its unsupported corners cleared.
const std::vector<int>& blobMasks();
int reducedBlobMask(int mask);

// Turns a depth's tiles into Tiled gids under a mapping: the game's tilesets first
// (firstgid 1, then each after the last), Burrow's glyph tileset after them for kinds
// the mapping leaves out. One pass, a row at a time, no allocation per cell.
class GameTileGids {
public:
    GameTileGids(const GameTiles& tiles, const TileKinds& kinds);

    int firstGid(int tileset) const { return firstGids_[static_cast<std::size_t>(tileset)]; }
    int burrowFirstGid() const { return burrowFirstGid_; }
    // Whether any kind of `kinds` falls back to Burrow's glyph tiles.
    bool usesBurrowTiles() const { return usesBurrowTiles_; }
    // The gids of row `y`, into `out` (width entries).
    void row(const TileGrid& tiles, int y, int* out) const;
    // The tileset and tile index a gid stands for (-1: Burrow's glyph tiles).
    std::pair<int, int> tileOf(int gid) const;

private:
    struct Art {
        int plainGid = 0;
        Autotile autotile = Autotile::None;
        int table = -1;                        // its entry in tables_ when autotiled
        std::array<std::uint8_t, 256> joins{}; // by neighbour tile: 1 when it joins
    };
    // Off the map, in the padded rows row() reads: a value no kind has (at most 255
    // kinds: 0 to 254), joined to every autotiled kind.
    static constexpr Tile kOffMap = static_cast<Tile>(255);

    std::vector<Art> art_; // by tile
    // Per autotiled kind, the gid for each 3 x 3 neighbourhood (west, own and east
    // columns, 3 bits each): one lookup a cell, whatever the mode.
    std::vector<std::array<int, 512>> tables_;
    std::vector<int> firstGids_;
    int burrowFirstGid_ = 1;
    bool usesBurrowTiles_ = false;
};

} // namespace burrow
