#pragma once
// A replay: which project (and its hash, so a changed project is noticed), which
// level seed and simulation seed, and every input. Played back, it gives the same
// game exactly.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "play/game.h"

namespace burrow {

inline constexpr const char* kReplayFormat = "burrow-replay";

struct Replay {
    std::string project;     // the project file, relative to the replay file
    std::string projectHash; // projectHash() when it was recorded
    std::uint64_t levelSeed = 0;
    std::uint64_t simulationSeed = 0;
    std::vector<Input> inputs;
};

void saveReplay(const Replay& replay, const std::filesystem::path& path);
// Throws FileError naming the file and the JSON path of what is wrong.
Replay loadReplay(const std::filesystem::path& path);

} // namespace burrow
