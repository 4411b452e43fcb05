#pragma once
// Two recipes judged over the same seeds, metric by metric: did the change make the
// levels better? For each metric measured on both sides: both distributions
// (quartiles), the difference of the medians (B - A) with a 95% bootstrap interval,
// and a Mann–Whitney U test (two-sided p, and the rank-biserial effect size: +1 when
// every B value is above every A value, -1 the other way round). With many metrics
// some p-values are small by chance, so "significant" is decided after Holm's
// correction for the number of metrics tested.
//
// Deterministic: the bootstrap draws from a fixed stream, so the same results give
// the same report on any machine. Cost: O(n log n) a metric for the test, and
// kBootstrapRounds linear selections for the interval.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/seed_summary.h"

namespace burrow {

inline constexpr int kBootstrapRounds = 1000;
inline constexpr double kSignificance = 0.05;

struct Quartiles {
    int count = 0;
    double min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
};

struct MetricComparison {
    std::size_t metric = 0; // index in metricCatalog()
    Quartiles a, b;
    double medianDifference = 0;     // median(B) - median(A)
    double differenceLow = 0, differenceHigh = 0; // its 95% bootstrap interval
    double u = 0;                    // Mann–Whitney U of B against A
    double p = 1;                    // two-sided, normal approximation with the tie correction
    double effect = 0;               // rank-biserial correlation, -1 .. 1
    double adjustedP = 1;            // after Holm's correction over every metric compared
    bool significant = false;        // adjustedP < kSignificance
};

struct Comparison {
    int seeds = 0;
    int failedA = 0, failedB = 0;    // seeds that could not be made
    std::vector<MetricComparison> metrics; // those with at least two values on each side
};

// The results of A and B (each seed's, in any order; seeds are paired by number).
Comparison compareResults(const std::vector<SeedResult>& a, const std::vector<SeedResult>& b);

Quartiles quartilesOf(std::vector<double> values);

// The Mann–Whitney U test of `b` against `a`: {U, two-sided p, rank-biserial effect}.
struct RankTest {
    double u = 0, p = 1, effect = 0;
};
RankTest mannWhitney(const std::vector<double>& a, const std::vector<double>& b);

// Holm's step-down correction of `p` (in any order), each clamped to at most 1.
std::vector<double> holmAdjusted(const std::vector<double>& p);

nlohmann::ordered_json comparisonToJson(const Comparison& comparison, const std::string& nameA, const std::string& nameB);
// A page that stands alone (inline SVG, no script): a row a metric with both
// distributions as box plots on one scale, the difference and the test.
std::string comparisonHtml(const Comparison& comparison, const std::string& nameA, const std::string& nameB);

} // namespace burrow
