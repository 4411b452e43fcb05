#include "cli/stats_command.h"

#include <cstdio>
#include <ostream>

#include "cli/arguments.h"
#include "generation/generation.h"
#include "project/project.h"

namespace burrow::cli {
namespace {

const char* kHelp =
    "usage: burrow stats PROJECT [--seed N] [--json]\n"
    "\n"
    "Generates the project's level and prints its metrics per depth and in total:\n"
    "floor share, regions, largest region share, stairs pairs, the share reachable from\n"
    "the start, the longest shortest path from the start, dead ends, rooms and hallways,\n"
    "and every region the start cannot reach. Movement follows the project's \"movement\".\n"
    "  --seed N   use this seed instead of the project's (a number or any text)\n"
    "  --json     print JSON (keys documented in docs/cli.md)\n";

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

int statsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, {"seed"}, {"help", "json"});
    if (a.flag("help")) {
        out << kHelp;
        return 0;
    }
    if (a.positional().size() != 1) throw UsageError("stats takes one PROJECT file");
    Project project = loadProject(a.positional()[0], StageCatalog::builtin());
    if (auto seed = a.value("seed")) {
        if (seed->empty()) throw UsageError("--seed needs a number or a text");
        project.seed = seedFromText(*seed);
    }
    std::vector<std::string> warnings;
    const Level level = generateLevel(project.size, project.seed, project.recipe, StageCatalog::builtin(), &warnings);
    for (const auto& w : warnings) err << "warning: " << w << "\n";
    const LevelMetrics m = measureLevel(level, project.movement);

    if (a.flag("json")) {
        nlohmann::ordered_json doc = {{"project", project.name}, {"seed", project.seed}};
        doc.update(metricsToJson(m));
        out << doc.dump(2) << "\n";
        return 0;
    }
    out << project.name << " — seed " << project.seed << ", " << static_cast<int>(m.movement) << "-direction movement";
    if (m.start) out << ", start (" << m.start->x << ", " << m.start->y << ", depth " << m.start->z << ")";
    out << "\n\ndepth  floor   regions  largest  stairs>  reachable  longest  dead ends  rooms  halls\n";
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
