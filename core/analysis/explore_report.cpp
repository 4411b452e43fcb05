#include "analysis/explore_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "analysis/measure.h"
#include "export/tiled_export.h"

namespace burrow {
namespace {

constexpr std::uint32_t kGutter = 0x18181c;

// Names and rules are the designer's text: escaped as XML (HTML reads it the same).
std::string escape(std::string_view text) { return xmlEscape(std::string(text)); }

// A value for reading: shares as percentages, others to four significant digits
// (the exact value, as in the JSON, is in the cell's data-value).
std::string shown(const MetricInfo& info, const nlohmann::ordered_json& value) {
    if (!value.is_number()) return "none";
    char text[40];
    if (info.unit == "share") std::snprintf(text, sizeof text, "%.2f%%", value.get<double>() * 100);
    else std::snprintf(text, sizeof text, "%.4g", value.get<double>());
    return text;
}

std::string fixed(double v, const char* format = "%.4g") {
    char text[40];
    std::snprintf(text, sizeof text, format, v);
    return text;
}

// Bars of a histogram, with the counts in data attributes.
std::string histogramSvg(const Histogram& h, const std::string& unit) {
    const int width = 320, height = 90, n = static_cast<int>(h.counts.size());
    const int most = std::max(1, *std::max_element(h.counts.begin(), h.counts.end()));
    std::string svg = "<svg class=\"histogram\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
                      std::to_string(height + 16) + "\" role=\"img\">";
    const double bar = double(width) / n;
    for (int i = 0; i < n; ++i) {
        const int count = h.counts[static_cast<std::size_t>(i)];
        const double barHeight = double(height) * count / most;
        const double lo = h.lo + (h.hi - h.lo) * i / n, hi = h.whole ? lo : h.lo + (h.hi - h.lo) * (i + 1) / n;
        svg += "<rect x=\"" + fixed(i * bar, "%.2f") + "\" y=\"" + fixed(height - barHeight, "%.2f") + "\" width=\"" + fixed(std::max(1.0, bar - 1), "%.2f") +
               "\" height=\"" + fixed(barHeight, "%.2f") + "\" data-count=\"" + std::to_string(count) + "\"><title>" + fixed(lo) +
               (h.whole ? std::string() : " to " + fixed(hi)) + " " + escape(unit) + ": " + std::to_string(count) + " seeds</title></rect>";
    }
    svg += "<text x=\"0\" y=\"" + std::to_string(height + 13) + "\">" + fixed(h.lo) + "</text><text x=\"" + std::to_string(width) + "\" y=\"" +
           std::to_string(height + 13) + "\" text-anchor=\"end\">" + fixed(h.whole ? h.hi - 1 : h.hi) + "</text></svg>";
    return svg;
}

// A 2D histogram: darker cells hold more seeds. The plot keeps its size whatever the
// bins (a metric every seed agrees on is one bin, drawn full height).
std::string pairSvg(const PairSummary& p) {
    const auto& catalog = metricCatalog();
    const int cols = static_cast<int>(p.xBins.counts.size()), rows = static_cast<int>(p.yBins.counts.size());
    constexpr double plot = 280;
    constexpr int left = 48, bottom = 34;
    const double cw = plot / cols, ch = plot / rows;
    const int width = left + static_cast<int>(plot) + 8, height = static_cast<int>(plot) + bottom;
    const int most = std::max(1, *std::max_element(p.counts.begin(), p.counts.end()));
    std::string svg = "<svg class=\"pair\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" + std::to_string(height) +
                      "\" role=\"img\">";
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < cols; ++x) {
            const int count = p.counts[static_cast<std::size_t>(y * cols + x)];
            const int shade = count == 0 ? 245 : 225 - 200 * count / most;
            char colour[16];
            std::snprintf(colour, sizeof colour, "#%02x%02x%02x", shade, shade, 255);
            // Higher values upwards.
            svg += "<rect x=\"" + fixed(left + x * cw, "%.2f") + "\" y=\"" + fixed((rows - 1 - y) * ch, "%.2f") + "\" width=\"" + fixed(cw, "%.2f") +
                   "\" height=\"" + fixed(ch, "%.2f") + "\" fill=\"" + colour + "\" data-count=\"" + std::to_string(count) + "\"><title>" +
                   std::to_string(count) + " seeds</title></rect>";
        }
    const int base = static_cast<int>(plot);
    svg += "<text x=\"" + std::to_string(left) + "\" y=\"" + std::to_string(base + 14) + "\">" + fixed(p.xBins.lo) + "</text>";
    svg += "<text x=\"" + std::to_string(left + base) + "\" y=\"" + std::to_string(base + 14) + "\" text-anchor=\"end\">" +
           fixed(p.xBins.whole ? p.xBins.hi - 1 : p.xBins.hi) + "</text>";
    svg += "<text x=\"" + std::to_string(left + base / 2) + "\" y=\"" + std::to_string(base + 30) + "\" text-anchor=\"middle\">" + escape(catalog[p.x].name) +
           "</text>";
    svg += "<text x=\"" + std::to_string(left - 4) + "\" y=\"12\" text-anchor=\"end\">" + fixed(p.yBins.whole ? p.yBins.hi - 1 : p.yBins.hi) + "</text>";
    if (rows > 1) svg += "<text x=\"" + std::to_string(left - 4) + "\" y=\"" + std::to_string(base) + "\" text-anchor=\"end\">" + fixed(p.yBins.lo) + "</text>";
    svg += "<text transform=\"rotate(-90)\" x=\"" + std::to_string(-base / 2) + "\" y=\"12\" text-anchor=\"middle\">" + escape(catalog[p.y].name) +
           "</text></svg>";
    return svg;
}

std::string thumbnailImg(const ExploreReport& report, std::uint64_t seed, const char* label) {
    const auto it = report.thumbnails.find(seed);
    if (it == report.thumbnails.end()) return "";
    return "<figure><img alt=\"seed " + std::to_string(seed) + "\" src=\"data:image/png;base64," + base64(encodePng(it->second)) + "\"/><figcaption>" +
           label + ": seed " + std::to_string(seed) + "</figcaption></figure>";
}

} // namespace

std::string base64(std::string_view bytes) {
    static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t a = static_cast<std::uint8_t>(bytes[i]);
        const std::uint32_t b = i + 1 < bytes.size() ? static_cast<std::uint8_t>(bytes[i + 1]) : 0;
        const std::uint32_t c = i + 2 < bytes.size() ? static_cast<std::uint8_t>(bytes[i + 2]) : 0;
        const std::uint32_t triple = (a << 16) | (b << 8) | c;
        out += kDigits[(triple >> 18) & 63];
        out += kDigits[(triple >> 12) & 63];
        out += i + 1 < bytes.size() ? kDigits[(triple >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? kDigits[triple & 63] : '=';
    }
    return out;
}

std::vector<std::uint64_t> reportSeeds(const SeedsSummary& summary) {
    std::set<std::uint64_t> seeds;
    for (const MetricSummary& m : summary.metrics)
        if (m.min != m.max) seeds.insert({m.minSeed, m.medianSeed, m.maxSeed});
    return {seeds.begin(), seeds.end()};
}

RgbImage levelThumbnail(const Level& level, int maxWidth, const LevelEvidence* evidence) {
    // Depths in a grid (up to three across), so deep levels keep a readable shape.
    constexpr int gutter = 2;
    const int depths = level.depthCount(), across = std::min(depths, 3), down = (depths + across - 1) / across;
    const int fullW = across * level.width() + (across - 1) * gutter, fullH = down * level.height() + (down - 1) * gutter;
    // Whole pixels a cell for small levels; for large ones every k-th cell (nearest),
    // so a 4096-wide level costs its thumbnail's size, not its own.
    const double step = fullW <= maxWidth ? 1.0 / std::min(8, std::max(1, maxWidth / fullW)) : double(fullW) / maxWidth;
    const int width = std::max(1, static_cast<int>(fullW / step)), height = std::max(1, static_cast<int>(fullH / step));
    RgbImage small(width, height, kGutter);
    for (int y = 0; y < height; ++y) {
        const int fy = static_cast<int>(y * step);
        const int row = fy / (level.height() + gutter), cy = fy % (level.height() + gutter);
        if (cy >= level.height()) continue;
        for (int x = 0; x < width; ++x) {
            const int fx = static_cast<int>(x * step);
            const int column = fx / (level.width() + gutter), cx = fx % (level.width() + gutter);
            const int z = row * across + column;
            if (cx >= level.width() || z >= depths) continue;
            const Evidence e = evidence ? evidence->at(cx, cy, z) : Evidence::None;
            small.set(x, y, e != Evidence::None ? evidenceColour(e) : level.kinds[level.at(cx, cy, z)].background);
        }
    }
    return small;
}

RgbImage thumbnailSheet(const std::map<std::uint64_t, RgbImage>& thumbnails, int columns) {
    if (thumbnails.empty()) return RgbImage(1, 1, kGutter);
    constexpr int gutter = 6;
    int cellW = 0, cellH = 0;
    for (const auto& [seed, image] : thumbnails) {
        cellW = std::max(cellW, image.width);
        cellH = std::max(cellH, image.height);
    }
    const int n = static_cast<int>(thumbnails.size()), cols = std::min(columns, n), rows = (n + cols - 1) / cols;
    RgbImage sheet(cols * (cellW + gutter) + gutter, rows * (cellH + gutter) + gutter, kGutter);
    int i = 0;
    for (const auto& [seed, image] : thumbnails) {
        const int ox = gutter + (i % cols) * (cellW + gutter), oy = gutter + (i / cols) * (cellH + gutter);
        for (int y = 0; y < image.height; ++y)
            for (int x = 0; x < image.width; ++x) sheet.set(ox + x, oy + y, image.get(x, y));
        ++i;
    }
    return sheet;
}

nlohmann::ordered_json exploreSummaryJson(const ExploreReport& report) {
    nlohmann::ordered_json doc = {{"project", report.projectName}, {"project_hash", report.projectHash}};
    if (!report.rules.empty()) doc["acceptance_rules"] = report.rules;
    doc.update(seedsSummaryToJson(report.summary));
    doc["pictured_seeds"] = reportSeeds(report.summary);
    return doc;
}

std::string exploreReportHtml(const ExploreReport& report) {
    const auto& catalog = metricCatalog();
    const nlohmann::ordered_json summaryJson = seedsSummaryToJson(report.summary);
    const SeedsSummary& s = report.summary;
    std::string html =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>" + escape(report.projectName) +
        " — expressive range</title><style>"
        "body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;margin:24px;color:#222;background:#fafafa}"
        "h1{font-size:22px}h2{font-size:17px;margin:0 0 4px}section.metric{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px;margin:12px 0;"
        "display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}.facts{min-width:260px;max-width:340px}.facts p{margin:4px 0;font-size:13px;color:#555}"
        "table{border-collapse:collapse;font-size:13px}td,th{padding:2px 8px;text-align:right}th{text-align:left;font-weight:normal;color:#555}"
        "svg text{font-size:11px;fill:#444}svg.histogram rect{fill:#4363d8}figure{margin:0;font-size:12px;color:#555}"
        "figure img{display:block;image-rendering:pixelated;max-width:360px;border:1px solid #ccc}.pictures{display:flex;gap:10px;flex-wrap:wrap}"
        "</style></head><body>\n";
    html += "<h1>" + escape(report.projectName) + "</h1>\n<p id=\"overview\" data-seeds=\"" + std::to_string(s.seeds) + "\" data-failed=\"" +
            std::to_string(s.failed) + "\">" + std::to_string(s.seeds) + " seeds";
    if (s.failed) html += ", " + std::to_string(s.failed) + " could not be made";
    if (s.accepted) html += ", <span id=\"accepted\" data-accepted=\"" + std::to_string(*s.accepted) + "\">" + std::to_string(*s.accepted) + " pass the acceptance rules</span>";
    html += " · project hash " + escape(report.projectHash) + "</p>\n";
    html += "<p>On each picture: <span style=\"color:#c9a000\">the longest walk from the start</span> (yellow), "
            "<span style=\"color:#ff7a1a\">dead ends</span> (orange), <span style=\"color:#e0243a\">walkable cells the start cannot "
            "reach</span> (red): what makes a seed extreme, where it happens.</p>\n";
    if (!report.rules.empty()) {
        html += "<p>Acceptance rules:</p><ul>";
        for (const std::string& r : report.rules) html += "<li><code>" + escape(r) + "</code></li>";
        html += "</ul>\n";
    }
    if (!s.pairs.empty()) {
        html += "<h2>Expressive range</h2><div class=\"pictures\">";
        for (const PairSummary& p : s.pairs)
            html += "<figure data-pair=\"" + catalog[p.x].id + "," + catalog[p.y].id + "\">" + pairSvg(p) + "<figcaption>" + escape(catalog[p.x].name) +
                    " against " + escape(catalog[p.y].name) + "</figcaption></figure>";
        html += "</div>\n";
    }
    for (const MetricSummary& m : s.metrics) {
        const MetricInfo& info = catalog[m.metric];
        const auto& values = summaryJson["metrics"][info.id];
        html += "<section class=\"metric\" id=\"" + info.id + "\"><div class=\"facts\"><h2>" + escape(info.name) + " <small><code>" + info.id +
                "</code></small></h2><p>" + escape(info.definition) + "</p><table>";
        for (const char* key : {"min", "median", "max", "mean"})
            html += "<tr><th>" + std::string(key) + "</th><td data-key=\"" + key + "\" data-value=\"" + values[key].dump() + "\">" + shown(info, values[key]) +
                    "</td></tr>";
        html += "<tr><th>seeds</th><td>" + std::to_string(m.count) + "</td></tr></table></div>";
        // A metric with one value over every seed has no range to draw.
        if (m.min == m.max) html += "<p class=\"same\">" + shown(info, values["min"]) + " for every seed</p></section>\n";
        else
            html += histogramSvg(m.histogram, info.unit) + "<div class=\"pictures\">" + thumbnailImg(report, m.minSeed, "min") +
                    thumbnailImg(report, m.medianSeed, "median") + thumbnailImg(report, m.maxSeed, "max") + "</div></section>\n";
    }
    html += "</body></html>\n";
    return html;
}

} // namespace burrow
