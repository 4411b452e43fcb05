#include "cli/cli.h"

#include <filesystem>
#include <iostream>
#include <map>

#include "cli/arguments.h"
#include "cli/stage_reference.h"
#include "cli/stats_command.h"
#include "generation/generation.h"
#include "io/ascii_map.h"
#include "population/rules_json.h"
#include "project/file_io.h"
#include "project/project.h"

namespace burrow::cli {
namespace {

namespace fs = std::filesystem;

const char* kGenerateHelp =
    "usage: burrow generate PROJECT [--seed N] [--out DIR] [--format txt]\n"
    "\n"
    "Generates the project's level and writes it to DIR (default: the current folder).\n"
    "  --seed N      use this seed instead of the project's (a number or any text)\n"
    "  --out DIR     folder to write into; created when missing\n"
    "  --format txt  txt: each depth as ASCII, one glyph a tile, a blank line between depths\n";

const char* kValidateHelp =
    "usage: burrow validate FILE...\n"
    "\n"
    "Checks project files and population rules files (Burrow's or seed 002's\n"
    "population.json) and prints every problem as FILE: at /json/path: message.\n"
    "Exits 0 when every file is valid, 1 otherwise.\n";

// "dungeon.burrow.json" -> "dungeon"
std::string projectStem(const fs::path& path) {
    std::string name = path.filename().string();
    for (const char* suffix : {".burrow.json", ".json"}) {
        const std::string s = suffix;
        if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) return name.substr(0, name.size() - s.size());
    }
    return path.stem().string();
}

int generate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, {"seed", "out", "format"}, {"help"});
    if (a.flag("help")) {
        out << kGenerateHelp;
        return 0;
    }
    if (a.positional().size() != 1) throw UsageError("generate takes one PROJECT file");
    const std::string format = a.value("format").value_or("txt");
    if (format != "txt") throw UsageError("unknown --format \"" + format + "\"; this version writes: txt");
    const fs::path projectPath = a.positional()[0];
    Project project = loadProject(projectPath, StageCatalog::builtin());
    if (auto seed = a.value("seed")) {
        if (seed->empty()) throw UsageError("--seed needs a number or a text");
        project.seed = seedFromText(*seed);
    }
    const fs::path outDir = a.value("out").value_or(".");
    std::error_code ec;
    fs::create_directories(outDir, ec);
    if (ec) throw FileError(outDir.string(), {{"", "cannot create the output folder: " + ec.message()}});

    std::vector<std::string> warnings;
    const Level level = generateLevel(project.size, project.seed, project.recipe, StageCatalog::builtin(), &warnings);
    for (const auto& w : warnings) err << "warning: " << w << "\n";
    const fs::path file = outDir / (projectStem(projectPath) + ".txt");
    writeFileAtomically(file, asciiMap(level));
    out << "wrote " << file.string() << " (" << level.width() << " x " << level.height() << " x " << level.depthCount()
        << ", seed " << project.seed << ")\n";
    return 0;
}

int validate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, {}, {"help"});
    if (a.flag("help")) {
        out << kValidateHelp;
        return 0;
    }
    if (a.positional().empty()) throw UsageError("validate takes at least one FILE");
    int failures = 0;
    for (const auto& file : a.positional()) {
        try {
            // A rules file is told from a project by its content, not its name.
            if (looksLikeRules(parseJsonFile(file))) loadRules(file);
            else loadProject(file, StageCatalog::builtin());
            out << file << ": valid\n";
        } catch (const FileError& e) {
            err << e.what() << "\n";
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
    out << (a.flag("markdown") ? stageReferenceMarkdown(StageCatalog::builtin()) : stageReferenceText(StageCatalog::builtin()));
    return 0;
}

using Command = int (*)(const std::vector<std::string>&, std::ostream&, std::ostream&);

const std::map<std::string, std::pair<Command, const char*>>& commands() {
    static const std::map<std::string, std::pair<Command, const char*>> table = {
        {"generate", {generate, "generate a project's level and write it to files"}},
        {"validate", {validate, "check project and population rules files and report every problem"}},
        {"stages", {stages, "list the stage types and their parameters"}},
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
    } catch (const std::exception& e) {
        err << "burrow " << args[0] << ": " << e.what() << "\n";
        return 1;
    }
}

} // namespace burrow::cli
