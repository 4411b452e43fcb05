#include "cli/stats_command.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <unistd.h>

#include "cli/arguments.h"
#include "cli/memory_budget.h"
#include "cli/stage_progress.h"
#include "cli/parallel.h"
#include "cli/seed_range.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "pipeline/builtin_stages.h"

namespace burrow::cli {
namespace {

const char* kHelp =
    "usage: burrow stats PROJECT [--seed N | --seeds A..B [--jobs J]] [--memory GIB] [--json]\n"
    "\n"
    "Generates the project's level and prints its metrics per depth and in total:\n"
    "floor share, regions, largest region share, stairs pairs, the share reachable from\n"
    "the start, the longest shortest path from the start, dead ends, rooms and hallways,\n"
    "and every region the start cannot reach. Movement follows the project's \"movement\".\n"
    "  --seed N      use this seed instead of the project's (a number or any text)\n"
    "  --seeds A..B  every seed from A to B: each seed's metrics and, per metric, the\n"
    "                min, median and max over them (the stuff of expressive-range plots)\n"
    "  --jobs J      threads for --seeds (default: every core; fewer when they would\n"
    "                not fit in --memory)\n"
    "  --memory GIB  memory the command may use in all (default 4); a level that alone\n"
    "                would not fit is refused with the estimate\n"
    "  --json        print JSON (keys documented in docs/cli.md)\n";

std::string percent(double share) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", share * 100.0);
    return text;
}

} // namespace

nlohmann::ordered_json metricsToJson(const LevelMetrics& m) {
    using nlohmann::ordered_json;
    ordered_json depths = ordered_json::array();
    for (const DepthMetrics& d : m.depths) {
        ordered_json unreachable = ordered_json::array();
        for (const UnreachableRegion& u : d.unreachable)
            unreachable.push_back({{"region", u.label}, {"size", u.size}, {"x", u.representative.x}, {"y", u.representative.y}});
        depths.push_back({{"depth", d.depth},
                          {"floor_share", d.floorShare},
                          {"regions", d.regions},
                          {"largest_region_share", d.largestRegionShare},
                          {"stairs_down", d.stairsDown},
                          {"reachable_share", d.reachableShare},
                          {"longest_path", d.longestPath},
                          {"dead_ends", d.deadEnds},
                          {"rooms", d.rooms},
                          {"hallways", d.hallways},
                          {"unreachable_regions", unreachable}});
    }
    ordered_json start = nullptr;
    if (m.start) start = {{"x", m.start->x}, {"y", m.start->y}, {"depth", m.start->z}};
    return {{"movement", static_cast<int>(m.movement)},
            {"start", start},
            {"total",
             {{"floor_share", m.floorShare},
              {"regions", m.regions},
              {"stairs_pairs", m.stairsPairs},
              {"reachable_share", m.reachableShare},
              {"longest_path", m.longestPath},
              {"dead_ends", m.deadEnds},
              {"rooms", m.rooms},
              {"hallways", m.hallways}}},
            {"depths", depths}};
}

namespace {

// Per-seed totals, and min / median / max of each over the seeds.
int statsOverSeeds(const Project& project, const SeedRange& range, int jobs, bool json, std::ostream& out, std::ostream& err) {
    std::vector<LevelMetrics> metrics(range.count());
    std::vector<std::string> failures(range.count()), hashes(range.count());
    forEachInParallel(metrics.size(), jobs, [&](std::size_t i) {
        try {
            const MadeLevel made = makeLevel(project, range.first + i);
            metrics[i] = measureLevel(made.level, project.movement);
            hashes[i] = levelHash(made.level);
        } catch (const std::exception& e) {
            failures[i] = e.what();
        }
    });
    int failed = 0;
    for (std::size_t i = 0; i < failures.size(); ++i)
        if (!failures[i].empty()) {
            err << "error: seed " << range.first + i << ": " << failures[i] << "\n";
            ++failed;
        }
    using Getter = double (*)(const LevelMetrics&);
    const std::vector<std::pair<const char*, Getter>> totals = {
        {"floor_share", [](const LevelMetrics& m) { return m.floorShare; }},
        {"regions", [](const LevelMetrics& m) { return double(m.regions); }},
        {"stairs_pairs", [](const LevelMetrics& m) { return double(m.stairsPairs); }},
        {"reachable_share", [](const LevelMetrics& m) { return m.reachableShare; }},
        {"longest_path", [](const LevelMetrics& m) { return double(m.longestPath); }},
        {"dead_ends", [](const LevelMetrics& m) { return double(m.deadEnds); }},
        {"rooms", [](const LevelMetrics& m) { return double(m.rooms); }},
        {"hallways", [](const LevelMetrics& m) { return double(m.hallways); }},
    };
    nlohmann::ordered_json distribution = nlohmann::ordered_json::object();
    for (const auto& [name, get] : totals) {
        std::vector<double> values;
        for (std::size_t i = 0; i < metrics.size(); ++i)
            if (failures[i].empty()) values.push_back(get(metrics[i]));
        if (values.empty()) continue;
        std::sort(values.begin(), values.end());
        const double median = values.size() % 2 ? values[values.size() / 2] : (values[values.size() / 2 - 1] + values[values.size() / 2]) / 2;
        distribution[name] = {{"min", values.front()}, {"median", median}, {"max", values.back()}};
    }
    if (json) {
        nlohmann::ordered_json seeds = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < metrics.size(); ++i)
            if (failures[i].empty()) {
                nlohmann::ordered_json one = {{"seed", range.first + i}, {"level_hash", hashes[i]}};
                one.update(metricsToJson(metrics[i]));
                seeds.push_back(one);
            }
        out << nlohmann::ordered_json{{"project", project.name}, {"project_hash", projectHash(project)}, {"seeds", seeds}, {"distribution", distribution}}.dump(2)
            << "\n";
    } else {
        out << project.name << " — seeds " << range.first << " to " << range.last << "\n\nmetric              min        median     max\n";
        char line[128];
        for (const auto& [name, stats] : distribution.items()) {
            std::snprintf(line, sizeof line, "%-18s %-10.4g %-10.4g %-10.4g\n", name.c_str(), stats["min"].get<double>(), stats["median"].get<double>(),
                          stats["max"].get<double>());
            out << line;
        }
    }
    return failed == 0 ? 0 : 1;
}

} // namespace

int statsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, {"seed", "seeds", "jobs", "memory"}, {"help", "json"});
    if (a.flag("help")) {
        out << kHelp;
        return 0;
    }
    if (a.positional().size() != 1) throw UsageError("stats takes one PROJECT file");
    std::vector<std::string> notices;
    Project project = loadProject(a.positional()[0], builtinStages(), &notices);
    for (const auto& n : notices) err << "warning: " << n << "\n";
    if (a.value("seed") && a.value("seeds")) throw UsageError("give --seed or --seeds, not both");
    if (auto range = a.value("seeds")) {
        const SeedRange seeds = parseSeedRange(*range);
        const int asked = static_cast<int>(std::min<std::uint64_t>(seeds.last - seeds.first + 1, std::uint64_t(a.integer("jobs", defaultJobs(), 1, 256))));
        return statsOverSeeds(project, seeds, jobsForMemory(a, statsMemory(project), asked, project, err), a.flag("json"), out, err);
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
    const LevelMetrics m = measureLevel(made.level, project.movement);
    const std::string hash = levelHash(made.level);

    if (a.flag("json")) {
        nlohmann::ordered_json doc = {{"project", project.name}, {"seed", project.seed}, {"project_hash", projectHash(project)}, {"level_hash", hash}};
        doc.update(metricsToJson(m));
        out << doc.dump(2) << "\n";
        return 0;
    }
    out << project.name << " — seed " << project.seed << ", " << static_cast<int>(m.movement) << "-direction movement";
    if (m.start) out << ", start (" << m.start->x << ", " << m.start->y << ", depth " << m.start->z << ")";
    out << "\nlevel hash " << hash << "\n\ndepth  floor   regions  largest  stairs>  reachable  longest  dead ends  rooms  halls\n";
    char line[160];
    for (const DepthMetrics& d : m.depths) {
        std::snprintf(line, sizeof line, "%5d  %6s  %7d  %7s  %7d  %9s  %7d  %9d  %5d  %5d\n", d.depth, percent(d.floorShare).c_str(), d.regions,
                      percent(d.largestRegionShare).c_str(), d.stairsDown, percent(d.reachableShare).c_str(), d.longestPath, d.deadEnds,
                      d.rooms, d.hallways);
        out << line;
    }
    std::snprintf(line, sizeof line, "total  %6s  %7d  %7s  %7d  %9s  %7d  %9d  %5d  %5d\n", percent(m.floorShare).c_str(), m.regions, "",
                  m.stairsPairs, percent(m.reachableShare).c_str(), m.longestPath, m.deadEnds, m.rooms, m.hallways);
    out << line;
    for (const DepthMetrics& d : m.depths)
        for (const UnreachableRegion& u : d.unreachable)
            out << "unreachable: depth " << d.depth << " region " << u.label << " (" << u.size << " cells, first at " << u.representative.x
                << ", " << u.representative.y << ")\n";
    return 0;
}

} // namespace burrow::cli
