#include "export/level_image.h"

#include <algorithm>
#include <cstdio>

#include "export/game_tile_art.h"
#include "model/looks.h"
#include "regions/region_map.h"
#include "regions/region_palette.h"

namespace burrow {
namespace {
constexpr int kGutter = 8;
constexpr std::uint32_t kGutterColour = 0x18181c;

void disc(RgbImage& image, int px, int py, int size, std::uint32_t colour) {
    const double r = size * 0.4, c = (size - 1) / 2.0;
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            if ((x - c) * (x - c) + (y - c) * (y - c) <= r * r) image.set(px + x, py + y, colour);
}

// Each tile kind drawn once, then copied: a glyph costs the same as a block.
// Kinds are drawn as the game will see them (a secret door as a wall).
void drawTiles(const TileGrid& tiles, const TileKinds& kinds, CellStyle style, RgbImage& image, int s) {
    std::vector<RgbImage> art(static_cast<std::size_t>(kinds.count()));
    for (int i = 0; i < kinds.count(); ++i) {
        art[static_cast<std::size_t>(i)] = RgbImage(s, s);
        drawKind(art[static_cast<std::size_t>(i)], 0, 0, s, kinds[kinds.exportLook(kinds.tileAt(i))], style);
    }
    const std::size_t cellRow = static_cast<std::size_t>(s) * 3;
    for (int y = 0; y < tiles.height(); ++y)
        for (int x = 0; x < tiles.width(); ++x) {
            const RgbImage& cell = art[kinds.contains(tiles(x, y)) ? static_cast<std::size_t>(tiles(x, y)) : 0];
            for (int row = 0; row < s; ++row)
                std::copy_n(cell.pixels.data() + static_cast<std::size_t>(row) * cellRow, cellRow,
                            image.pixels.data() + ((static_cast<std::size_t>(y) * s + row) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x) * s) * 3);
        }
}

} // namespace

RgbImage depthImage(const Level& level, int depth, const ImageOptions& options) {
    const int s = std::max(1, options.cellSize);
    RgbImage image(level.width() * s, level.height() * s);
    const TileGrid& tiles = level.tiles(depth);
    if (options.art && options.art->tileSize() == s) options.art->drawTiles(tiles, image);
    else drawTiles(tiles, level.kinds, options.style, image, s);
    if (options.regions) {
        const RegionRuns regions = labelRuns(tiles, options.movement, level.kinds);
        const std::vector<std::uint32_t> colours = regionColours(regions);
        for (const CellRun& run : regions.runs)
            image.fillRect(run.x0 * s, run.y * s, (run.x1 - run.x0) * s, s, colours[static_cast<std::size_t>(run.label - 1)]);
    }
    if (options.markers) {
        for (const StairsPair& st : level.stairs)
            if (st.upperDepth == depth || st.upperDepth + 1 == depth) drawTile(image, st.x * s, st.y * s, s, st.upperDepth == depth ? Tile::StairsDown : Tile::StairsUp, CellStyle::Glyphs);
        for (const Marker& m : level.markers)
            if (m.at.z == depth) disc(image, m.at.x * s, m.at.y * s, s, markerColour(m.name));
        // Things over markers (a player stands on the start), drawn as in the editor.
        for (const Entity& e : level.entities) {
            if (e.at.z != depth) continue;
            const ThingLook look = thingLook(level, e);
            if (drawsGlyph(look.glyph, s)) {
                disc(image, e.at.x * s, e.at.y * s, s, kThingBacking);
                drawGlyph(image, e.at.x * s, e.at.y * s, s, look.glyph, look.colour);
            } else {
                disc(image, e.at.x * s, e.at.y * s, s, look.colour);
            }
        }
    }
    return image;
}

std::uint64_t depthImagePixels(const LevelSize& size, int cell) {
    return std::uint64_t(size.width) * std::uint64_t(cell) * std::uint64_t(size.height) * std::uint64_t(cell);
}

std::uint64_t contactSheetPixels(const LevelSize& size, int cell) {
    const std::uint64_t across = std::uint64_t(size.depth) * std::uint64_t(size.width) * std::uint64_t(cell) + std::uint64_t(size.depth - 1) * kGutter;
    return across * std::uint64_t(size.height) * std::uint64_t(cell);
}

int largestFittingCell(const LevelSize& size, int wanted, bool sheet) {
    for (int cell = wanted; cell >= 1; --cell)
        if ((sheet ? contactSheetPixels(size, cell) : depthImagePixels(size, cell)) <= kMaxImagePixels) return cell;
    return 0;
}

std::optional<std::string> depthImageProblem(const LevelSize& size, int cell) {
    if (depthImagePixels(size, cell) <= kMaxImagePixels) return std::nullopt;
    const std::uint64_t w = std::uint64_t(size.width) * std::uint64_t(cell), h = std::uint64_t(size.height) * std::uint64_t(cell);
    const double gib = static_cast<double>(w * h * 4) / double(1 << 30);
    char opened[32];
    std::snprintf(opened, sizeof opened, gib >= 1 ? "%.0f GiB" : "%.2f GiB", gib);
    const int fits = largestFittingCell(size, cell, false);
    return "a " + std::to_string(size.width) + " x " + std::to_string(size.height) + " depth at " + std::to_string(cell) + " px a cell makes a " +
           std::to_string(w) + " x " + std::to_string(h) + " image (" + opened + " to open); images are kept within 33,554,432 pixels (128 MiB, " +
           "what Tiled and other Qt-based tools open): use a cell size of " + std::to_string(fits) + " px or less";
}

RgbImage contactSheet(const Level& level, const ImageOptions& options) {
    const int s = std::max(1, options.cellSize);
    const int w = level.width() * s, h = level.height() * s;
    RgbImage sheet(level.depthCount() * w + (level.depthCount() - 1) * kGutter, h, kGutterColour);
    for (int z = 0; z < level.depthCount(); ++z) {
        const RgbImage one = depthImage(level, z, options);
        for (int y = 0; y < h; ++y)
            std::copy_n(one.pixels.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w) * 3, static_cast<std::size_t>(w) * 3,
                        sheet.pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(sheet.width) + static_cast<std::size_t>(z) * static_cast<std::size_t>(w + kGutter)) * 3);
    }
    return sheet;
}

} // namespace burrow
