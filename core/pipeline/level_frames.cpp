#include "pipeline/level_frames.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include "export/png.h"
#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/file_transaction.h"

namespace burrow {

namespace fs = std::filesystem;

namespace {

// Frames are previews: their cells shrink to keep each within the image limit.
int frameCell(const LevelSize& size, const ImageOptions& options) {
    const int cell = largestFittingCell(size, options.cellSize, size.depth > 1);
    if (cell == 0) throw std::invalid_argument("frames of " + std::to_string(size.depth) + " depths of " + std::to_string(size.width) + " x " +
                                               std::to_string(size.height) + " would be above 33,554,432 pixels even at 1 px a cell");
    return cell;
}

// The start, every `every`-th step, and the finished level when the last step is not one.
std::uint64_t frameCount(std::uint64_t steps, std::uint64_t every) { return 1 + steps / every + (steps % every != 0 ? 1 : 0); }

// Takes out the frames of an earlier, longer film (frame-NNNNNN.png numbered past
// `last`): a folder of frames is one film, as a tool that makes a GIF of it reads it.
// Other files stay.
void removeFramesAfter(const fs::path& folder, std::size_t last) {
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        constexpr std::string_view prefix = "frame-", suffix = ".png";
        if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix)) continue;
        const std::string_view digits(name.data() + prefix.size(), name.size() - prefix.size() - suffix.size());
        std::size_t number = 0;
        const auto [stop, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
        if (error != std::errc() || stop != digits.data() + digits.size() || number <= last) continue;
        std::error_code ignored;
        fs::remove(it->path(), ignored);
    }
}

std::string thousands(std::uint64_t n) {
    std::string digits = std::to_string(n);
    for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
    return digits;
}

} // namespace

std::optional<std::string> filmProblem(const Project& project, std::uint64_t seed, std::size_t every, const ImageOptions& options) {
    const int cell = frameCell(project.size, options);
    const std::uint64_t pixels = project.size.depth > 1 ? contactSheetPixels(project.size, cell) : depthImagePixels(project.size, cell);
    LevelBuild counting(project, seed);
    std::uint64_t steps = 0;
    while (counting.step()) ++steps;
    const std::uint64_t frames = frameCount(steps, std::max<std::uint64_t>(1, every));
    if (frames * pixels <= kMostFilmPixels) return std::nullopt;
    // The least spacing that fits (fewer frames the wider it is): one frame of each
    // end fits, whatever the level (a frame is at most 33.5 million pixels).
    const std::uint64_t mostFrames = kMostFilmPixels / pixels;
    std::uint64_t fits = std::max<std::uint64_t>(1, steps), tooClose = std::min<std::uint64_t>(every, fits);
    while (fits - tooClose > 1) {
        const std::uint64_t mid = tooClose + (fits - tooClose) / 2;
        (frameCount(steps, mid) <= mostFrames ? fits : tooClose) = mid;
    }
    return "--frames " + std::to_string(every) + ": " + thousands(frames) + " frames of " + thousands(pixels) + " pixels (" + thousands(steps) +
           " steps) would be " + thousands(frames * pixels / 1'000'000) + " million pixels to encode; a film may have at most " +
           thousands(kMostFilmPixels / 1'000'000) + " million (about a minute): give --frames " + std::to_string(fits) + " or more";
}

std::size_t exportFrames(LevelBuild& build, std::size_t every, const ImageOptions& options, const fs::path& folder) {
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) throw FileError(folder.string(), {{"", "cannot create the folder: " + ec.message()}});
    std::size_t frames = 0, steps = 0;
    const Level& start = build.level();
    const bool sheet = start.depthCount() > 1;
    ImageOptions fitted = options;
    fitted.cellSize = frameCell(start.size(), options);
    // One transaction: a film stopped or failed partway (Ctrl+C, a full disk) leaves
    // the old film whole, not its first frames replaced.
    FileTransaction film;
    auto frame = [&](const Level& level) {
        char name[32];
        std::snprintf(name, sizeof name, "frame-%06zu.png", ++frames);
        film.add(folder / name, encodePng(sheet ? contactSheet(level, fitted) : depthImage(level, 0, fitted)));
    };
    frame(build.level()); // the empty start
    bool finishedShown = false;
    while (build.step())
        if (++steps % std::max<std::size_t>(1, every) == 0) {
            frame(build.level());
            finishedShown = build.finished();
        }
    if (!finishedShown) frame(build.level()); // always end on the finished level, hand edits and all
    film.commit();
    removeFramesAfter(folder, frames);
    return frames;
}

} // namespace burrow
