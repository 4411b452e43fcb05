#pragma once
// Measuring a finished level: every metric of content/metric_catalog.h up to the
// cost asked for, for the level and for each depth. What `stats`, `explore`,
// acceptance rules and the editor read.
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "content/metric_catalog.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "regions/reachability.h"

namespace burrow {

struct MeasureOptions {
    MetricCost upTo = MetricCost::Search; // measure the metrics of this cost and cheaper
    int botGames = 5;                     // BotGames: games per level
    int botMaxTurns = 2000;               // and the turns each may last
    std::uint64_t botSeed = 0;            // game i is played with botSeed + i
};

// Values by metric index (metricCatalog() order). NaN: not measured (too costly for
// the options) or not defined for this level (no exit to walk to).
struct Measurement {
    std::vector<double> level;
    std::vector<std::vector<double>> depths; // [depth][metric]; NaN for level-only metrics
    MetricCost upTo = MetricCost::Search; // the costliest metrics measured
    std::optional<Cell> start;
    Connectivity movement = Connectivity::Eight;
    std::vector<UnreachableRegion> unreachable; // Search and up

    double operator[](std::size_t metric) const { return level[metric]; }
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN(); // not measured
    static bool known(double value) { return !std::isnan(value); }
};

Measurement measure(const Level& level, Connectivity movement, const MeasureOptions& options = {});
// The `warnings` metric: how many warnings making the level gave (MadeLevel::warnings).
// measure() sees only the level, so whoever made it records them.
void recordWarnings(Measurement& measurement, std::size_t warnings);

// {"start": ..., "total": {id: value...}, "depths": [{"depth": z, id: value..., "unreachable_regions": [...]}]};
// values not measured are left out, undefined ones are null.
nlohmann::ordered_json measurementToJson(const Measurement& m, bool withDepths = true);
// What `burrow stats --json` prints for one level (and the runtime library's
// burrow_level_metrics_json): the project, the seed, both hashes, then the metrics.
nlohmann::ordered_json levelStatsJson(const std::string& projectName, std::uint64_t seed, const std::string& projectHash,
                                      const std::string& levelHash, const Measurement& m);
// One metric's value as JSON: a whole number for counts, null when undefined.
nlohmann::ordered_json metricValueJson(std::size_t metric, double value);

} // namespace burrow
