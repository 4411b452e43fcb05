#pragma once
// What making a project's level costs in memory, so a command can refuse a size
// that would not fit before it starts, and run no more levels at once than fit.
// The figures are bytes per cell measured with `/usr/bin/time -v` on the release
// build (docs/cli.md, "Memory"), rounded up.
#include <cstdint>
#include <optional>
#include <string>

#include "export/level_export.h"
#include "project/project.h"

namespace burrow {

// The default budget: what a command may use in all, whatever --jobs asks.
inline constexpr std::uint64_t kDefaultMemoryBudget = std::uint64_t{4} << 30;

struct MemoryNeed {
    std::uint64_t once = 0;   // held once, however many jobs (a level played by every game)
    std::uint64_t perJob = 0; // each level or game in flight
    std::uint64_t total(int jobs) const { return once + perJob * static_cast<std::uint64_t>(jobs); }
};

// Making one level, nothing else (the runtime library's burrow_level_make).
MemoryNeed levelMemory(const Project& project);
// Making and writing one level (`burrow generate`).
MemoryNeed generateMemory(const Project& project, const ExportRequest& request);
// Making and measuring one level (`burrow stats`).
MemoryNeed statsMemory(const Project& project);
// One level played by bot games on threads (`burrow play`).
MemoryNeed playMemory(const Project& project);

// How many of `jobs` fit in `budget` (at least 1); throws std::invalid_argument
// with the estimate when one alone does not.
int jobsWithin(const MemoryNeed& need, int jobs, std::uint64_t budget, const Project& project);

// "a 4096 x 4096 x 64 level needs about 5.1 GiB here, above the memory budget of
// 4.0 GiB", or nothing when `need` fits in `budget`.
std::optional<std::string> overBudget(const MemoryNeed& need, std::uint64_t budget, const LevelSize& size);

// "3.2 GiB", "512 MiB".
std::string bytesText(std::uint64_t bytes);

} // namespace burrow
