#include "cli/stats_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <unistd.h>

#include "analysis/measure.h"
#include "analysis/seed_summary.h"
#include "cli/arguments.h"
#include "cli/project_input.h"
#include "cli/memory_budget.h"
#include "cli/parallel.h"
#include "cli/seed_range.h"
#include "cli/stage_progress.h"
#include "io/diagnostic.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"

namespace burrow::cli {
namespace {

const char* kStatsHelp =
    "usage: burrow stats PROJECT [--seed N | --seeds A..B [--jobs J]] [--bot] [--memory GIB] [--json]\n"
    "\n"
    "Generates the project's level and prints its metrics (`burrow metrics` lists them:\n"
    "floor share, regions, reachable share, walks from the start, loops, dead ends,\n"
    "rooms, things...), per depth and in total, and every region the start cannot\n"
    "reach. Movement follows the project's \"movement\".\n"
    "  --seed N      use this seed instead of the project's (a number or any text)\n"
    "  --seeds A..B  every seed from A to B: each seed's metrics and, per metric, the\n"
    "                min, median and max over them (`burrow explore` does more)\n"
    "  --jobs J      threads for --seeds (default: every core; fewer when they would\n"
    "                not fit in --memory)\n"
    "  --bot         also the bot's metrics (plays 5 games a level: slower)\n"
    "  --memory GIB  memory the command may use in all (default 4); a level that alone\n"
    "                would not fit is refused with the estimate\n"
    "  --json        print JSON (keys: `burrow metrics`; documented in docs/cli.md)\n";

std::string shown(std::size_t metric, double value) {
    if (std::isnan(value)) return "-";
    char text[32];
    if (metricCatalog()[metric].unit == "share") std::snprintf(text, sizeof text, "%.1f%%", value * 100.0);
    else std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

MeasureOptions measureOptions(const Arguments& a, std::uint64_t seed) {
    MeasureOptions options;
    if (a.flag("bot")) options.upTo = MetricCost::BotGames;
    options.botSeed = seed;
    return options;
}

// `text` with every line after the first indented by `spaces`: a value dumped alone,
// placed where nlohmann's dump(2) of the whole document would put it.
std::string indented(const std::string& text, int spaces, bool firstToo) {
    const std::string pad(static_cast<std::size_t>(spaces), ' ');
    std::string out = firstToo ? pad : std::string();
    for (char c : text) {
        out += c;
        if (c == '\n') out += pad;
    }
    return out;
}

// The seeds' values of each metric, and only those: what min, median and max need,
// 8 bytes a metric a seed, where whole results held every seed's JSON (4 KB a seed).
class MetricColumns {
public:
    MetricColumns() : columns_(metricCatalog().size()) {}
    void add(const std::vector<double>& values) {
        for (std::size_t m = 0; m < columns_.size() && m < values.size(); ++m)
            if (!std::isnan(values[m])) columns_[m].push_back(values[m]);
    }
    // {metric id: {min, median, max}} for the metrics measured, in the catalog's order.
    nlohmann::ordered_json distribution() {
        nlohmann::ordered_json out = nlohmann::ordered_json::object();
        for (std::size_t m = 0; m < columns_.size(); ++m) {
            std::vector<double>& v = columns_[m];
            if (v.empty()) continue;
            const std::size_t n = v.size();
            // The same values summariseSeeds picks from a sorted list, without sorting.
            std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n / 2), v.end());
            double median = v[n / 2];
            if (n % 2 == 0) median = (*std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n / 2)) + median) / 2;
            const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
            out[metricCatalog()[m].id] = {{"min", *lo}, {"median", median}, {"max", *hi}};
        }
        return out;
    }

private:
    std::vector<std::vector<double>> columns_;
};

// Each seed's metrics, and min / median / max of each over the seeds. Seeds are made
// a slice at a time and each seed's row written as soon as its slice is done, so a
// million seeds (the documented most) need the columns above and one slice, not a
// million results.
int statsOverSeeds(const Project& project, const SeedRange& range, int jobs, const Arguments& a, std::ostream& out, std::ostream& err) {
    constexpr std::uint64_t kSlice = 1024;
    const bool json = a.flag("json");
    MetricColumns columns;
    int failed = 0;
    bool anyRow = false;
    if (json)
        out << "{\n  \"project\": " << nlohmann::json(project.name).dump() << ",\n  \"project_hash\": " << nlohmann::json(projectHash(project)).dump()
            << ",\n  \"seeds\": [";
    for (std::uint64_t from = 0; from < range.count(); from += kSlice) {
        std::vector<SeedResult> results(static_cast<std::size_t>(std::min(kSlice, range.count() - from)));
        forEachInParallel(results.size(), jobs, [&](std::size_t i) {
            SeedResult& r = results[i];
            r.seed = r.levelSeed = range.first + from + i;
            try {
                const MadeLevel made = makeLevel(project, r.seed);
                Measurement m = measure(made.level, project.movement, measureOptions(a, r.seed));
                recordWarnings(m, made.warnings.size());
                r.values = m.level;
                r.upTo = m.upTo;
                r.levelHash = levelHash(made.level);
            } catch (const std::exception& e) {
                r.error = errorText(e);
            }
        });
        for (const SeedResult& r : results) {
            if (!r.error.empty()) {
                err << "error: seed " << r.seed << ": " << r.error << "\n";
                ++failed;
                continue;
            }
            columns.add(r.values);
            if (json) out << (anyRow ? ",\n" : "\n") << indented(seedResultToJson(r).dump(2), 4, true);
            anyRow = true;
        }
    }
    nlohmann::ordered_json distribution = columns.distribution();
    if (json) {
        out << (anyRow ? "\n  ]" : "]") << ",\n  \"distribution\": " << indented(distribution.dump(2), 2, false) << "\n}\n";
    } else {
        out << project.name << " — seeds " << range.first << " to " << range.last << "\n\nmetric                 min        median     max\n";
        char line[160];
        for (const auto& [id, d] : distribution.items()) {
            const std::size_t metric = *metricIndex(id);
            std::snprintf(line, sizeof line, "%-22s %-10s %-10s %-10s\n", id.c_str(), shown(metric, d["min"].get<double>()).c_str(),
                          shown(metric, d["median"].get<double>()).c_str(), shown(metric, d["max"].get<double>()).c_str());
            out << line;
        }
    }
    return failed == 0 ? 0 : 1;
}

// A column a depth, then the level's total; level-only metrics have only the total.
void printTable(const Measurement& m, std::ostream& out) {
    const auto& catalog = metricCatalog();
    char cell[64];
    std::snprintf(cell, sizeof cell, "%-22s", "metric");
    out << cell;
    for (std::size_t z = 0; z < m.depths.size(); ++z) {
        std::snprintf(cell, sizeof cell, " %8s", ("depth " + std::to_string(z)).c_str());
        out << cell;
    }
    out << "     total\n";
    for (std::size_t i = 0; i < catalog.size(); ++i) {
        if (catalog[i].cost > m.upTo) continue;
        std::snprintf(cell, sizeof cell, "%-22s", catalog[i].id.c_str());
        out << cell;
        for (std::size_t z = 0; z < m.depths.size(); ++z) {
            std::snprintf(cell, sizeof cell, " %8s", catalog[i].perDepth ? shown(i, m.depths[z][i]).c_str() : "");
            out << cell;
        }
        std::snprintf(cell, sizeof cell, " %9s\n", shown(i, m.level[i]).c_str());
        out << cell;
    }
    for (const UnreachableRegion& u : m.unreachable)
        out << "unreachable: depth " << u.depth << " region " << u.label << " (" << u.size << " cells, first at " << u.representative.x << ", "
            << u.representative.y << ")\n";
}

} // namespace

int statsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, withOverrideOptions({"seed", "seeds", "jobs", "memory"}), {"help", "json", "bot"});
    if (a.flag("help")) {
        out << kStatsHelp << kOverrideHelp;
        return 0;
    }
    if (a.positional().size() != 1) throw UsageError("stats takes one PROJECT file");
    Project project = readCommandProject(a.positional()[0], overridesOf(a), err);
    if (a.value("seed") && a.value("seeds")) throw UsageError("give --seed or --seeds, not both");
    if (auto range = a.value("seeds")) {
        const SeedRange seeds = parseSeedRange(*range);
        const int asked = static_cast<int>(std::min<std::uint64_t>(seeds.last - seeds.first + 1, std::uint64_t(a.integer("jobs", defaultJobs(), 1, 256))));
        return statsOverSeeds(project, seeds, jobsForMemory(a, statsMemory(project), asked, project, err), a, out, err);
    }
    jobsForMemory(a, statsMemory(project), 1, project, err);
    if (auto seed = a.value("seed")) {
        if (seed->empty()) throw UsageError("--seed needs a number or a text");
        project.seed = seedFromText(*seed);
    }
    StageProgress progress(err, isatty(STDERR_FILENO));
    const MadeLevel made = makeLevel(project, project.seed, &progress);
    progress.finish();
    for (const auto& w : made.warnings) err << "warning: " << w.text() << "\n";
    Measurement m = measure(made.level, project.movement, measureOptions(a, project.seed));
    recordWarnings(m, made.warnings.size());
    const std::string hash = levelHash(made.level);

    if (a.flag("json")) {
        out << levelStatsJson(project.name, project.seed, projectHash(project), hash, m).dump(2) << "\n";
        return 0;
    }
    out << project.name << " — seed " << project.seed << ", " << static_cast<int>(m.movement) << "-direction movement";
    if (m.start) out << ", start (" << m.start->x << ", " << m.start->y << ", depth " << m.start->z << ")";
    out << "\nlevel hash " << hash << "\n\n";
    printTable(m, out);
    return 0;
}

} // namespace burrow::cli
