#pragma once
// A replay: which project (and its hash, so a changed project is noticed), which
// level seed and simulation seed, and every input. Played back, it gives the same
// game exactly.
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "play/game.h"

namespace burrow {

inline constexpr const char* kReplayFormat = "burrow-replay";
// Version 2 added the level hash and a checksum; version 3 is the same file for the
// game in which a spreader boxed in rests instead of rolling dice. Older versions
// are refused: version 1 has no checksum, and a version 2 game may now end otherwise.
inline constexpr int kReplayVersion = 3;

struct Replay {
    std::string project;     // the project file, relative to the replay file
    std::string projectHash; // projectHash() when it was recorded
    std::string levelHash;   // levelHash() of the level played ("" in version 1 files)
    std::uint64_t levelSeed = 0;
    std::uint64_t simulationSeed = 0;
    std::vector<Input> inputs;
};

// A checksum of everything a replay says (hashes, seeds, inputs), hex: saved with it,
// so a replay edited by hand is refused instead of playing to another ending.
std::string replayChecksum(const Replay& replay);

void saveReplay(const Replay& replay, const std::filesystem::path& path);
// Throws FileError naming the file and the JSON path of what is wrong, also when the
// checksum does not match what the file says, or the version is unknown.
Replay loadReplay(const std::filesystem::path& path);

// The game after its first `count` inputs, played from the start on a copy of
// `level` (a game cannot be copied, so going back means playing again; the game is
// deterministic, so it is the same game input for input). What scrubbing a replay
// or a bot game in the editor shows.
Game replayedGame(const Level& level, std::uint64_t simulationSeed, const GameOptions& options, std::span<const Input> inputs, std::size_t count);

} // namespace burrow
