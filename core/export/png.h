#pragma once
// Writing PNG images: RGB pixels, compressed by zlib (Debian's zlib1g, level 6).
// Deterministic as pixels: the same image always decodes to the same pixels, and
// gives the same bytes with the same zlib version (tests compare pixels, not bytes).
#include <cstdint>
#include <string>
#include <utility>
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

// Text chunks (keyword, text) go before the pixels: tEXt for ASCII text, iTXt (UTF-8)
// otherwise. Keywords are 1-79 printable Latin-1 characters, as PNG requires.
using PngText = std::vector<std::pair<std::string, std::string>>;
std::string encodePng(const RgbImage& image, const PngText& text = {});

} // namespace burrow
