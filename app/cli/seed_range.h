#pragma once
// "--seeds A..B": an inclusive range of seeds for batch commands.
#include <cstdint>
#include <string>

namespace burrow::cli {

struct SeedRange {
    std::uint64_t first = 0;
    std::uint64_t last = 0;
    std::uint64_t count() const { return last - first + 1; }
};

// Throws UsageError for anything but "A..B" with A <= B and at most 1,000,000 seeds.
SeedRange parseSeedRange(const std::string& text);

} // namespace burrow::cli
