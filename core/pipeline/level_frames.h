#pragma once
// A level's making as a film: numbered PNG frames of a LevelBuild as it steps.
#include <cstddef>
#include <filesystem>

#include "export/level_image.h"
#include "pipeline/level_build.h"

namespace burrow {

// Frames frame-000001.png ... of `build` (not yet stepped), one every `every` steps,
// the last always the finished level (the hand edits laid over it); returns how
// many were written.
std::size_t exportFrames(LevelBuild& build, std::size_t every, const ImageOptions& options, const std::filesystem::path& folder);

} // namespace burrow
