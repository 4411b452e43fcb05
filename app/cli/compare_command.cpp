#include "cli/compare_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "analysis/acceptance.h"
#include "analysis/comparison.h"
#include "cli/arguments.h"
#include "cli/memory_budget.h"
#include "cli/parallel.h"
#include "cli/project_input.h"
#include "cli/seed_range.h"
#include "content/metric_catalog.h"
#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/file_transaction.h"

namespace burrow::cli {

namespace fs = std::filesystem;

namespace {

const char* kCompareHelp =
    "usage: burrow compare A [B] --seeds A..B [--set STAGE.PARAM=VALUE]... [--size WxH[xD]] [--jobs J]\n"
    "                      [--bot] [--memory GIB] [--out DIR]\n"
    "Did the change make the levels better? Judges two recipes over the same seeds and,\n"
    "for every metric, compares their distributions: the medians' difference (B - A)\n"
    "with a 95% bootstrap interval, and a Mann-Whitney U test, significant at p < 0.05\n"
    "after Holm's correction for the number of metrics.\n"
    "B is a second project; without it, B is A with the overrides (--set, --size), which\n"
    "with two projects apply to B only.\n"
    "  --seeds A..B   the seeds both are made with\n"
    "  --bot          measure the bot's games too (slow)\n"
    "  --out DIR      where compare.html and compare.json go (default .)\n"
    "A summary table goes to standard output: the significant rows first.\n";

std::string cell(double v) { return numberText(v, 4); }

void printTable(const Comparison& c, std::ostream& out) {
    std::vector<const MetricComparison*> rows;
    for (const MetricComparison& mc : c.metrics) rows.push_back(&mc);
    std::stable_sort(rows.begin(), rows.end(), [](const auto* x, const auto* y) { return x->significant > y->significant; });
    char line[256];
    std::snprintf(line, sizeof line, "%-28s %12s %12s %26s %7s %8s\n", "metric", "A median", "B median", "B - A [95%]", "effect", "p (Holm)");
    out << line;
    for (const MetricComparison* mc : rows) {
        const std::string diff = cell(mc->medianDifference) + " [" + cell(mc->differenceLow) + ", " + cell(mc->differenceHigh) + "]";
        std::snprintf(line, sizeof line, "%-28s %12s %12s %26s %7s %8s%s\n", metricCatalog()[mc->metric].id.c_str(), cell(mc->a.median).c_str(),
                      cell(mc->b.median).c_str(), diff.c_str(), numberText(mc->effect, 2).c_str(), numberText(mc->adjustedP, 2).c_str(),
                      mc->significant ? "  *" : "");
        out << line;
    }
    const auto significant = std::count_if(c.metrics.begin(), c.metrics.end(), [](const MetricComparison& m) { return m.significant; });
    out << significant << " of " << c.metrics.size() << " metrics differ significantly (*) over " << c.seeds << " seeds\n";
}

} // namespace

int compareCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, withOverrideOptions({"seeds", "jobs", "memory", "out"}), {"help", "bot"});
    if (a.flag("help")) {
        out << kCompareHelp << kOverrideHelp;
        return 0;
    }
    if (a.positional().empty() || a.positional().size() > 2) throw UsageError("compare takes one PROJECT (and overrides) or two");
    const ProjectOverrides overrides = overridesOf(a);
    const bool two = a.positional().size() == 2;
    if (!two && overrides.empty()) throw UsageError("compare needs a second PROJECT or overrides (--set, --size) to make B from A");
    if (!overrides.acceptRules.empty()) throw UsageError("--accept-rule does not change a level: compare levels with --set or --size");
    const Project projectA = readCommandProject(a.positional()[0], {}, err);
    const Project projectB = readCommandProject(a.positional()[two ? 1 : 0], overrides, err);
    const auto range = a.value("seeds");
    if (!range) throw UsageError("compare needs --seeds A..B");
    const SeedRange seeds = parseSeedRange(*range);
    const std::size_t count = seeds.count();
    const int asked = std::max(1, std::min<int>(a.integer("jobs", defaultJobs(), 1, 256), static_cast<int>(std::min<std::uint64_t>(count, 256))));
    // Both are made side by side: the budget is the larger one's.
    const bool aIsLarger = statsMemory(projectA).total(1) >= statsMemory(projectB).total(1);
    const Project& larger = aIsLarger ? projectA : projectB;
    const int jobs = jobsForMemory(a, statsMemory(larger), asked, larger, err);

    MeasureOptions options;
    if (a.flag("bot")) options.upTo = MetricCost::BotGames;
    std::vector<SeedResult> resultsA(count), resultsB(count);
    forEachInParallel(count * 2, jobs, [&](std::size_t i) {
        const std::uint64_t seed = seeds.first + i / 2;
        if (i % 2 == 0) resultsA[i / 2] = judgeSeed(projectA, seed, false, options);
        else resultsB[i / 2] = judgeSeed(projectB, seed, false, options);
    });
    for (const auto* results : {&resultsA, &resultsB})
        for (const SeedResult& r : *results)
            if (!r.error.empty()) err << "error: " << (results == &resultsA ? "A" : "B") << ", seed " << r.seed << ": " << r.error << "\n";

    const std::string nameA = a.positional()[0];
    const std::string nameB = two ? a.positional()[1] : nameA + " with overrides";
    const Comparison comparison = compareResults(resultsA, resultsB);
    const fs::path dir = a.value("out").value_or(".");
    fs::create_directories(dir);
    nlohmann::ordered_json doc = comparisonToJson(comparison, nameA, nameB);
    doc["project_hash"] = {{"a", projectHash(projectA)}, {"b", projectHash(projectB)}};
    doc["seed_range"] = {seeds.first, seeds.last};
    // The page and its data are one report: a failed write keeps the old pair.
    FileTransaction files;
    files.add(dir / "compare.json", doc.dump(2) + "\n");
    files.add(dir / "compare.html", comparisonHtml(comparison, nameA, nameB));
    files.commit();
    printTable(comparison, out);
    out << "wrote " << (dir / "compare.html").string() << " and " << (dir / "compare.json").string() << "\n";
    return comparison.failedA + comparison.failedB > 0 ? 1 : 0;
}

} // namespace burrow::cli
