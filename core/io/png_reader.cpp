#include "io/png_reader.h"

#include <png.h>

#include "io/diagnostic.h"
#include "io/file_io.h"

namespace burrow {
namespace {

// A png_image that always releases what libpng holds, whichever way we leave.
class PngDecoder {
public:
    PngDecoder(const std::filesystem::path& path, const FileSource& files) : path_(path), bytes_(files.read(path)) {
        image_.version = PNG_IMAGE_VERSION;
        if (!png_image_begin_read_from_memory(&image_, bytes_.data(), bytes_.size())) fail("not a PNG image libpng can read (" + std::string(image_.message) + ")");
        const std::int64_t pixels = std::int64_t{image_.width} * std::int64_t{image_.height};
        if (image_.width == 0 || image_.height == 0 || pixels > kMaxArtPixels)
            fail("the image is " + std::to_string(image_.width) + " x " + std::to_string(image_.height) + " pixels; tile art may have at most " +
                 std::to_string(kMaxArtPixels) + " pixels");
    }
    ~PngDecoder() { png_image_free(&image_); }
    PngDecoder(const PngDecoder&) = delete;
    PngDecoder& operator=(const PngDecoder&) = delete;

    PngSize size() const { return {static_cast<int>(image_.width), static_cast<int>(image_.height)}; }

    RgbaImage pixels() {
        image_.format = PNG_FORMAT_RGBA;
        RgbaImage out;
        out.width = static_cast<int>(image_.width);
        out.height = static_cast<int>(image_.height);
        out.pixels.resize(PNG_IMAGE_SIZE(image_));
        if (!png_image_finish_read(&image_, nullptr, out.pixels.data(), 0, nullptr)) fail("damaged image data (" + std::string(image_.message) + ")");
        return out;
    }

private:
    // Frees first: a throw from the constructor runs no destructor (png_image_free
    // clears what it freed, so the destructor's call after a later throw is harmless).
    [[noreturn]] void fail(const std::string& message) {
        png_image_free(&image_);
        throw FileError(path_.string(), {{"", message}});
    }

    std::filesystem::path path_;
    std::string bytes_;
    png_image image_{};
};

} // namespace

PngSize readPngSize(const std::filesystem::path& path, const FileSource& files) { return PngDecoder(path, files).size(); }

RgbaImage readPng(const std::filesystem::path& path, const FileSource& files) { return PngDecoder(path, files).pixels(); }

PngSize checkPng(const std::filesystem::path& path, const FileSource& files) {
    const RgbaImage image = readPng(path, files);
    return {image.width, image.height};
}

} // namespace burrow
