#include "cli/cli.h"

#include <filesystem>
#include <iostream>
#include <map>
#include <new>

#include "cli/arguments.h"
#include "cli/generate_command.h"
#include "cli/play_command.h"
#include "cli/stage_reference.h"
#include "cli/compare_command.h"
#include "cli/explore_command.h"
#include "cli/sweep_command.h"
#include "cli/stats_command.h"
#include "generation/generation.h"
#include "io/ascii_map.h"
#include "content/rules_json.h"
#include "io/diagnostic.h"
#include "io/file_io.h"
#include "project/project.h"
#include "project/project_warnings.h"
#include "content/metric_catalog.h"
#include "pipeline/builtin_stages.h"

namespace burrow::cli {

// The metric catalog as a table; docs/cli.md holds the --markdown form (a test keeps them equal).
std::string metricsMarkdown() {
    std::string text = "| id | name | unit | per depth | cost | definition |\n|---|---|---|---|---|---|\n";
    for (const MetricInfo& m : metricCatalog())
        text += "| `" + m.id + "` | " + m.name + " | " + m.unit + " | " + (m.perDepth ? "yes" : "") + " | " + metricCostId(m.cost) + " | " + m.definition + " |\n";
    return text;
}

namespace {

namespace fs = std::filesystem;

const char* kValidateHelp =
    "usage: burrow validate [--strict] FILE...\n"
    "\n"
    "Checks project files and population rules files (Burrow's or the room-grid\n"
    "tutorial's population.json) and prints every problem as FILE: at /json/path: message.\n"
    "A valid project may still carry warnings (a kind never laid, a template never placed,\n"
    "a group that places nothing, a rule no level can meet), printed as FILE: warning: ...\n"
    "Exits 0 when every file is valid, 1 otherwise; with --strict, warnings count as errors.\n";

int validate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, {}, {"help", "strict"});
    if (a.flag("help")) {
        out << kValidateHelp;
        return 0;
    }
    if (a.positional().empty()) throw UsageError("validate takes at least one FILE");
    int failures = 0;
    for (const auto& file : a.positional()) {
        try {
            // A rules file is told from a project by its content, not its name.
            std::vector<std::string> notices;
            if (looksLikeRules(parseJsonFile(file))) {
                loadRules(file);
            } else {
                const Project project = loadProject(file, builtinStages(), &notices);
                for (const Diagnostic& d : projectWarnings(project, builtinStages())) notices.push_back(file + ": at " + d.path + ": " + d.message);
            }
            for (const std::string& n : notices) err << "warning: " << n << "\n";
            if (a.flag("strict") && !notices.empty()) {
                err << file << ": " << notices.size() << " warning" << (notices.size() == 1 ? "" : "s") << ", errors under --strict\n";
                ++failures;
                continue;
            }
            out << file << ": valid" << (notices.empty() ? "" : " (with warnings)") << "\n";
        } catch (const FileError& e) {
            err << e.what() << "\n";
            ++failures;
        } catch (const std::exception& e) { // whatever it is, the next file is still checked
            err << file << ": " << errorText(e) << "\n";
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

int stages(const std::vector<std::string>& args, std::ostream& out, std::ostream&) {
    Arguments a(args, {}, {"help", "markdown"});
    if (a.flag("help")) {
        out << "usage: burrow stages [--markdown]\n\nLists every stage type a recipe can use, with its parameters,\n"
               "their defaults, ranges and meaning.\n";
        return 0;
    }
    if (!a.positional().empty()) throw UsageError("stages takes no file");
    out << (a.flag("markdown") ? stageReferenceMarkdown(builtinStages()) : stageReferenceText(builtinStages()));
    return 0;
}

int metrics(const std::vector<std::string>& args, std::ostream& out, std::ostream&) {
    Arguments a(args, {}, {"help", "markdown", "json"});
    if (a.flag("help")) {
        out << "usage: burrow metrics [--markdown | --json]\n\nLists every metric `stats`, `explore` and acceptance rules know: its id,\n"
               "name, unit, whether it is measured per depth, its cost (cheap: one pass; search:\n"
               "walks from the start; bot: plays games, only when asked) and what it counts.\n";
        return 0;
    }
    if (!a.positional().empty()) throw UsageError("metrics takes no file");
    if (a.flag("markdown")) {
        out << metricsMarkdown();
        return 0;
    }
    if (a.flag("json")) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const MetricInfo& m : metricCatalog())
            list.push_back({{"id", m.id}, {"name", m.name}, {"unit", m.unit}, {"per_depth", m.perDepth}, {"cost", metricCostId(m.cost)}, {"definition", m.definition}});
        out << list.dump(2) << "\n";
        return 0;
    }
    for (const MetricInfo& m : metricCatalog()) out << m.id << " (" << m.unit << ", " << metricCostId(m.cost) << (m.perDepth ? ", per depth" : "") << ")\n    " << m.definition << "\n";
    return 0;
}

using Command = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);

const std::map<std::string, std::pair<Command, const char*>>& commands() {
    static const std::map<std::string, std::pair<Command, const char*>> table = {
        {"generate", {generateCommand, "generate levels for one seed or many and write them (tmj, tmx, ldtk, png, txt, csv)"}},
        {"validate", {validate, "check project and population rules files and report every problem"}},
        {"stages", {stages, "list the stage types and their parameters"}},
        {"metrics", {metrics, "list the metrics stats, explore and acceptance rules know"}},
        {"play", {playCommand, "let the bot play the level many times, or play a replay back"}},
        {"compare", {compareCommand, "did the change make the levels better? two recipes over the same seeds, metric by metric"}},
        {"explore", {exploreCommand, "judge a recipe over many seeds: metrics, histograms, an HTML report; shards and merge"}},
        {"sweep", {sweepCommand, "how parameters move every metric: quartile bands over one, heatmaps over two"}},
        {"stats", {statsCommand, "print a level's metrics: floor, regions, stairs, reachability, paths"}},
    };
    return table;
}

} // namespace

std::string usage() {
    std::string text =
        "usage: burrow [PROJECT]            open the editor (on an example when no PROJECT is given)\n"
        "       burrow COMMAND [OPTIONS]    run a command without the editor\n"
        "       burrow --help | --version\n\ncommands:\n";
    for (const auto& [name, command] : commands()) {
        std::string padded = name;
        padded.resize(10, ' ');
        text += "  " + padded + command.second + "\n";
    }
    text += "\n`burrow COMMAND --help` tells more about each.\n";
    return text;
}

std::optional<int> run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) return std::nullopt;
    if (args[0] == "--help" || args[0] == "-h") {
        out << usage();
        return 0;
    }
    if (args[0] == "--version") {
        out << "burrow " << BURROW_VERSION << "\n";
        return 0;
    }
    auto it = commands().find(args[0]);
    if (it == commands().end()) return std::nullopt;
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    try {
        return it->second.first(rest, out, err);
    } catch (const UsageError& e) {
        err << "burrow " << args[0] << ": " << e.what() << "\n(see `burrow " << args[0] << " --help`)\n";
        return 2;
    } catch (const FileError& e) {
        err << e.what() << "\n";
        return 1;
    } catch (const std::bad_alloc&) {
        err << "burrow " << args[0] << ": out of memory: the level (or --jobs of them at once) is too large for this machine; try fewer --jobs or a smaller size\n";
        return 1;
    } catch (const std::exception& e) {
        err << "burrow " << args[0] << ": " << e.what() << "\n";
        return 1;
    }
}

} // namespace burrow::cli
