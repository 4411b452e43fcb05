#include "export/level_export.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "export/game_tile_art.h"
#include "export/provenance.h"
#include "io/ascii_map.h"
#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/utf8.h"

namespace burrow {

namespace fs = std::filesystem;

const char* formatId(ExportFormat format) {
    switch (format) {
    case ExportFormat::Tmj: return "tmj";
    case ExportFormat::Tmx: return "tmx";
    case ExportFormat::Png: return "png";
    case ExportFormat::Txt: return "txt";
    case ExportFormat::Csv: return "csv";
    case ExportFormat::Ldtk: return "ldtk";
    }
    return "txt";
}

std::optional<ExportFormat> formatFromId(const std::string& id) {
    for (ExportFormat f : kExportFormats)
        if (id == formatId(f)) return f;
    return std::nullopt;
}

std::vector<ExportFormat> parseFormats(const std::string& list) {
    std::vector<ExportFormat> formats;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find(',', start), list.size());
        const std::string id = list.substr(start, end - start);
        const auto f = formatFromId(id);
        if (!f) throw std::invalid_argument("unknown format \"" + id + "\"; formats: tmj, tmx, ldtk, png, txt, csv");
        if (std::find(formats.begin(), formats.end(), *f) == formats.end()) formats.push_back(*f);
        start = end + 1;
    }
    return formats;
}

std::string csvDepth(const TileGrid& tiles) {
    std::string text;
    for (int y = 0; y < tiles.height(); ++y) {
        for (int x = 0; x < tiles.width(); ++x) {
            if (x) text += ',';
            text += std::to_string(static_cast<int>(tiles(x, y)));
        }
        text += '\n';
    }
    return text;
}

namespace {

// The game's tileset images as copies in the export folder's `art/`, so the maps
// name them inside it: each tileset's image as the maps name it ("art/walls.png"),
// and the files to write (read whole first: a missing image writes nothing). Two
// images of one name from different folders get numbered names.
struct GameArtCopies {
    std::vector<std::string> names; // by tileset
    std::vector<std::pair<std::string, std::string>> files; // name, bytes
};

GameArtCopies gameArtCopies(const GameTiles& game) {
    GameArtCopies copies;
    std::vector<fs::path> sources;
    for (const GameTileset& set : game.tilesets) {
        const auto same = std::find(sources.begin(), sources.end(), set.imagePath);
        if (same != sources.end()) { // one image for two tilesets: one copy
            copies.names.push_back(copies.names[static_cast<std::size_t>(same - sources.begin())]);
            sources.push_back(set.imagePath);
            continue;
        }
        std::string name = "art/" + set.imagePath.filename().string();
        for (int n = 2; std::find(copies.names.begin(), copies.names.end(), name) != copies.names.end(); ++n)
            name = "art/" + set.imagePath.stem().string() + "-" + std::to_string(n) + set.imagePath.extension().string();
        copies.files.emplace_back(name, readTextFile(set.imagePath, kMaxInputFileBytes, "a tileset image"));
        copies.names.push_back(name);
        sources.push_back(set.imagePath);
    }
    return copies;
}

} // namespace

std::vector<fs::path> exportLevel(const Level& level, const ExportInfo& info, const ExportRequest& request, const fs::path& folder,
                                  const ExportProgress& progress) {
    FileTransaction files;
    std::vector<fs::path> written = stageLevelExport(level, info, request, folder, files, progress);
    files.commit();
    return written;
}

std::vector<fs::path> stageLevelExport(const Level& level, const ExportInfo& info, const ExportRequest& request, const fs::path& folder,
                                       FileTransaction& files, const ExportProgress& progress) {
    // The files' names are in the maps (tilesets, worlds, the sidecar), which JSON and
    // XML hold as UTF-8: a project's file name may hold other bytes.
    const std::string stem = utf8Only(request.stem, '_');
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) throw FileError(folder.string(), {{"", "cannot create the folder: " + ec.message()}});
    std::vector<int> depths;
    if (request.depth) {
        if (*request.depth < 0 || *request.depth >= level.depthCount())
            throw std::invalid_argument("depth " + std::to_string(*request.depth) + " is not in this level (0 to " + std::to_string(level.depthCount() - 1) + ")");
        depths.push_back(*request.depth);
    } else {
        for (int z = 0; z < level.depthCount(); ++z) depths.push_back(z);
    }
    const bool png = std::find(request.formats.begin(), request.formats.end(), ExportFormat::Png) != request.formats.end();
    const GameTiles* game = request.gameTiles && !request.gameTiles->empty() ? &*request.gameTiles : nullptr;
    const int tileSize = game ? game->tileSize() : request.tileSize;
    if (png)
        if (auto problem = depthImageProblem(level.size(), tileSize)) throw std::invalid_argument(*problem); // before any file
    // The game's art is read before any file is written: a missing image changes nothing.
    std::optional<GameTileArt> art;
    if (png && game) art.emplace(*game, level.kinds);
    const bool ldtk = std::find(request.formats.begin(), request.formats.end(), ExportFormat::Ldtk) != request.formats.end();
    if (ldtk && static_cast<long long>(level.width()) * level.height() > kMaxLdtkDepthCells)
        throw std::invalid_argument("ldtk: a depth of " + std::to_string(level.width()) + " x " + std::to_string(level.height()) +
                                    " cells is more than an LDtk level holds here (1024 x 1024 cells, " + std::to_string(kMaxLdtkDepthCells) +
                                    "); export it as tmj"); // before any file
    // Tiled maps and LDtk projects share the tile sheets and the copied art.
    const bool tiled = ldtk || std::any_of(request.formats.begin(), request.formats.end(), [](ExportFormat f) { return f == ExportFormat::Tmj || f == ExportFormat::Tmx; });
    const GameArtCopies artCopies = tiled && game ? gameArtCopies(*game) : GameArtCopies{};
    // One transaction: the files name each other (a map its tileset and art, a world
    // its maps, the sidecar its maps), so a re-export that fails partway (a full disk)
    // must not leave new maps beside old ones. Nothing is replaced until all are whole.
    std::vector<fs::path> written;
    auto write = [&](const std::string& name, const std::string& contents) {
        files.add(folder / name, contents);
        written.push_back(folder / name);
    };
    auto depthName = [&](int z, const char* extension) {
        return stem + (level.depthCount() > 1 ? "-depth-" + std::to_string(z) : std::string()) + "." + extension;
    };
    // Where each file came from, in the PNGs' text chunks (with the depth each shows).
    const PngText pngText = provenance(info);
    auto depthText = [&](int z) {
        PngText text = pngText;
        text.insert(text.begin() + 3, {"depth", std::to_string(z)});
        return text;
    };
    std::vector<std::string> plainFiles; // the text and CSV maps, which the sidecar describes
    const MapTiles mapTiles{tileSize, stem + "-tiles.png", game, artCopies.names, request.externalTilesets, stem};
    if (tiled) {
        // Burrow's glyph sheet: the glyph maps' tiles, and in maps with the game's art
        // the hidden kinds layer's and the tiles of kinds the art leaves out.
        write(mapTiles.burrowSheet, tilesetPng(level.kinds, tileSize));
        if (!artCopies.files.empty()) {
            std::error_code made;
            fs::create_directories(folder / "art", made);
            if (made) throw FileError((folder / "art").string(), {{"", "cannot create the folder: " + made.message()}});
        }
        for (const auto& [name, bytes] : artCopies.files) write(name, bytes);
        if (request.externalTilesets)
            for (const TiledTileset& set : mapTilesets(level.kinds, mapTiles))
                for (ExportFormat f : request.formats) {
                    if (f == ExportFormat::Tmj) write(tilesetFileName(set, false), tsjFile(set));
                    // (LDtk projects hold their tileset definitions themselves.)
                    if (f == ExportFormat::Tmx) write(tilesetFileName(set, true), tsxFile(set));
                }
    }
    for (std::size_t done = 0; done < request.formats.size(); ++done) {
        const ExportFormat format = request.formats[done];
        if (progress && !progress(done, request.formats.size())) throw ExportCancelled();
        std::vector<std::string> maps;
        for (int z : depths) {
            switch (format) {
            case ExportFormat::Tmj:
                write(depthName(z, "tmj"), tmjMap(level, z, info, mapTiles));
                maps.push_back(depthName(z, "tmj"));
                break;
            case ExportFormat::Tmx:
                write(depthName(z, "tmx"), tmxMap(level, z, info, mapTiles));
                maps.push_back(depthName(z, "tmx"));
                break;
            case ExportFormat::Png: {
                ImageOptions options{tileSize, request.pngStyle, request.pngRegions, true, request.movement, art ? &*art : nullptr};
                write(depthName(z, "png"), encodePng(depthImage(level, z, options), depthText(z)));
                break;
            }
            case ExportFormat::Csv:
                write(depthName(z, "csv"), csvDepth(level.tiles(z)));
                plainFiles.push_back(depthName(z, "csv"));
                break;
            case ExportFormat::Txt: // all depths in one file, below
            case ExportFormat::Ldtk: break;
            }
        }
        if (format == ExportFormat::Ldtk) { // every depth, a level each
            files.add(folder / (stem + ".ldtk"), [&](const FileSink& sink) { writeLdtkProject(level, info, mapTiles, sink); });
            written.push_back(folder / (stem + ".ldtk"));
        }
        if (format == ExportFormat::Txt) {
            plainFiles.push_back(stem + ".txt");
            if (request.depth) write(stem + ".txt", asciiDepth(level.tiles(*request.depth), level.kinds));
            else {
                // Streamed: a level's text is as large as the level itself.
                files.add(folder / (stem + ".txt"), [&](const FileSink& sink) { writeAsciiMap(level, sink); });
                written.push_back(folder / (stem + ".txt"));
            }
        }
        if ((format == ExportFormat::Tmj || format == ExportFormat::Tmx) && depths.size() > 1) {
            // One world per format, so each points at its own maps.
            const std::string world = stem + (format == ExportFormat::Tmx ? "-tmx" : "") + ".world";
            write(world, tiledWorld(level, maps, tileSize).dump(1) + "\n");
        }
        // The sheet is an overview: its cells shrink to keep it within the image limit,
        // and a level too large even at 1 px a cell has none.
        if (const int cell = largestFittingCell(level.size(), tileSize, true); format == ExportFormat::Png && depths.size() > 1 && cell > 0) {
            ImageOptions options{cell, request.pngStyle, request.pngRegions, true, request.movement, art ? &*art : nullptr};
            write(stem + "-all-depths.png", encodePng(contactSheet(level, options), pngText));
        }
    }
    // Text and CSV maps stay glyphs and numbers only (games parse them): what they are
    // from goes beside them.
    if (!plainFiles.empty()) write(stem + ".burrow-meta.json", provenanceSidecar(info, plainFiles));
    return written;
}

} // namespace burrow
