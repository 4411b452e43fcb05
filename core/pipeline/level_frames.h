#pragma once
// A level's making as a film: numbered PNG frames of a LevelBuild as it steps.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "export/level_image.h"
#include "pipeline/level_build.h"

namespace burrow {

// Frames frame-000001.png ... of `build` (not yet stepped), one every `every` steps,
// the last always the finished level (the hand edits laid over it); returns how
// many were written. The film is saved as one, and replaces an earlier film in the
// folder whole: none of its frames is replaced when this one fails partway, and
// those past this film's last are removed.
std::size_t exportFrames(LevelBuild& build, std::size_t every, const ImageOptions& options, const std::filesystem::path& folder);

// The most pixels a film's frames may hold in all: about a minute of encoding on the
// reference machine (13 ns a pixel). A big level filmed every step would otherwise
// run for hours and fill the disk.
inline constexpr std::uint64_t kMostFilmPixels = 4'000'000'000;

// Why filming `project`'s level of `seed` one frame every `every` steps would pass
// kMostFilmPixels (what it would take, and the --frames that fits), or nothing.
// Makes the level once to count its steps.
std::optional<std::string> filmProblem(const Project& project, std::uint64_t seed, std::size_t every, const ImageOptions& options);

} // namespace burrow
