#pragma once
// How parameters move the metrics: a recipe judged over the same seeds at every
// point of a grid of parameter values (`burrow sweep`). For one parameter, each
// metric's quartiles as a band over the parameter's values; for two, a heatmap of
// each metric's median over both.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/comparison.h"
#include "analysis/seed_summary.h"

namespace burrow {

struct SweptParameter {
    std::string name;           // "caves.fill": a stage's name and one of its parameters
    std::vector<double> values; // in order
};

struct SweepPoint {
    std::vector<std::size_t> at;          // the index of each parameter's value
    std::string projectHash;
    int failed = 0;                       // seeds that could not be made
    std::vector<Quartiles> metrics;       // by metric index (metricCatalog() order); count 0: not measured
};

struct Sweep {
    std::vector<SweptParameter> parameters; // one or two
    std::uint64_t firstSeed = 0, lastSeed = 0;
    std::vector<SweepPoint> points;          // the grid, the last parameter varying fastest
};

// The point's quartiles of every metric over `results`.
SweepPoint sweepPoint(std::vector<std::size_t> at, std::string projectHash, const std::vector<SeedResult>& results);

nlohmann::ordered_json sweepToJson(const Sweep& sweep, const std::string& projectName);
std::string sweepHtml(const Sweep& sweep, const std::string& projectName);

} // namespace burrow
