#include "pipeline/level_frames.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <system_error>

#include "export/png.h"
#include "io/diagnostic.h"
#include "io/file_io.h"

namespace burrow {

namespace fs = std::filesystem;

std::size_t exportFrames(LevelBuild& build, std::size_t every, const ImageOptions& options, const fs::path& folder) {
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) throw FileError(folder.string(), {{"", "cannot create the folder: " + ec.message()}});
    std::size_t frames = 0, steps = 0;
    // Frames are previews: their cells shrink to keep each within the image limit.
    const Level& start = build.level();
    const bool sheet = start.depthCount() > 1;
    ImageOptions fitted = options;
    fitted.cellSize = largestFittingCell(start.size(), options.cellSize, sheet);
    if (fitted.cellSize == 0) throw std::invalid_argument("frames of " + std::to_string(start.depthCount()) + " depths of " + std::to_string(start.width()) + " x " +
                                                          std::to_string(start.height()) + " would be above 33,554,432 pixels even at 1 px a cell");
    auto frame = [&](const Level& level) {
        char name[32];
        std::snprintf(name, sizeof name, "frame-%06zu.png", ++frames);
        writeFileAtomically(folder / name, encodePng(sheet ? contactSheet(level, fitted) : depthImage(level, 0, fitted)));
    };
    frame(build.level()); // the empty start
    bool finishedShown = false;
    while (build.step())
        if (++steps % std::max<std::size_t>(1, every) == 0) {
            frame(build.level());
            finishedShown = build.finished();
        }
    if (!finishedShown) frame(build.level()); // always end on the finished level, hand edits and all
    return frames;
}

} // namespace burrow
