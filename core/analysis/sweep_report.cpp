#include "analysis/sweep_report.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

#include "content/metric_catalog.h"
#include "export/tiled_export.h"
#include "io/diagnostic.h"

namespace burrow {

SweepPoint sweepPoint(std::vector<std::size_t> at, std::string projectHash, const std::vector<SeedResult>& results) {
    SweepPoint point{std::move(at), std::move(projectHash), 0, {}};
    point.metrics.resize(metricCatalog().size());
    for (std::size_t m = 0; m < metricCatalog().size(); ++m) {
        std::vector<double> values;
        for (const SeedResult& r : results)
            if (r.error.empty() && m < r.values.size() && !std::isnan(r.values[m])) values.push_back(r.values[m]);
        point.metrics[m] = quartilesOf(std::move(values));
    }
    for (const SeedResult& r : results) point.failed += !r.error.empty();
    return point;
}

nlohmann::ordered_json sweepToJson(const Sweep& sweep, const std::string& projectName) {
    nlohmann::ordered_json parameters = nlohmann::ordered_json::array();
    for (const SweptParameter& p : sweep.parameters) parameters.push_back({{"name", p.name}, {"values", p.values}});
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const SweepPoint& point : sweep.points) {
        nlohmann::ordered_json values = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < point.at.size(); ++i) values.push_back(sweep.parameters[i].values[point.at[i]]);
        nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
        for (std::size_t m = 0; m < point.metrics.size(); ++m) {
            const Quartiles& q = point.metrics[m];
            if (q.count == 0) continue;
            metrics[metricCatalog()[m].id] = {{"count", q.count}, {"min", q.min}, {"q1", q.q1}, {"median", q.median}, {"q3", q.q3}, {"max", q.max}};
        }
        points.push_back({{"values", values}, {"project_hash", point.projectHash}, {"failed", point.failed}, {"metrics", metrics}});
    }
    return {{"project", projectName}, {"seeds", {sweep.firstSeed, sweep.lastSeed}}, {"parameters", parameters}, {"points", points}};
}

namespace {

constexpr int kChartWidth = 360, kChartHeight = 140, kMargin = 30;

std::string esc(const std::string& text) { return xmlEscape(text); }
std::string num(double v) { return numberText(v, 4); }
std::string px(double v) { return numberText(v, 6); }

// The lowest `low` and highest `high` of a metric over the points that measured it;
// {inf, -inf} when none did.
std::pair<double, double> metricRange(const Sweep& sweep, std::size_t metric, double Quartiles::*low, double Quartiles::*high) {
    double lo = INFINITY, hi = -INFINITY;
    for (const SweepPoint& p : sweep.points)
        if (p.metrics[metric].count > 0) {
            lo = std::min(lo, p.metrics[metric].*low);
            hi = std::max(hi, p.metrics[metric].*high);
        }
    return {lo, hi};
}

// One metric over one parameter: the min-max range faint, the middle half as a band,
// the median as a line with its points.
std::string bandChart(const Sweep& sweep, std::size_t metric) {
    const std::vector<double>& xs = sweep.parameters[0].values;
    // Plain variables, not a structured binding: the lambdas below capture them (clang 14).
    double lo = 0, hi = 0;
    std::tie(lo, hi) = metricRange(sweep, metric, &Quartiles::min, &Quartiles::max);
    if (!(lo <= hi)) return "<p>not measured</p>";
    if (hi == lo) hi = lo + 1;
    const double x0 = xs.front(), x1 = xs.size() > 1 ? xs.back() : xs.front() + 1;
    auto X = [&](double v) { return px(kMargin + (v - x0) / (x1 - x0) * (kChartWidth - 2 * kMargin)); };
    auto Y = [&](double v) { return px(kChartHeight - 20 - (v - lo) / (hi - lo) * (kChartHeight - 30)); };
    auto polygon = [&](auto upper, auto lower, const char* fill) {
        std::string points;
        for (const SweepPoint& p : sweep.points) points += X(xs[p.at[0]]) + "," + Y(upper(p.metrics[metric])) + " ";
        for (auto it = sweep.points.rbegin(); it != sweep.points.rend(); ++it) points += X(xs[it->at[0]]) + "," + Y(lower(it->metrics[metric])) + " ";
        return "<polygon points=\"" + points + "\" fill=\"" + fill + "\"/>";
    };
    std::string svg = "<svg width=\"" + std::to_string(kChartWidth) + "\" height=\"" + std::to_string(kChartHeight) + "\" role=\"img\">";
    svg += polygon([](const Quartiles& q) { return q.max; }, [](const Quartiles& q) { return q.min; }, "#eef3fa");
    svg += polygon([](const Quartiles& q) { return q.q3; }, [](const Quartiles& q) { return q.q1; }, "#9ecae1");
    std::string line;
    for (const SweepPoint& p : sweep.points) line += X(xs[p.at[0]]) + "," + Y(p.metrics[metric].median) + " ";
    svg += "<polyline points=\"" + line + "\" fill=\"none\" stroke=\"#08519c\" stroke-width=\"2\"/>";
    svg += "<text x=\"2\" y=\"12\" font-size=\"10\">" + num(hi) + "</text><text x=\"2\" y=\"" + std::to_string(kChartHeight - 22) + "\" font-size=\"10\">" +
           num(lo) + "</text>";
    for (double x : xs)
        svg += "<text x=\"" + X(x) + "\" y=\"" + std::to_string(kChartHeight - 4) + "\" font-size=\"10\" text-anchor=\"middle\">" + num(x) + "</text>";
    return svg + "</svg>";
}

// One metric over two parameters: each cell the median, darker for higher.
std::string heatmap(const Sweep& sweep, std::size_t metric) {
    const std::vector<double>& xs = sweep.parameters[1].values;
    const std::vector<double>& ys = sweep.parameters[0].values;
    double lo = 0, hi = 0;
    std::tie(lo, hi) = metricRange(sweep, metric, &Quartiles::median, &Quartiles::median);
    if (!(lo <= hi)) return "<p>not measured</p>";
    const int cell = 44;
    const int width = kMargin * 2 + cell * static_cast<int>(xs.size()), height = 20 + cell * static_cast<int>(ys.size());
    std::string svg = "<svg width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) + "\" role=\"img\">";
    for (const SweepPoint& p : sweep.points) {
        const Quartiles& q = p.metrics[metric];
        const double t = q.count == 0 || hi == lo ? 0 : (q.median - lo) / (hi - lo);
        const int shade = static_cast<int>(std::lround(235 - t * 180));
        const int x = kMargin * 2 + static_cast<int>(p.at[1]) * cell, y = static_cast<int>(p.at[0]) * cell;
        svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(cell - 1) + "\" height=\"" +
               std::to_string(cell - 1) + "\" fill=\"rgb(" + std::to_string(shade) + "," + std::to_string(shade) + ",255)\"/>";
        svg += "<text x=\"" + std::to_string(x + cell / 2) + "\" y=\"" + std::to_string(y + cell / 2 + 4) +
               "\" font-size=\"10\" text-anchor=\"middle\">" + (q.count ? num(q.median) : std::string("-")) + "</text>";
    }
    for (std::size_t i = 0; i < ys.size(); ++i)
        svg += "<text x=\"2\" y=\"" + std::to_string(static_cast<int>(i) * cell + cell / 2 + 4) + "\" font-size=\"10\">" + num(ys[i]) + "</text>";
    for (std::size_t i = 0; i < xs.size(); ++i)
        svg += "<text x=\"" + std::to_string(kMargin * 2 + static_cast<int>(i) * cell + cell / 2) + "\" y=\"" + std::to_string(height - 4) +
               "\" font-size=\"10\" text-anchor=\"middle\">" + num(xs[i]) + "</text>";
    return svg + "</svg>";
}

} // namespace

std::string sweepHtml(const Sweep& sweep, const std::string& projectName) {
    std::string names;
    for (const SweptParameter& p : sweep.parameters) names += (names.empty() ? "" : " and ") + esc(p.name);
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>" + esc(projectName) + ": sweeping " + names +
                       "</title>\n<style>body{font:14px sans-serif;margin:2em}.metric{display:inline-block;margin:0 2em 2em 0;vertical-align:top}"
                       "h3{font-size:14px;margin:0 0 4px}</style></head><body>\n";
    html += "<h1>" + esc(projectName) + ": how " + names + " move the metrics</h1>\n<p>Seeds " + std::to_string(sweep.firstSeed) + " to " +
            std::to_string(sweep.lastSeed) + " at each of " + std::to_string(sweep.points.size()) + " points. ";
    html += sweep.parameters.size() == 1 ? "Each chart: the median (line), the middle half of the seeds (band) and their range (faint), over " + names + "."
                                         : "Each heatmap: the median over the seeds, " + esc(sweep.parameters[0].name) + " down, " +
                                               esc(sweep.parameters[1].name) + " across; darker is higher.";
    html += "</p>\n";
    for (std::size_t m = 0; m < metricCatalog().size(); ++m) {
        const bool measured = std::any_of(sweep.points.begin(), sweep.points.end(), [&](const SweepPoint& p) { return p.metrics[m].count > 0; });
        if (!measured) continue;
        const MetricInfo& info = metricCatalog()[m];
        html += "<div class=\"metric\"><h3 title=\"" + esc(info.definition) + "\">" + esc(info.name) + " (" + esc(info.id) + ")</h3>" +
                (sweep.parameters.size() == 1 ? bandChart(sweep, m) : heatmap(sweep, m)) + "</div>\n";
    }
    return html + "</body></html>\n";
}

} // namespace burrow
