#pragma once
// Reading the designer's PNG images (a game's tileset art) through Debian's libpng,
// which handles every colour type, bit depth and interlacing a painting program writes.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "io/file_source.h"

namespace burrow {

// Pixels as 8-bit RGBA, row-major, not premultiplied.
struct RgbaImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;

    std::uint32_t rgba(int x, int y) const {
        const std::uint8_t* p = pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
        return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
    }
};

// Tile art is small; larger images are refused before they are decoded, so a hostile
// header cannot ask for gigabytes (4096 x 4096 is 64 MiB as RGBA; 65535 x 65535 would be 16 GiB).
inline constexpr std::int64_t kMaxArtPixels = std::int64_t{4096} * 4096;

struct PngSize {
    int width = 0;
    int height = 0;
};

// The size from the header alone. Throws FileError naming the file when it is
// missing, not a PNG, or larger than kMaxArtPixels.
PngSize readPngSize(const std::filesystem::path& path, const FileSource& files = diskFiles());
// The size, after decoding the whole image: throws FileError as readPngSize, and for
// damaged image data (a truncated body, a bad CRC, too little data).
PngSize checkPng(const std::filesystem::path& path, const FileSource& files = diskFiles());
// The whole image. Throws FileError as readPngSize, and for damaged image data.
RgbaImage readPng(const std::filesystem::path& path, const FileSource& files = diskFiles());

} // namespace burrow
