#include "io/ascii_map.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace burrow {

namespace {

std::array<char, 256> glyphTable(const TileKinds& kinds) {
    std::array<char, 256> glyphs{};
    for (std::size_t i = 0; i < glyphs.size(); ++i) glyphs[i] = kinds[static_cast<Tile>(i)].glyph;
    return glyphs;
}

// Rows [y0, y1) of one depth appended to `text`, a glyph a cell through a table
// (one lookup a cell, whatever the kinds).
void appendRows(std::string& text, const TileGrid& tiles, const std::array<char, 256>& glyphs, int y0, int y1) {
    const auto width = static_cast<std::size_t>(tiles.width());
    for (int y = y0; y < y1; ++y) {
        const Tile* row = tiles.row(y);
        const std::size_t at = text.size();
        text.resize(at + width + 1);
        char* out = text.data() + at;
        for (std::size_t x = 0; x < width; ++x) out[x] = glyphs[static_cast<std::uint8_t>(row[x])];
        out[width] = '\n';
    }
}

std::size_t depthBytes(const TileGrid& tiles) { return static_cast<std::size_t>(tiles.width() + 1) * static_cast<std::size_t>(tiles.height()); }

// About this much text is handed on at a time.
constexpr std::size_t kPieceBytes = std::size_t{1} << 20;

} // namespace

std::string asciiDepth(const TileGrid& tiles, const TileKinds& kinds) {
    std::string text;
    text.reserve(depthBytes(tiles));
    appendRows(text, tiles, glyphTable(kinds), 0, tiles.height());
    return text;
}

void writeAsciiMap(const Level& level, const std::function<void(std::string_view)>& sink) {
    const std::array<char, 256> glyphs = glyphTable(level.kinds);
    std::string piece;
    const std::size_t rowBytes = static_cast<std::size_t>(level.width()) + 1;
    const int rowsPerPiece = static_cast<int>(std::max<std::size_t>(1, kPieceBytes / rowBytes));
    piece.reserve(rowBytes * static_cast<std::size_t>(rowsPerPiece) + 1);
    for (int z = 0; z < level.depthCount(); ++z) {
        const TileGrid& tiles = level.tiles(z);
        for (int y = 0; y < tiles.height(); y += rowsPerPiece) {
            piece.clear();
            if (z > 0 && y == 0) piece += '\n';
            appendRows(piece, tiles, glyphs, y, std::min(tiles.height(), y + rowsPerPiece));
            sink(piece);
        }
    }
}

std::string asciiMap(const Level& level) {
    std::string text;
    std::size_t bytes = 0;
    for (int z = 0; z < level.depthCount(); ++z) bytes += depthBytes(level.tiles(z)) + 1;
    text.reserve(bytes);
    writeAsciiMap(level, [&](std::string_view piece) { text += piece; });
    return text;
}

Level levelFromAscii(std::string_view text, const TileKinds& kinds) {
    std::vector<std::vector<std::string_view>> depths(1);
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) {
            if (!depths.back().empty()) depths.emplace_back();
        } else {
            depths.back().push_back(line);
        }
        start = end + 1;
    }
    if (depths.back().empty()) depths.pop_back();
    if (depths.empty()) throw std::invalid_argument("no rows in the text map");
    const LevelSize size{static_cast<int>(depths[0][0].size()), static_cast<int>(depths[0].size()), static_cast<int>(depths.size())};
    Level level(size);
    level.kinds = kinds;
    int lineNumber = 1;
    for (int z = 0; z < size.depth; ++z) {
        const auto& rows = depths[static_cast<std::size_t>(z)];
        if (static_cast<int>(rows.size()) != size.height)
            throw std::invalid_argument("depth " + std::to_string(z) + " has " + std::to_string(rows.size()) + " rows, expected " +
                                        std::to_string(size.height));
        for (int y = 0; y < size.height; ++y, ++lineNumber) {
            const auto row = rows[static_cast<std::size_t>(y)];
            if (static_cast<int>(row.size()) != size.width)
                throw std::invalid_argument("line " + std::to_string(lineNumber) + " has " + std::to_string(row.size()) +
                                            " columns, expected " + std::to_string(size.width));
            for (int x = 0; x < size.width; ++x) {
                const auto tile = kinds.find(row.substr(static_cast<std::size_t>(x), 1));
                if (!tile)
                    throw std::invalid_argument("line " + std::to_string(lineNumber) + ", column " + std::to_string(x + 1) + ": '" +
                                                std::string(1, row[static_cast<std::size_t>(x)]) + "' is not a tile glyph");
                level.tiles(z)(x, y) = *tile;
            }
        }
        ++lineNumber; // the blank line between depths
    }
    return level;
}

} // namespace burrow
