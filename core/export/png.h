#pragma once
// Writing PNG images with no library: RGB pixels, compressed by a small deflate
// encoder that looks for what tile images repeat most (the pixel before, the row
// above). Deterministic: the same image always gives the same bytes.
#include <cstdint>
#include <string>
#include <vector>

namespace burrow {

struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels; // row-major, 3 bytes a pixel

    RgbImage() = default;
    RgbImage(int w, int h, std::uint32_t fill = 0);
    void set(int x, int y, std::uint32_t rgb) {
        std::uint8_t* p = pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
        p[0] = static_cast<std::uint8_t>(rgb >> 16);
        p[1] = static_cast<std::uint8_t>(rgb >> 8);
        p[2] = static_cast<std::uint8_t>(rgb);
    }
    std::uint32_t get(int x, int y) const {
        const std::uint8_t* p = pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
        return (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
    }
    void fillRect(int x, int y, int w, int h, std::uint32_t rgb);
};

std::string encodePng(const RgbImage& image);

// The pieces, for tests: CRC-32 as PNG uses it, and zlib-wrapped deflate.
std::uint32_t crc32(const std::uint8_t* data, std::size_t size, std::uint32_t crc = 0);
std::string zlibCompress(const std::vector<std::uint8_t>& data, std::size_t rowStride, std::size_t pixelSize);

} // namespace burrow
