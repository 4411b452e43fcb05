#include "analysis/comparison.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "content/metric_catalog.h"
#include "export/tiled_export.h"
#include "io/diagnostic.h"
#include "random/rng.h"

namespace burrow {

namespace {

// The value at quantile q of sorted values (linear between neighbours).
double quantileOfSorted(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return std::nan("");
    const double at = q * static_cast<double>(sorted.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(at));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - static_cast<double>(lo));
}

// The median of `values` (reordered), by selection: linear, for the bootstrap.
double medianInPlace(std::vector<double>& values) {
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1) return upper;
    return (*std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid)) + upper) / 2;
}

// The 95% percentile interval of median(B*) - median(A*) over resamples of each side.
std::pair<double, double> bootstrapInterval(const std::vector<double>& a, const std::vector<double>& b, std::size_t metric) {
    Rng rng(0x62757272'6f770000ull + metric); // fixed: the same report on every run
    std::vector<double> differences(kBootstrapRounds), ra(a.size()), rb(b.size());
    for (double& d : differences) {
        for (double& v : ra) v = a[rng.below(static_cast<std::uint32_t>(a.size()))];
        for (double& v : rb) v = b[rng.below(static_cast<std::uint32_t>(b.size()))];
        d = medianInPlace(rb) - medianInPlace(ra);
    }
    std::sort(differences.begin(), differences.end());
    return {quantileOfSorted(differences, 0.025), quantileOfSorted(differences, 0.975)};
}

std::vector<double> valuesOf(const std::vector<const SeedResult*>& results, std::size_t metric) {
    std::vector<double> values;
    for (const SeedResult* r : results)
        if (metric < r->values.size() && !std::isnan(r->values[metric])) values.push_back(r->values[metric]);
    return values;
}

} // namespace

Quartiles quartilesOf(std::vector<double> values) {
    Quartiles q;
    q.count = static_cast<int>(values.size());
    if (values.empty()) return q;
    std::sort(values.begin(), values.end());
    q.min = values.front();
    q.q1 = quantileOfSorted(values, 0.25);
    q.median = quantileOfSorted(values, 0.5);
    q.q3 = quantileOfSorted(values, 0.75);
    q.max = values.back();
    return q;
}

RankTest mannWhitney(const std::vector<double>& a, const std::vector<double>& b) {
    RankTest t;
    const double n1 = static_cast<double>(a.size()), n2 = static_cast<double>(b.size());
    if (a.empty() || b.empty()) return t;
    // Every value with its side, ranked together; ties share their mean rank.
    std::vector<std::pair<double, bool>> all; // value, from B
    all.reserve(a.size() + b.size());
    for (double v : a) all.push_back({v, false});
    for (double v : b) all.push_back({v, true});
    std::sort(all.begin(), all.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    double rankSumB = 0, tieTerm = 0;
    for (std::size_t i = 0; i < all.size();) {
        std::size_t j = i;
        while (j < all.size() && all[j].first == all[i].first) ++j;
        const double tied = static_cast<double>(j - i), meanRank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
        for (std::size_t k = i; k < j; ++k)
            if (all[k].second) rankSumB += meanRank;
        tieTerm += tied * tied * tied - tied;
        i = j;
    }
    t.u = rankSumB - n2 * (n2 + 1) / 2;
    const double mean = n1 * n2 / 2, n = n1 + n2;
    const double variance = n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)));
    t.effect = 2 * t.u / (n1 * n2) - 1;
    if (variance <= 0) return t; // every value the same: no evidence either way
    // Continuity-corrected normal approximation, two-sided.
    const double z = (std::abs(t.u - mean) - 0.5) / std::sqrt(variance);
    t.p = std::min(1.0, std::erfc(std::max(0.0, z) / std::sqrt(2.0)));
    return t;
}

std::vector<double> holmAdjusted(const std::vector<double>& p) {
    std::vector<std::size_t> order(p.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return p[x] < p[y]; });
    std::vector<double> adjusted(p.size());
    double running = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        running = std::max(running, std::min(1.0, static_cast<double>(p.size() - k) * p[order[k]]));
        adjusted[order[k]] = running;
    }
    return adjusted;
}

Comparison compareResults(const std::vector<SeedResult>& a, const std::vector<SeedResult>& b) {
    Comparison c;
    // Paired by seed: a seed made on one side only is left out of both.
    std::map<std::uint64_t, const SeedResult*> bySeedA;
    for (const SeedResult& r : a) bySeedA[r.seed] = &r;
    std::vector<const SeedResult*> madeA, madeB;
    for (const SeedResult& r : b) {
        const auto found = bySeedA.find(r.seed);
        if (found == bySeedA.end()) continue;
        ++c.seeds;
        c.failedA += !found->second->error.empty();
        c.failedB += !r.error.empty();
        if (found->second->error.empty() && r.error.empty()) {
            madeA.push_back(found->second);
            madeB.push_back(&r);
        }
    }
    for (std::size_t m = 0; m < metricCatalog().size(); ++m) {
        const std::vector<double> va = valuesOf(madeA, m), vb = valuesOf(madeB, m);
        if (va.size() < 2 || vb.size() < 2) continue;
        MetricComparison mc;
        mc.metric = m;
        mc.a = quartilesOf(va);
        mc.b = quartilesOf(vb);
        mc.medianDifference = mc.b.median - mc.a.median;
        std::tie(mc.differenceLow, mc.differenceHigh) = bootstrapInterval(va, vb, m);
        const RankTest t = mannWhitney(va, vb);
        mc.u = t.u;
        mc.p = t.p;
        mc.effect = t.effect;
        c.metrics.push_back(mc);
    }
    std::vector<double> p;
    for (const MetricComparison& mc : c.metrics) p.push_back(mc.p);
    const std::vector<double> adjusted = holmAdjusted(p);
    for (std::size_t i = 0; i < c.metrics.size(); ++i) {
        c.metrics[i].adjustedP = adjusted[i];
        c.metrics[i].significant = adjusted[i] < kSignificance;
    }
    return c;
}

namespace {

nlohmann::ordered_json quartilesJson(const Quartiles& q) {
    return {{"count", q.count}, {"min", q.min}, {"q1", q.q1}, {"median", q.median}, {"q3", q.q3}, {"max", q.max}};
}

// A figure in the report: three significant digits unless told.
std::string significant(double v, int digits = 3) { return numberText(v, digits); }

// One metric's two box plots on one scale, `width` pixels wide.
std::string boxPlots(const MetricComparison& mc, int width) {
    const double lo = std::min(mc.a.min, mc.b.min), hi = std::max(mc.a.max, mc.b.max);
    const double span = hi > lo ? hi - lo : 1;
    auto x = [&](double v) { return numberText(4 + (v - lo) / span * (width - 8), 5); };
    std::string svg = "<svg width=\"" + std::to_string(width) + "\" height=\"44\" role=\"img\">";
    auto box = [&](const Quartiles& q, int y, const char* colour) {
        svg += "<line x1=\"" + x(q.min) + "\" x2=\"" + x(q.max) + "\" y1=\"" + std::to_string(y + 8) + "\" y2=\"" + std::to_string(y + 8) +
               "\" stroke=\"#666\"/>";
        svg += "<rect x=\"" + x(q.q1) + "\" y=\"" + std::to_string(y + 2) + "\" width=\"" + numberText(std::max(1.0, (q.q3 - q.q1) / span * (width - 8)), 5) +
               "\" height=\"12\" fill=\"" + colour + "\" stroke=\"#333\"/>";
        svg += "<line x1=\"" + x(q.median) + "\" x2=\"" + x(q.median) + "\" y1=\"" + std::to_string(y + 1) + "\" y2=\"" + std::to_string(y + 15) +
               "\" stroke=\"#000\" stroke-width=\"2\"/>";
    };
    box(mc.a, 2, "#9ecae1");
    box(mc.b, 24, "#fdae6b");
    return svg + "</svg>";
}

} // namespace

nlohmann::ordered_json comparisonToJson(const Comparison& c, const std::string& nameA, const std::string& nameB) {
    nlohmann::ordered_json metrics = nlohmann::ordered_json::array();
    for (const MetricComparison& mc : c.metrics)
        metrics.push_back({{"metric", metricCatalog()[mc.metric].id},
                           {"a", quartilesJson(mc.a)},
                           {"b", quartilesJson(mc.b)},
                           {"median_difference", mc.medianDifference},
                           {"difference_interval_95", {mc.differenceLow, mc.differenceHigh}},
                           {"mann_whitney_u", mc.u},
                           {"p", mc.p},
                           {"p_holm", mc.adjustedP},
                           {"effect_size", mc.effect},
                           {"significant", mc.significant}});
    return {{"a", nameA},
            {"b", nameB},
            {"seeds", c.seeds},
            {"failed", {{"a", c.failedA}, {"b", c.failedB}}},
            {"significance", kSignificance},
            {"correction", "holm"},
            {"metrics", metrics}};
}

std::string comparisonHtml(const Comparison& c, const std::string& nameA, const std::string& nameB) {
    const auto esc = [](const std::string& text) { return xmlEscape(text); };
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>" + esc(nameA) + " vs " + esc(nameB) +
                       "</title>\n<style>body{font:14px sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:4px 8px;border-bottom:1px solid "
                       "#ddd;text-align:right}td:first-child,th:first-child{text-align:left}.sig{background:#fff3c4}.a{color:#3182bd}.b{color:#e6550d}"
                       "</style></head><body>\n";
    html += "<h1>Comparing <span class=\"a\">A: " + esc(nameA) + "</span> with <span class=\"b\">B: " + esc(nameB) + "</span></h1>\n";
    html += "<p>" + std::to_string(c.seeds) + " seeds, each made by both";
    if (c.failedA + c.failedB > 0) html += " (" + std::to_string(c.failedA) + " failed in A, " + std::to_string(c.failedB) + " in B)";
    html += ". Each row: both distributions (box: the middle half, bar: the median, whiskers: min to max), the difference of the medians B &minus; A "
            "with its 95% bootstrap interval, and a Mann&ndash;Whitney U test. Highlighted rows differ at p &lt; 0.05 after Holm's correction for " +
            std::to_string(c.metrics.size()) + " metrics.</p>\n";
    html += "<table><tr><th>metric</th><th>A median</th><th>B median</th><th>B &minus; A [95%]</th><th>effect</th><th>p (Holm)</th><th>A / B</th></tr>\n";
    for (const MetricComparison& mc : c.metrics) {
        const MetricInfo& info = metricCatalog()[mc.metric];
        html += std::string("<tr") + (mc.significant ? " class=\"sig\"" : "") + "><td title=\"" + esc(info.definition) + "\">" + esc(info.name) +
                "</td><td>" + significant(mc.a.median) + "</td><td>" + significant(mc.b.median) + "</td><td>" + significant(mc.medianDifference) + " [" +
                significant(mc.differenceLow) + ", " + significant(mc.differenceHigh) + "]</td><td>" + significant(mc.effect, 2) + "</td><td>" + significant(mc.adjustedP, 2) +
                "</td><td>" + boxPlots(mc, 240) + "</td></tr>\n";
    }
    return html + "</table></body></html>\n";
}

} // namespace burrow
