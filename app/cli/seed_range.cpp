#include "cli/seed_range.h"

#include <charconv>

#include "cli/arguments.h"

namespace burrow::cli {

SeedRange parseSeedRange(const std::string& text) {
    const auto dots = text.find("..");
    SeedRange range;
    auto number = [&](std::string_view part, std::uint64_t& out) {
        const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
        return !part.empty() && ec == std::errc() && ptr == part.data() + part.size();
    };
    const std::string_view view(text);
    if (dots == std::string::npos || !number(view.substr(0, dots), range.first) || !number(view.substr(dots + 2), range.last) || range.first > range.last)
        throw UsageError("--seeds needs A..B with whole numbers A <= B, got \"" + text + "\"");
    if (range.last - range.first >= 1'000'000) throw UsageError("--seeds covers more than 1,000,000 seeds");
    return range;
}

} // namespace burrow::cli
