#include "export/png.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace burrow {

RgbImage::RgbImage(int w, int h, std::uint32_t fill) : width(w), height(h), pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3) {
    fillRect(0, 0, w, h, fill);
}

void RgbImage::fillRect(int x, int y, int w, int h, std::uint32_t rgb) {
    const int x0 = std::max(0, x), y0 = std::max(0, y), x1 = std::min(width, x + w), y1 = std::min(height, y + h);
    for (int yy = y0; yy < y1; ++yy)
        for (int xx = x0; xx < x1; ++xx) set(xx, yy, rgb);
}

namespace {

const std::array<std::uint32_t, 256>& crcTable() {
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    return table;
}

// Deflate's bit stream: bits go in least significant first; Huffman codes are
// written most significant bit first, so they are reversed on the way in.
class BitWriter {
public:
    explicit BitWriter(std::string& out) : out_(out) {}
    void bits(std::uint32_t value, int count) {
        buffer_ |= static_cast<std::uint64_t>(value) << used_;
        used_ += count;
        while (used_ >= 8) {
            out_.push_back(static_cast<char>(buffer_ & 0xff));
            buffer_ >>= 8;
            used_ -= 8;
        }
    }
    void code(std::uint32_t code, int length) {
        std::uint32_t reversed = 0;
        for (int i = 0; i < length; ++i) reversed |= ((code >> i) & 1u) << (length - 1 - i);
        bits(reversed, length);
    }
    void flush() {
        if (used_ > 0) out_.push_back(static_cast<char>(buffer_ & 0xff));
        buffer_ = 0;
        used_ = 0;
    }

private:
    std::string& out_;
    std::uint64_t buffer_ = 0;
    int used_ = 0;
};

// Fixed Huffman codes (RFC 1951, 3.2.6).
void literal(BitWriter& w, int value) {
    if (value < 144) w.code(static_cast<std::uint32_t>(0x30 + value), 8);
    else if (value < 256) w.code(static_cast<std::uint32_t>(0x190 + value - 144), 9);
    else if (value < 280) w.code(static_cast<std::uint32_t>(value - 256), 7);
    else w.code(static_cast<std::uint32_t>(0xc0 + value - 280), 8);
}

constexpr std::array<int, 29> kLengthBase = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<int, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<int, 30> kDistBase = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<int, 30> kDistExtra = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

void match(BitWriter& w, int length, int distance) {
    int l = 28;
    while (kLengthBase[static_cast<std::size_t>(l)] > length) --l;
    literal(w, 257 + l);
    w.bits(static_cast<std::uint32_t>(length - kLengthBase[static_cast<std::size_t>(l)]), kLengthExtra[static_cast<std::size_t>(l)]);
    int d = 29;
    while (kDistBase[static_cast<std::size_t>(d)] > distance) --d;
    w.code(static_cast<std::uint32_t>(d), 5);
    w.bits(static_cast<std::uint32_t>(distance - kDistBase[static_cast<std::size_t>(d)]), kDistExtra[static_cast<std::size_t>(d)]);
}

} // namespace

std::uint32_t crc32(const std::uint8_t* data, std::size_t size, std::uint32_t crc) {
    const auto& table = crcTable();
    crc = ~crc;
    for (std::size_t i = 0; i < size; ++i) crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
    return ~crc;
}

std::string zlibCompress(const std::vector<std::uint8_t>& data, std::size_t rowStride, std::size_t pixelSize) {
    std::string out = {'\x78', '\x01'}; // deflate, 32 KiB window, no dictionary
    BitWriter w(out);
    w.bits(1, 1); // the only block is the last
    w.bits(1, 2); // fixed Huffman codes
    // Greedy matching against the two places tile images repeat: one pixel back
    // (runs of a colour) and one row back (a cell's rows repeat). Longest wins.
    const std::size_t n = data.size();
    std::size_t i = 0;
    const std::size_t candidates[2] = {pixelSize, rowStride};
    while (i < n) {
        int bestLength = 0, bestDistance = 0;
        for (std::size_t distance : candidates) {
            if (distance == 0 || distance > 32768 || distance > i) continue;
            const std::size_t limit = std::min<std::size_t>(258, n - i);
            std::size_t length = 0;
            while (length < limit && data[i + length] == data[i + length - distance]) ++length;
            if (static_cast<int>(length) > bestLength) {
                bestLength = static_cast<int>(length);
                bestDistance = static_cast<int>(distance);
            }
        }
        if (bestLength >= 3) {
            match(w, bestLength, bestDistance);
            i += static_cast<std::size_t>(bestLength);
        } else {
            literal(w, data[i]);
            ++i;
        }
    }
    literal(w, 256); // end of block
    w.flush();
    // Adler-32 of the uncompressed data, big-endian.
    std::uint32_t a = 1, b = 0;
    for (std::size_t k = 0; k < n;) {
        const std::size_t chunk = std::min<std::size_t>(5552, n - k); // the most bytes before the sums can overflow
        for (std::size_t j = 0; j < chunk; ++j, ++k) {
            a += data[k];
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    const std::uint32_t adler = (b << 16) | a;
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<char>((adler >> s) & 0xff));
    return out;
}

std::string encodePng(const RgbImage& image) {
    std::string png = "\x89PNG\r\n\x1a\n";
    auto chunk = [&](const char* type, const std::string& body) {
        const auto size = static_cast<std::uint32_t>(body.size());
        for (int s = 24; s >= 0; s -= 8) png.push_back(static_cast<char>((size >> s) & 0xff));
        std::string typed = std::string(type, 4) + body;
        png += typed;
        const std::uint32_t crc = crc32(reinterpret_cast<const std::uint8_t*>(typed.data()), typed.size());
        for (int s = 24; s >= 0; s -= 8) png.push_back(static_cast<char>((crc >> s) & 0xff));
    };
    std::string header;
    for (std::uint32_t v : {static_cast<std::uint32_t>(image.width), static_cast<std::uint32_t>(image.height)})
        for (int s = 24; s >= 0; s -= 8) header.push_back(static_cast<char>((v >> s) & 0xff));
    header += std::string("\x08\x02\x00\x00\x00", 5); // 8 bits, truecolour, deflate, adaptive filters, no interlace
    chunk("IHDR", header);
    // Each row: filter type 0 (none), then the pixels.
    const std::size_t rowBytes = static_cast<std::size_t>(image.width) * 3;
    std::vector<std::uint8_t> raw;
    raw.reserve((rowBytes + 1) * static_cast<std::size_t>(image.height));
    for (int y = 0; y < image.height; ++y) {
        raw.push_back(0);
        const auto* row = image.pixels.data() + static_cast<std::size_t>(y) * rowBytes;
        raw.insert(raw.end(), row, row + rowBytes);
    }
    chunk("IDAT", zlibCompress(raw, rowBytes + 1, 3));
    chunk("IEND", "");
    return png;
}

} // namespace burrow
