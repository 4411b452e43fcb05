#include "cli/explore_command.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <ostream>
#include <set>
#include <sstream>
#include <unistd.h>

#include "analysis/acceptance.h"
#include "analysis/explore_parts.h"
#include "analysis/explore_report.h"
#include "cli/arguments.h"
#include "cli/project_input.h"
#include "cli/interrupt.h"
#include "cli/memory_budget.h"
#include "cli/parallel.h"
#include "cli/seed_range.h"
#include "io/file_io.h"
#include "io/file_transaction.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "project/project.h"
#include "io/json_checker.h"

namespace burrow::cli {
namespace fs = std::filesystem;

namespace {

const char* kExploreHelp =
    "usage: burrow explore PROJECT --seeds A..B [--jobs J] [--shard K/N] [--pair A,B]... [--accept] [--bot]\n"
    "                      [--memory GIB] [--out DIR]\n"
    "       burrow explore PROJECT --merge PART.jsonl... [--verify K] [--pair A,B]... [--out DIR]\n"
    "\n"
    "Makes every seed's level and measures it (`burrow metrics`), then writes into DIR\n"
    "(default: the current folder):\n"
    "  seeds.jsonl        one line a seed: attempt, level seed, level hash, metrics\n"
    "  summary.json       per metric: min, median, max, mean, a histogram and the seeds\n"
    "                     at the extremes; 2D histograms of the --pair metrics\n"
    "  report.html        the same as a page to look at (inline SVG, no network), with\n"
    "                     pictures of each metric's min, median and max seed\n"
    "  contact-sheet.png  those pictures side by side\n"
    "  --seeds A..B   the seeds (at most 1,000,000)\n"
    "  --jobs J       threads (default: every core; fewer when they would not fit in --memory)\n"
    "  --shard K/N    only every N-th seed of the range, starting with the K-th (1-based),\n"
    "                 written as DIR/part-K-of-N.jsonl for --merge (one machine of N)\n"
    "  --merge        PART files (of any shards, in any order) in place of --seeds: writes\n"
    "                 the same four files a single run over all their seeds writes; the\n"
    "                 parts must be every shard of one run of this project, each seed once\n"
    "  --verify K     with --merge: make K of the parts' seeds again (spread over the\n"
    "                 range) and check each row says what they are (default 0)\n"
    "  --pair A,B     a 2D histogram of metric A against metric B (repeatable; default\n"
    "                 floor_share,longest_path)\n"
    "  --accept       judge each seed by the project's acceptance rules, keeping the first\n"
    "                 attempt that passes (as `generate --accept`)\n"
    "  --bot          also the bot's metrics (5 games a level: slower)\n"
    "Progress goes to stderr when it is a terminal. Ctrl+C stops starting seeds and writes\n"
    "what is done.\n";

struct Shard {
    std::uint64_t index = 0, count = 1; // index 0-based
};

Shard parseShard(const std::string& text) {
    const auto slash = text.find('/');
    try {
        if (slash != std::string::npos) {
            std::size_t used = 0;
            const unsigned long long k = std::stoull(text.substr(0, slash), &used);
            if (used == slash) {
                const std::string rest = text.substr(slash + 1);
                const unsigned long long n = std::stoull(rest, &used);
                if (used == rest.size() && n >= 1 && n <= 100000 && k >= 1 && k <= n) return {k - 1, n};
            }
        }
    } catch (const std::exception&) {
    }
    throw UsageError("--shard needs K/N with 1 <= K <= N <= 100000, such as 2/8");
}

std::vector<std::pair<std::size_t, std::size_t>> parsePairs(const Arguments& a) {
    std::vector<std::string> texts = a.values("pair");
    if (texts.empty()) texts = {"floor_share,longest_path"};
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (const std::string& t : texts) {
        const auto comma = t.find(',');
        const auto x = comma == std::string::npos ? std::nullopt : metricIndex(t.substr(0, comma));
        const auto y = comma == std::string::npos ? std::nullopt : metricIndex(t.substr(comma + 1));
        if (!x || !y) throw UsageError("--pair needs two metric ids, such as floor_share,longest_path (known: " + metricIds() + ")");
        pairs.push_back({*x, *y});
    }
    return pairs;
}

// --verify K: K rows spread evenly over the parts, made again and compared: levels
// are deterministic, so a row that differs was changed after it was written.
void verifyRows(const Project& project, const ExploreParts& parts, int count, int jobs) {
    const std::size_t n = parts.rows.size();
    const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(count), n);
    std::vector<std::size_t> picked;
    for (std::size_t i = 0; i < k; ++i) picked.push_back(k == 1 ? 0 : i * (n - 1) / (k - 1));
    MeasureOptions options;
    if (parts.manifest.bot) options.upTo = MetricCost::BotGames;
    std::vector<std::string> made(picked.size());
    forEachInParallel(picked.size(), jobs, [&](std::size_t i) {
        const PartRow& row = parts.rows[picked[i]];
        made[i] = seedRowLine(judgeSeed(project, row.result.seed, parts.manifest.accept, options), parts.manifest.projectHash);
    });
    for (std::size_t i = 0; i < picked.size(); ++i) {
        const PartRow& row = parts.rows[picked[i]];
        if (made[i] != seedRowLine(row.result, parts.manifest.projectHash))
            throw FileError(row.file, {{"", "line " + std::to_string(row.line) + ": seed " + std::to_string(row.result.seed) +
                                                ", made again, is not what this row says (level hash, level seed or a metric differs): " +
                                                "the part was changed after it was written"}});
    }
}

// The four files of a whole run. Thumbnails are made again from each pictured
// seed's level seed, so a merge needs only the parts and the project.
void writeReport(const Project& project, const std::vector<SeedResult>& results, const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                 const fs::path& dir, int jobs, std::ostream& out) {
    ExploreReport report;
    report.projectName = project.name;
    report.projectHash = projectHash(project);
    const bool judged = std::any_of(results.begin(), results.end(), [](const SeedResult& r) { return r.accepted.has_value(); });
    if (judged)
        for (const AcceptanceRule& r : project.acceptance.rules) report.rules.push_back(describeRule(r));
    report.summary = summariseSeeds(results, pairs);
    const std::vector<std::uint64_t> pictured = reportSeeds(report.summary);
    std::vector<RgbImage> images(pictured.size());
    forEachInParallel(pictured.size(), jobs, [&](std::size_t i) {
        const auto it = std::lower_bound(results.begin(), results.end(), pictured[i], [](const SeedResult& r, std::uint64_t s) { return r.seed < s; });
        const Level level = makeLevel(project, it->levelSeed).level;
        const LevelEvidence evidence = levelEvidence(level, project.movement);
        images[i] = levelThumbnail(level, 360, &evidence);
    });
    for (std::size_t i = 0; i < pictured.size(); ++i) report.thumbnails[pictured[i]] = std::move(images[i]);
    fs::create_directories(dir);
    // One report (the page shows the sheet and the summary's seeds): a failed write,
    // a full disk say, keeps the old report whole rather than half of each.
    FileTransaction files;
    files.add(dir / "seeds.jsonl", seedRowsText(results, report.projectHash));
    files.add(dir / "summary.json", exploreSummaryJson(report).dump(2) + "\n");
    files.add(dir / "report.html", exploreReportHtml(report));
    files.add(dir / "contact-sheet.png", encodePng(thumbnailSheet(report.thumbnails)));
    files.commit();
    out << "wrote " << (dir / "report.html").string() << ", summary.json, seeds.jsonl and contact-sheet.png (" << results.size() << " seeds)\n";
}

} // namespace

int exploreCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, withOverrideOptions({"seeds", "jobs", "shard", "pair", "out", "memory", "verify"}), {"help", "merge", "accept", "bot"});
    if (a.flag("help")) {
        out << kExploreHelp << kOverrideHelp;
        return 0;
    }
    if (a.positional().empty()) throw UsageError("explore takes a PROJECT file");
    const bool merge = a.flag("merge");
    if (!merge && a.positional().size() != 1) throw UsageError("explore takes one PROJECT file (part files go with --merge)");
    if (merge && a.positional().size() < 2) throw UsageError("--merge needs the PROJECT and at least one part file");
    if (merge && (a.value("seeds") || a.value("shard"))) throw UsageError("--merge reads its seeds from the parts: no --seeds or --shard");
    if (!merge && a.value("verify")) throw UsageError("--verify goes with --merge");
    const Project project = readCommandProject(a.positional()[0], overridesOf(a), err);
    const auto pairs = parsePairs(a);
    const fs::path dir = a.value("out").value_or(".");
    const bool accept = a.flag("accept");
    if (accept && project.acceptance.rules.empty()) throw UsageError("--accept: " + a.positional()[0] + " has no acceptance rules (docs/project-format.md)");
    const int jobsAsked = a.integer("jobs", defaultJobs(), 1, 256);

    if (merge) {
        const ExploreParts parts = readExploreParts({a.positional().begin() + 1, a.positional().end()}, projectHash(project));
        const int jobs = jobsForMemory(a, statsMemory(project), jobsAsked, project, err);
        if (const int verify = a.integer("verify", 0, 0, 1'000'000); verify > 0) {
            verifyRows(project, parts, verify, jobs);
            err << "verified " << std::min<std::size_t>(static_cast<std::size_t>(verify), parts.rows.size()) << " seeds: made again, each is what its row says\n";
        }
        std::vector<SeedResult> results;
        results.reserve(parts.rows.size());
        for (const PartRow& row : parts.rows) results.push_back(row.result);
        writeReport(project, results, pairs, dir, jobs, out);
        return 0;
    }
    const auto range = a.value("seeds");
    if (!range) throw UsageError("explore needs --seeds A..B (or --merge and part files)");
    const SeedRange seeds = parseSeedRange(*range);
    const Shard shard = a.value("shard") ? parseShard(*a.value("shard")) : Shard{};
    std::vector<std::uint64_t> mine;
    for (std::uint64_t i = shard.index; i < seeds.count(); i += shard.count) mine.push_back(seeds.first + i);
    const int jobs = jobsForMemory(a, statsMemory(project), std::max(1, std::min<int>(jobsAsked, static_cast<int>(mine.size()))), project, err);

    MeasureOptions options;
    if (a.flag("bot")) options.upTo = MetricCost::BotGames;
    std::vector<SeedResult> results(mine.size());
    std::vector<char> done(mine.size(), 0);
    std::atomic<std::size_t> finished{0};
    std::mutex progressLock;
    const bool showProgress = isatty(STDERR_FILENO);
    const InterruptWatch interrupt;
    forEachInParallel(mine.size(), jobs, [&](std::size_t i) {
        if (InterruptWatch::requested()) return;
        results[i] = judgeSeed(project, mine[i], accept, options);
        done[i] = 1;
        const std::size_t n = ++finished;
        if (showProgress) {
            const std::lock_guard lock(progressLock);
            err << "\r" << n << " of " << mine.size() << " seeds" << std::flush;
        }
    });
    if (showProgress) err << "\n";
    std::vector<SeedResult> made;
    for (std::size_t i = 0; i < results.size(); ++i)
        if (done[i]) made.push_back(std::move(results[i]));
    for (const SeedResult& r : made)
        if (!r.error.empty()) err << "error: seed " << r.seed << ": " << r.error << "\n";
    const bool stopped = made.size() < mine.size();
    if (stopped) err << "stopped by Ctrl+C: " << made.size() << " of " << mine.size() << " seeds done; writing those\n";
    if (shard.count > 1) {
        fs::create_directories(dir);
        const fs::path part = dir / ("part-" + std::to_string(shard.index + 1) + "-of-" + std::to_string(shard.count) + ".jsonl");
        PartManifest manifest{projectHash(project), seeds.first, seeds.last, static_cast<int>(shard.index + 1), static_cast<int>(shard.count), made.size(), accept,
                              a.flag("bot")};
        writeFileAtomically(part, explorePartText(manifest, made));
        out << "wrote " << part.string() << " (" << made.size() << " seeds); `burrow explore PROJECT --merge` the parts for the report\n";
    } else {
        writeReport(project, made, pairs, dir, jobs, out);
    }
    if (stopped) return 130;
    return std::any_of(made.begin(), made.end(), [](const SeedResult& r) { return !r.error.empty(); }) ? 1 : 0;
}

} // namespace burrow::cli
