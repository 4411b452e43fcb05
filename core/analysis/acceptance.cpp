#include "analysis/acceptance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "io/diagnostic.h"
#include "model/level_hash.h"
#include "random/rng.h"

namespace burrow {

std::uint64_t attemptSeed(std::uint64_t seed, int attempt) {
    if (attempt <= 1) return seed;
    return mix64(seed ^ mix64(0x6174746570740000ull + static_cast<std::uint64_t>(attempt))); // "attempt" and its number
}

MetricCost costOf(const Acceptance& acceptance) {
    MetricCost cost = MetricCost::Cheap;
    for (const AcceptanceRule& r : acceptance.rules)
        if (const auto index = metricIndex(r.metric)) cost = std::max(cost, metricCatalog()[*index].cost);
    return cost;
}

namespace {


// How far `value` misses the rule's bounds, relative to the bound (0: within them).
double miss(const AcceptanceRule& rule, double value) {
    if (std::isnan(value)) return 1; // undefined (no exit to walk to): a miss
    if (rule.min && value < *rule.min) return (*rule.min - value) / std::max(1e-9, std::abs(*rule.min));
    if (rule.max && value > *rule.max) return (value - *rule.max) / std::max(1e-9, std::abs(*rule.max));
    return 0;
}

} // namespace

RuleVerdict judge(const Acceptance& acceptance, const Measurement& m) {
    RuleVerdict verdict;
    for (const AcceptanceRule& rule : acceptance.rules) {
        const auto index = metricIndex(rule.metric);
        if (!index) continue; // the reader refuses unknown metrics
        std::vector<std::pair<int, double>> values; // depth (-1: the level), value
        if (rule.eachDepth)
            for (std::size_t z = 0; z < m.depths.size(); ++z) values.push_back({static_cast<int>(z), m.depths[z][*index]});
        else if (rule.depth && static_cast<std::size_t>(*rule.depth) < m.depths.size())
            values.push_back({*rule.depth, m.depths[static_cast<std::size_t>(*rule.depth)][*index]});
        else values.push_back({-1, m.level[*index]});
        for (const auto& [depth, value] : values) {
            const double missed = miss(rule, value);
            if (missed == 0) continue;
            ++verdict.brokenRules;
            verdict.shortfall += missed;
            if (verdict.broken.empty())
                verdict.broken = describeRule(rule) + ": " + (std::isnan(value) ? std::string("none") : numberText(value)) +
                                 (depth >= 0 ? " on depth " + std::to_string(depth) : std::string());
        }
    }
    return verdict;
}

AcceptedLevel makeAcceptedLevel(const Project& project, std::uint64_t seed, const MeasureOptions& measureOptions, GenerationObserver* observer) {
    MeasureOptions options = measureOptions;
    options.upTo = std::max(options.upTo, costOf(project.acceptance));
    const int attempts = project.acceptance.rules.empty() ? 1 : std::clamp(project.acceptance.attempts, 1, kMaxAttempts);
    AcceptedLevel best;
    RuleVerdict bestVerdict;
    bool have = false;
    for (int attempt = 1; attempt <= attempts; ++attempt) {
        const std::uint64_t levelSeed = attemptSeed(seed, attempt);
        MadeLevel made = makeLevel(project, levelSeed, observer);
        // The bot's games of a level follow its level seed, as `burrow stats --seed
        // LEVEL_SEED` and the C API measure it: a rule on the bot judges the same games
        // whoever judges the seed (generate --accept, explore, the editor's reroll).
        options.botSeed = levelSeed;
        Measurement measurement = measure(made.level, project.movement, options);
        recordWarnings(measurement, made.warnings.size());
        const RuleVerdict verdict = judge(project.acceptance, measurement);
        const bool closer = !have || verdict.brokenRules < bestVerdict.brokenRules ||
                            (verdict.brokenRules == bestVerdict.brokenRules && verdict.shortfall < bestVerdict.shortfall);
        if (!verdict.passed()) best.rejected.push_back({attempt, levelSeed, verdict.broken});
        if (closer) {
            best.made = std::move(made);
            best.measurement = std::move(measurement);
            best.attempt = attempt;
            best.levelSeed = levelSeed;
            best.broken = verdict.broken;
            bestVerdict = verdict;
            have = true;
        }
        if (verdict.passed()) {
            best.accepted = true;
            best.broken.clear();
            break;
        }
    }
    return best;
}

SeedResult judgeSeed(const Project& project, std::uint64_t seed, bool accept, const MeasureOptions& options, Level* level, GenerationObserver* observer) {
    SeedResult r;
    r.seed = seed;
    try {
        const Project* judged = &project;
        Project withoutRules;
        if (!accept && !project.acceptance.rules.empty()) {
            withoutRules = project;
            withoutRules.acceptance.rules.clear();
            judged = &withoutRules;
        }
        AcceptedLevel kept = makeAcceptedLevel(*judged, seed, options, observer);
        r.attempt = kept.attempt;
        r.levelSeed = kept.levelSeed;
        r.levelHash = levelHash(kept.made.level);
        r.values = std::move(kept.measurement.level);
        r.upTo = kept.measurement.upTo;
        if (accept) {
            r.accepted = kept.accepted;
            r.brokenRule = kept.broken;
        }
        if (level) *level = std::move(kept.made.level);
    } catch (const std::exception& e) {
        r.error = errorText(e);
    }
    return r;
}

} // namespace burrow
