#include "analysis/seed_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/measure.h"
#include "content/acceptance_rules.h"
#include "io/json_checker.h"

namespace burrow {
namespace {


Histogram makeHistogram(double lo, double hi, int bins) {
    Histogram h;
    h.lo = lo;
    h.hi = hi;
    // A single value: one bin.
    h.counts.assign(static_cast<std::size_t>(hi > lo ? bins : 1), 0);
    return h;
}

} // namespace

int Histogram::binOf(double value) const {
    const int n = static_cast<int>(counts.size());
    if (n <= 1 || hi <= lo) return 0;
    const int bin = static_cast<int>(std::floor((value - lo) / (hi - lo) * n));
    return std::clamp(bin, 0, n - 1);
}

nlohmann::ordered_json seedResultToJson(const SeedResult& r) {
    nlohmann::ordered_json row = {{"seed", r.seed}};
    if (!r.error.empty()) {
        row["error"] = r.error;
        return row;
    }
    row["attempt"] = r.attempt;
    row["level_seed"] = r.levelSeed;
    row["level_hash"] = r.levelHash;
    if (r.accepted) {
        row["accepted"] = *r.accepted;
        if (!r.brokenRule.empty()) row["broken_rule"] = r.brokenRule;
    }
    nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
    // Every metric measured, null where the level has none (no exit to walk to).
    for (std::size_t i = 0; i < r.values.size() && i < metricCatalog().size(); ++i)
        if (metricCatalog()[i].cost <= r.upTo) metrics[metricCatalog()[i].id] = metricValueJson(i, r.values[i]);
    row["metrics"] = metrics;
    return row;
}

std::optional<SeedResult> seedResultFromJson(const nlohmann::json& row, std::string& why) {
    if (!row.is_object() || !row.contains("seed") || !row["seed"].is_number_unsigned()) {
        why = "expected an object with a \"seed\" (a whole number)";
        return std::nullopt;
    }
    SeedResult r;
    r.seed = row["seed"].get<std::uint64_t>();
    if (row.contains("error")) {
        r.error = row["error"].is_string() ? row["error"].get<std::string>() : excerpt(row["error"]);
        return r;
    }
    const auto whole = [&](const char* key) { return row.contains(key) && row[key].is_number_unsigned(); };
    if (!whole("attempt") || !whole("level_seed") || !row.contains("level_hash") || !row["level_hash"].is_string() || !row.contains("metrics") ||
        !row["metrics"].is_object()) {
        why = "seed " + std::to_string(r.seed) + ": expected \"attempt\", \"level_seed\", \"level_hash\" and \"metrics\"";
        return std::nullopt;
    }
    r.attempt = static_cast<int>(std::min<std::uint64_t>(row["attempt"].get<std::uint64_t>(), std::uint64_t{kMaxAttempts}));
    r.levelSeed = row["level_seed"].get<std::uint64_t>();
    r.levelHash = row["level_hash"].get<std::string>();
    if (row.contains("accepted")) r.accepted = row["accepted"].is_boolean() && row["accepted"].get<bool>();
    if (row.contains("broken_rule") && row["broken_rule"].is_string()) r.brokenRule = row["broken_rule"].get<std::string>();
    r.values.assign(metricCatalog().size(), Measurement::kNone);
    r.upTo = MetricCost::Cheap;
    for (const auto& [id, value] : row["metrics"].items()) {
        const auto index = metricIndex(id);
        if (!index) {
            why = "seed " + std::to_string(r.seed) + ": unknown metric \"" + id + "\" (written by a newer Burrow?)";
            return std::nullopt;
        }
        r.upTo = std::max(r.upTo, metricCatalog()[*index].cost);
        if (value.is_number()) r.values[*index] = value.get<double>();
        else if (!value.is_null()) {
            why = "seed " + std::to_string(r.seed) + ": metric \"" + id + "\" is not a number";
            return std::nullopt;
        }
    }
    return r;
}

SeedsSummary summariseSeeds(std::vector<SeedResult> results, const std::vector<std::pair<std::size_t, std::size_t>>& pairs, int bins) {
    std::sort(results.begin(), results.end(), [](const SeedResult& a, const SeedResult& b) { return a.seed < b.seed; });
    SeedsSummary s;
    s.seeds = static_cast<int>(results.size());
    int accepted = 0;
    bool withRules = false;
    for (const SeedResult& r : results) {
        s.failed += !r.error.empty();
        if (r.accepted) {
            withRules = true;
            accepted += *r.accepted;
        }
    }
    if (withRules) s.accepted = accepted;
    const std::size_t metrics = metricCatalog().size();
    std::vector<MetricSummary> byMetric(metrics);
    for (std::size_t m = 0; m < metrics; ++m) {
        std::vector<std::pair<double, std::uint64_t>> values; // value, seed
        for (const SeedResult& r : results)
            if (r.error.empty() && m < r.values.size() && !std::isnan(r.values[m])) values.push_back({r.values[m], r.seed});
        if (values.empty()) continue;
        MetricSummary& ms = byMetric[m];
        ms.metric = m;
        ms.count = static_cast<int>(values.size());
        double sum = 0;
        for (const auto& [v, seed] : values) sum += v;
        ms.mean = sum / static_cast<double>(values.size());
        // Stable: equal values keep seed order, so the seed named for each is the first.
        std::stable_sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        ms.min = values.front().first;
        ms.minSeed = values.front().second;
        ms.max = values.back().first;
        ms.maxSeed = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == ms.max; })->second;
        const std::size_t n = values.size();
        ms.median = n % 2 ? values[n / 2].first : (values[n / 2 - 1].first + values[n / 2].first) / 2;
        ms.medianSeed = values[(n - 1) / 2].second;
        const bool integers = std::all_of(values.begin(), values.end(), [](const auto& v) { return v.first == std::floor(v.first); });
        if (integers && ms.max > ms.min && ms.max - ms.min + 1 <= bins) {
            ms.histogram = makeHistogram(ms.min, ms.max + 1, static_cast<int>(ms.max - ms.min + 1));
            ms.histogram.whole = true;
        } else {
            ms.histogram = makeHistogram(ms.min, ms.max, bins);
        }
        for (const auto& [v, seed] : values) ++ms.histogram.counts[static_cast<std::size_t>(ms.histogram.binOf(v))];
        s.metrics.push_back(ms);
    }
    for (const auto& [x, y] : pairs) {
        if (x >= metrics || y >= metrics || byMetric[x].count == 0 || byMetric[y].count == 0) continue;
        PairSummary p;
        p.x = x;
        p.y = y;
        p.xBins = byMetric[x].histogram;
        p.yBins = byMetric[y].histogram;
        p.counts.assign(p.xBins.counts.size() * p.yBins.counts.size(), 0);
        for (const SeedResult& r : results)
            if (r.error.empty() && !std::isnan(r.values[x]) && !std::isnan(r.values[y]))
                ++p.counts[static_cast<std::size_t>(p.yBins.binOf(r.values[y])) * p.xBins.counts.size() + static_cast<std::size_t>(p.xBins.binOf(r.values[x]))];
        s.pairs.push_back(std::move(p));
    }
    return s;
}

nlohmann::ordered_json seedsSummaryToJson(const SeedsSummary& s) {
    using nlohmann::ordered_json;
    ordered_json metrics = ordered_json::object();
    const auto& catalog = metricCatalog();
    for (const MetricSummary& m : s.metrics) {
        metrics[catalog[m.metric].id] = {{"name", catalog[m.metric].name},
                                         {"unit", catalog[m.metric].unit},
                                         {"seeds", m.count},
                                         {"min", metricValueJson(m.metric, m.min)},
                                         {"median", m.median},
                                         {"max", metricValueJson(m.metric, m.max)},
                                         {"mean", m.mean},
                                         {"min_seed", m.minSeed},
                                         {"median_seed", m.medianSeed},
                                         {"max_seed", m.maxSeed},
                                         {"histogram", {{"lo", m.histogram.lo}, {"hi", m.histogram.hi}, {"whole", m.histogram.whole}, {"counts", m.histogram.counts}}}};
    }
    ordered_json pairs = ordered_json::array();
    for (const PairSummary& p : s.pairs)
        pairs.push_back({{"x", catalog[p.x].id},
                         {"y", catalog[p.y].id},
                         {"x_range", {p.xBins.lo, p.xBins.hi}},
                         {"y_range", {p.yBins.lo, p.yBins.hi}},
                         {"x_bins", p.xBins.counts.size()},
                         {"y_bins", p.yBins.counts.size()},
                         {"counts", p.counts}});
    ordered_json doc = {{"seeds", s.seeds}, {"failed", s.failed}};
    if (s.accepted) doc["accepted"] = *s.accepted;
    doc["metrics"] = metrics;
    doc["pairs"] = pairs;
    return doc;
}

} // namespace burrow
