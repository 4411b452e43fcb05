#pragma once
// What `burrow explore` writes about many seeds of a recipe: the summary as JSON,
// a self-contained HTML report (inline SVG histograms and 2D histograms of metric
// pairs, thumbnails as data URIs: no network, no scripts) and a contact sheet of the
// seeds it shows. Functions of the results sorted by seed and of the thumbnails, so
// a run split into shards and merged writes the same bytes as one run.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/level_evidence.h"
#include "analysis/seed_summary.h"
#include "export/png.h"
#include "model/level.h"

namespace burrow {

struct ExploreReport {
    std::string projectName;
    std::string projectHash;
    std::vector<std::string> rules;         // the acceptance rules in words, when judged by them
    SeedsSummary summary;
    std::map<std::uint64_t, RgbImage> thumbnails; // by seed: the typical and extreme seeds
};

// The seeds whose pictures the report shows: each varying metric's min, median and max seed.
std::vector<std::uint64_t> reportSeeds(const SeedsSummary& summary);
// A level small enough for a report: its depths in a grid, at most `maxWidth` px wide;
// with `evidence`, the cells it marks in its colours (the longest walk, dead ends,
// what the start cannot reach) over the tiles.
RgbImage levelThumbnail(const Level& level, int maxWidth = 360, const LevelEvidence* evidence = nullptr);
// The thumbnails in seed order, in rows, with dark gutters.
RgbImage thumbnailSheet(const std::map<std::uint64_t, RgbImage>& thumbnails, int columns = 6);

nlohmann::ordered_json exploreSummaryJson(const ExploreReport& report);
// Well-formed (it parses as XML too), so tests read its numbers back.
std::string exploreReportHtml(const ExploreReport& report);

std::string base64(std::string_view bytes);

} // namespace burrow
