#include "export/tile_art.h"

#include <array>
#include <utility>

namespace burrow {
namespace {

// 5 x 7 bitmaps, one string per row, '#' for ink. Enough for the tile glyphs, the
// default templates' glyphs and a few common ones for a project's own kinds.
struct GlyphBitmap {
    char glyph;
    std::array<const char*, 7> rows;
};
constexpr std::array<GlyphBitmap, 19> kFont = {{
    {'#', {" # # ", "#####", " # # ", " # # ", "#####", " # # ", "     "}},
    {'.', {"     ", "     ", "     ", "  #  ", "     ", "     ", "     "}},
    {',', {"     ", "     ", "     ", "     ", "  #  ", " #   ", "     "}},
    {'~', {"     ", "     ", " #  #", "# ## ", "     ", "     ", "     "}},
    {'+', {"     ", "  #  ", "  #  ", "#####", "  #  ", "  #  ", "     "}},
    {'>', {"#    ", " #   ", "  #  ", "   # ", "  #  ", " #   ", "#    "}},
    {'<', {"    #", "   # ", "  #  ", " #   ", "  #  ", "   # ", "    #"}},
    {'X', {"#   #", " # # ", "  #  ", "  #  ", "  #  ", " # # ", "#   #"}},
    {'o', {"     ", "     ", " ### ", "#   #", "#   #", " ### ", "     "}},
    {'@', {" ### ", "#   #", "# ###", "# # #", "# ###", "#    ", " ####"}},
    {'e', {"     ", " ### ", "#   #", "#####", "#    ", " ### ", "     "}},
    {'F', {"#####", "#    ", "#### ", "#    ", "#    ", "#    ", "     "}},
    {'*', {"     ", "# # #", " ### ", "#####", " ### ", "# # #", "     "}},
    {'?', {" ### ", "#   #", "   # ", "  #  ", "  #  ", "     ", "  #  "}},
    // Common glyphs for a project's own kinds: lava, moss, traps, rubble, a chasm.
    {'=', {"     ", "     ", "#####", "     ", "#####", "     ", "     "}},
    {'"', {" # # ", " # # ", " # # ", "     ", "     ", "     ", "     "}},
    {'^', {"  #  ", " # # ", "#   #", "     ", "     ", "     ", "     "}},
    {'%', {"##  #", "##  #", "   # ", "  #  ", " #   ", "#  ##", "#  ##"}},
    {':', {"     ", "  #  ", "  #  ", "     ", "  #  ", "  #  ", "     "}},
}};

const GlyphBitmap* bitmapOf(char glyph) {
    for (const auto& g : kFont)
        if (g.glyph == glyph) return &g;
    return nullptr;
}

} // namespace

void drawGlyph(RgbImage& image, int px, int py, int size, char glyph, std::uint32_t colour) {
    const GlyphBitmap* bitmap = bitmapOf(glyph);
    if (!bitmap || size < 8) return; // 7 dots and a margin; smaller cells are plain colour
    // Whole pixels per font dot, and the glyph centred: crisp at any cell size.
    const int dot = std::max(1, std::min(size / 6, (size - 1) / 7));
    const int ox = px + (size - 5 * dot) / 2, oy = py + (size - 7 * dot) / 2;
    for (int row = 0; row < 7; ++row)
        for (int column = 0; column < 5; ++column)
            if (bitmap->rows[static_cast<std::size_t>(row)][column] == '#') image.fillRect(ox + column * dot, oy + row * dot, dot, dot, colour);
}

bool drawsGlyph(char glyph, int size) { return size >= 8 && bitmapOf(glyph) != nullptr; }

void drawTile(RgbImage& image, int px, int py, int size, Tile tile, CellStyle style) {
    drawKind(image, px, py, size, builtInTileKinds()[tile], style);
}

void drawKind(RgbImage& image, int px, int py, int size, const TileKind& kind, CellStyle style) {
    image.fillRect(px, py, size, size, kind.background);
    if (style == CellStyle::Glyphs) drawGlyph(image, px, py, size, kind.glyph, kind.colour);
}

} // namespace burrow
