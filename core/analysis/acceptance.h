#pragma once
// Levels that meet the project's acceptance rules: attempts 1..K of a seed, each an
// ordinary level made from a derived seed, the first that passes kept. Anyone can
// make the kept level again from its level seed alone (`generate --seed`), and the
// rejected attempts say which rule each broke and by what value.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/measure.h"
#include "analysis/seed_summary.h"
#include "content/acceptance_rules.h"
#include "pipeline/make_level.h"

namespace burrow {

// The seed of attempt `attempt` (1-based): the seed itself first, then seeds
// derived from it and the attempt number.
std::uint64_t attemptSeed(std::uint64_t seed, int attempt);

// The costliest metric the rules read (what to measure them with).
MetricCost costOf(const Acceptance& acceptance);

struct RuleVerdict {
    std::string broken;     // "reachable_share >= 0.99: 0.953 on depth 2"; empty when every rule passes
    int brokenRules = 0;
    double shortfall = 0;   // how far the broken bounds are missed, each relative to its bound
    bool passed() const { return brokenRules == 0; }
};
RuleVerdict judge(const Acceptance& acceptance, const Measurement& m);

struct RejectedAttempt {
    int attempt = 0;
    std::uint64_t levelSeed = 0;
    std::string broken; // the first rule broken, with the value measured
};

struct AcceptedLevel {
    MadeLevel made;          // the kept attempt's level: the first that passes, else the closest
    Measurement measurement; // its metrics
    int attempt = 1;
    std::uint64_t levelSeed = 0;
    bool accepted = false;
    std::string broken;      // when not accepted: what the kept (closest) attempt breaks
    std::vector<RejectedAttempt> rejected;
};

// Attempts of `seed` up to the project's acceptance.attempts (bounded by kMaxAttempts).
// Without rules: attempt 1, accepted. Each attempt is measured as `burrow stats --seed
// LEVEL_SEED` measures it: its bot games follow its level seed (whatever
// measureOptions.botSeed says).
// `observer` is told each attempt's generation in turn, and may stop it by throwing.
AcceptedLevel makeAcceptedLevel(const Project& project, std::uint64_t seed, const MeasureOptions& measureOptions = {},
                                GenerationObserver* observer = nullptr);

// One seed judged the way `burrow explore` judges it (and the editor's seed gallery):
// the kept attempt (judged by the project's rules when `accept`, else attempt 1), its
// level hash and metrics; a seed that cannot be made has `error` set. With `level`,
// the kept level is moved there too.
// `observer` watches each attempt's generation (and may stop it by throwing).
SeedResult judgeSeed(const Project& project, std::uint64_t seed, bool accept, const MeasureOptions& options = {}, Level* level = nullptr,
                     GenerationObserver* observer = nullptr);

} // namespace burrow
