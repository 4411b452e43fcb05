#pragma once
// A recipe judged over many seeds: each seed's result (its kept attempt, level hash,
// metrics, acceptance), and the distribution of every metric — min, median, max,
// a histogram, and the seeds at the extremes — with 2D histograms for chosen pairs
// of metrics (expressive range, after Smith & Whitehead 2010). Everything here is a
// function of the results sorted by seed, so shards merged give what one run gives.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "content/metric_catalog.h"

namespace burrow {

struct SeedResult {
    std::uint64_t seed = 0;      // the seed asked for
    int attempt = 1;             // the acceptance attempt kept (1 without rules)
    std::uint64_t levelSeed = 0; // the seed that makes exactly this level: `generate --seed levelSeed`
    std::string levelHash;
    std::vector<double> values;  // the level's value of each metric (metricCatalog() order); NaN: none
    MetricCost upTo = MetricCost::Search; // the costliest metrics measured (the others are NaN)
    std::optional<bool> accepted; // with acceptance rules: whether the kept attempt passes them
    std::string brokenRule;       // when it does not: the first rule it breaks, with the value
    std::string error;            // the seed could not be made (then nothing else is set)
};

// One JSON Lines row, and back (nothing when the row is not one; `why` says why).
nlohmann::ordered_json seedResultToJson(const SeedResult& result);
std::optional<SeedResult> seedResultFromJson(const nlohmann::json& row, std::string& why);

struct Histogram {
    double lo = 0, hi = 0;   // [lo, hi]; bin i covers [lo + i w, lo + (i + 1) w)
    std::vector<int> counts; // the last bin includes hi
    // Whole numbers spanning fewer values than bins: a bin a value, hi = max + 1
    // (so no bin falls between two whole numbers and stays empty).
    bool whole = false;
    int binOf(double value) const;
};

struct MetricSummary {
    std::size_t metric = 0;
    int count = 0; // seeds with a value
    double min = 0, median = 0, max = 0, mean = 0;
    std::uint64_t minSeed = 0, medianSeed = 0, maxSeed = 0; // the first seed with each (by seed order)
    Histogram histogram;
};

struct PairSummary {
    std::size_t x = 0, y = 0; // metrics
    Histogram xBins, yBins;
    std::vector<int> counts;  // counts[yBin * xBins.counts.size() + xBin]
};

struct SeedsSummary {
    int seeds = 0, failed = 0;
    std::optional<int> accepted; // with acceptance rules
    std::vector<MetricSummary> metrics; // metrics measured for at least one seed
    std::vector<PairSummary> pairs;
};

inline constexpr int kHistogramBins = 20;

// `results` in any order (they are sorted by seed); `pairs` of metric indices.
SeedsSummary summariseSeeds(std::vector<SeedResult> results, const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                            int bins = kHistogramBins);
nlohmann::ordered_json seedsSummaryToJson(const SeedsSummary& summary);

} // namespace burrow
