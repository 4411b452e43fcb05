#pragma once
// What a designer demands of every level a project makes: metric bounds such as
// "reachable share at least 0.99" or "the walk to the deepest depth at least 150
// steps". `burrow generate --accept` (analysis/acceptance.h) tries attempts of a
// seed until one passes. Kept in the project's "acceptance" (docs/project-format.md).
#include <optional>
#include <string>
#include <vector>

namespace burrow {

struct AcceptanceRule {
    std::string metric;        // an id from metricCatalog()
    std::optional<double> min; // inclusive
    std::optional<double> max; // inclusive
    // Per-depth metrics only: one depth, or every depth (eachDepth). Neither: the
    // level's total.
    std::optional<int> depth;
    bool eachDepth = false;
    friend bool operator==(const AcceptanceRule&, const AcceptanceRule&) = default;
};

inline constexpr int kDefaultAttempts = 20;
inline constexpr int kMaxAttempts = 1000; // bounded: a rule no level meets ends after this many

struct Acceptance {
    std::vector<AcceptanceRule> rules;
    int attempts = kDefaultAttempts; // per seed, counting the seed itself
    friend bool operator==(const Acceptance&, const Acceptance&) = default;
};

// "reachable_share >= 0.99", "loops in 2..8 on every depth": a rule in words.
std::string describeRule(const AcceptanceRule& rule);

} // namespace burrow
