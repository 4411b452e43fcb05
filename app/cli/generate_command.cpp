#include "cli/generate_command.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <new>
#include <ostream>
#include <unistd.h>

#include "analysis/acceptance.h"
#include "analysis/breakpoints.h"
#include "cli/arguments.h"
#include "cli/interrupt.h"
#include "cli/memory_budget.h"
#include "cli/parallel.h"
#include "cli/project_input.h"
#include "cli/seed_range.h"
#include "cli/stage_progress.h"
#include "export/level_export.h"
#include "io/file_io.h"
#include "io/file_transaction.h"
#include "model/level_hash.h"
#include "pipeline/level_frames.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "pipeline/builtin_stages.h"

namespace burrow::cli {

namespace fs = std::filesystem;

const char* const kGenerateHelp =
    "usage: burrow generate PROJECT [--seed N | --seeds A..B] [--depth Z] [--format LIST]\n"
    "                       [--out DIR] [--jobs J] [--memory GIB] [--cell PX] [--style glyphs|blocks]\n"
    "                       [--burrow-tiles] [--tilesets embedded|external] [--regions] [--frames K]\n"
    "                       [--accept [--attempts K]] [--until BREAKPOINT]...\n"
    "\n"
    "Generates the project's level and writes it in every format asked for.\n"
    "  --seed N        one seed instead of the project's (a number or any text)\n"
    "  --seeds A..B    every seed from A to B, each into DIR/seed-N/, on J threads\n"
    "  --depth Z       only depth Z\n"
    "  --format LIST   comma-separated: tmj, tmx (Tiled maps, a .world for several\n"
    "                  depths, the tileset image beside them), ldtk (an LDtk\n"
    "                  project, a level per depth), png, txt, csv\n"
    "                  (default: txt)\n"
    "  --out DIR       where to write (default: the current folder); created if missing\n"
    "  --jobs J        threads for --seeds (default: every core; fewer when they would\n"
    "                  not fit in --memory)\n"
    "  --memory GIB    memory the command may use in all (default 4); a level that\n"
    "                  alone would not fit is refused with the estimate\n"
    "  --cell PX       Tiled tile size and PNG cell size in pixels (default 16,\n"
    "                  smaller when a PNG would pass 33,554,432 pixels)\n"
    "                  With the project's \"game_tiles\", its tile size.\n"
    "  --burrow-tiles  export with Burrow's glyph tiles even when the project has\n"
    "                  the game's own (\"game_tiles\": maps draw with its tilesets,\n"
    "                  autotiled, their art copied into DIR/art/, and PNGs too)\n"
    "  --tilesets T    Tiled maps' tilesets embedded in each map (default: every\n"
    "                  reader loads them) or external: .tsj beside TMJ, .tsx beside TMX\n"
    "  --style S       PNG cells as glyphs (default) or colour blocks\n"
    "  --regions       PNG: each region in its own colour\n"
    "  --frames K      also write the generation as PNG frames, one every K steps,\n"
    "                  into DIR/frames/\n"
    "  --accept        keep only levels that meet the project's acceptance rules: try\n"
    "                  attempts 1..K of each seed (each made from a derived level seed)\n"
    "                  and write the first that passes, with <stem>.acceptance.json\n"
    "                  (seed, attempt, level seed, each rejected attempt and the rule it\n"
    "                  broke). `generate --seed LEVEL_SEED` makes the same level again.\n"
    "                  A seed none of whose attempts passes fails, naming the closest.\n"
    "  --attempts K    attempts per seed for --accept (default: the project's, else 20;\n"
    "                  at most 1000)\n"
    "  --until B       step the generation until breakpoint B hits, say where, and write\n"
    "                  the level as it stands at that step (repeatable: the first to hit).\n"
    "                  B: stage-start[:NAME], stage-end[:NAME], drone-dies, regions-change,\n"
    "                  disconnect (the start and exit) or disconnect:X,Y,Z:X,Y,Z,\n"
    "                  cell:X,Y,Z, metric:ID>VALUE or metric:ID<VALUE (cheap metrics)\n"
    "Progress goes to stderr when it is a terminal; a summary line ends the run.\n"
    "Exit code 0 when every seed was written, 1 otherwise (each failure is named).\n";

namespace {

// What --accept writes beside the level: which attempt was kept and why the others were not.
nlohmann::ordered_json acceptanceReport(const Project& project, std::uint64_t seed, const AcceptedLevel& a, const std::string& levelId) {
    nlohmann::ordered_json rules = nlohmann::ordered_json::array();
    for (const AcceptanceRule& r : project.acceptance.rules) rules.push_back(describeRule(r));
    nlohmann::ordered_json rejected = nlohmann::ordered_json::array();
    for (const RejectedAttempt& r : a.rejected) rejected.push_back({{"attempt", r.attempt}, {"level_seed", r.levelSeed}, {"broken_rule", r.broken}});
    nlohmann::ordered_json doc = {{"project", project.name}, {"project_hash", projectHash(project)}, {"seed", seed}, {"accepted", a.accepted},
                                  {"attempt", a.attempt},    {"level_seed", a.levelSeed},         {"level_hash", levelId}};
    if (!a.accepted) doc["closest_breaks"] = a.broken;
    doc["rules"] = rules;
    doc["attempts_allowed"] = project.acceptance.attempts;
    doc["rejected"] = rejected;
    doc["metrics"] = measurementToJson(a.measurement, false)["total"];
    return doc;
}

// --until: the generation stepped until a breakpoint hits; the level as it stands then.
int generateUntil(const Project& project, std::uint64_t seed, const std::vector<Breakpoint>& breakpoints, const ExportRequest& request,
                  const fs::path& outDir, std::ostream& out) {
    LevelBuild build(project, seed);
    const auto hit = runUntil(build, breakpoints);
    if (hit) {
        out << "stopped at step " << hit->step << ", in " << hit->stage << ": " << hit->what << " (breakpoint: "
            << describeBreakpoint(breakpoints[hit->breakpoint]) << ")\n";
    } else {
        out << "no breakpoint hit: the generation finished after " << build.generation().stepsDone() << " steps\n";
    }
    const std::vector<std::string> unfinished = build.unfinished();
    if (!unfinished.empty()) {
        out << "the level is partial: it lacks";
        for (std::size_t i = 0; i < unfinished.size(); ++i) out << (i ? "; " : " ") << unfinished[i];
        out << "\n";
    }
    for (const auto& f : exportLevel(build.level(), {project.name, seed, projectHash(project), build.hash(), unfinished}, request, outDir))
        out << "wrote " << f.string() << "\n";
    out << "level hash " << build.hash() << "\n";
    return 0;
}

} // namespace

int generateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, withOverrideOptions({"seed", "seeds", "out", "format", "depth", "jobs", "cell", "style", "frames", "memory", "attempts", "until", "tilesets"}),
                {"help", "regions", "accept", "burrow-tiles"});
    if (a.flag("help")) {
        out << kGenerateHelp << kOverrideHelp;
        return 0;
    }
    if (a.positional().size() != 1) throw UsageError("generate takes one PROJECT file");
    if (a.value("seed") && a.value("seeds")) throw UsageError("give --seed or --seeds, not both");
    ExportRequest request;
    try {
        request.formats = parseFormats(a.value("format").value_or("txt"));
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    request.tileSize = a.integer("cell", 16, 1, 256);
    const std::string style = a.value("style").value_or("glyphs");
    if (style != "glyphs" && style != "blocks") throw UsageError("--style is glyphs or blocks");
    request.pngStyle = style == "blocks" ? CellStyle::Blocks : CellStyle::Glyphs;
    request.pngRegions = a.flag("regions");
    const std::string tilesets = a.value("tilesets").value_or("embedded");
    if (tilesets != "embedded" && tilesets != "external") throw UsageError("--tilesets takes embedded or external, not \"" + tilesets + "\"");
    request.externalTilesets = tilesets == "external";
    const fs::path projectPath = a.positional()[0];
    request.stem = projectStem(projectPath.string());
    Project project = readCommandProject(projectPath.string(), overridesOf(a), err);
    request.movement = project.movement;
    const bool accept = a.flag("accept");
    if (accept && project.acceptance.rules.empty())
        throw UsageError("--accept: " + projectPath.string() + " has no acceptance rules (\"acceptance\": {\"rules\": [...]}, docs/project-format.md)");
    if (a.value("attempts")) {
        if (!accept) throw UsageError("--attempts goes with --accept");
        project.acceptance.attempts = a.integer("attempts", kDefaultAttempts, 1, kMaxAttempts);
    }
    if (a.value("depth")) request.depth = a.integer("depth", 0, 0, project.size.depth - 1);
    const int frames = a.integer("frames", 0, 0, 1'000'000);
    // Images are checked before any level is made: a cell size asked for that makes
    // too large a PNG is refused; the default shrinks to fit, and says so.
    const bool png = std::find(request.formats.begin(), request.formats.end(), ExportFormat::Png) != request.formats.end();
    if (!project.gameTiles.empty() && !a.flag("burrow-tiles")) {
        // The game's art has one size: maps and images take it.
        const int size = project.gameTiles.tileSize();
        if (a.value("cell"))
            throw UsageError("--cell: " + projectPath.string() + "'s game tiles are " + std::to_string(size) + " px; give --burrow-tiles to export with Burrow's tiles at another size");
        request.gameTiles = project.gameTiles;
        request.tileSize = size;
        if (png)
            if (auto problem = depthImageProblem(project.size, size)) {
                // The game's art has one size: what fits is Burrow's tiles, or no PNG.
                const int fits = largestFittingCell(project.size, size, false);
                throw UsageError("the game's " + std::to_string(size) + " px tiles: " + *problem + " (give --burrow-tiles --cell " + std::to_string(fits) +
                                 ", or leave png out of --format; the Tiled and LDtk maps take any size)");
            }
    } else if (png && a.value("cell")) {
        if (auto problem = depthImageProblem(project.size, request.tileSize)) throw UsageError("--cell " + std::to_string(request.tileSize) + ": " + *problem);
    } else if (png) {
        const int fits = largestFittingCell(project.size, request.tileSize, false);
        if (fits < request.tileSize)
            err << "note: cells are " << fits << " px (" << request.tileSize << " px would make a PNG above 33,554,432 pixels, more than Tiled "
                << "and other Qt-based tools open); give --cell to choose\n";
        request.tileSize = fits;
    }
    const fs::path outDir = a.value("out").value_or(".");

    std::vector<std::uint64_t> seeds;
    if (auto range = a.value("seeds")) {
        const SeedRange r = parseSeedRange(*range);
        for (std::uint64_t s = r.first;; ++s) {
            seeds.push_back(s);
            if (s == r.last) break;
        }
    } else if (auto one = a.value("seed")) {
        if (one->empty()) throw UsageError("--seed needs a number or a text");
        seeds.push_back(seedFromText(*one));
    } else {
        seeds.push_back(project.seed);
    }
    const bool batch = a.value("seeds").has_value();
    if (!a.values("until").empty()) {
        if (batch || accept) throw UsageError("--until runs one seed's generation: not with --seeds or --accept");
        std::vector<Breakpoint> breakpoints;
        for (const std::string& text : a.values("until")) {
            std::string why;
            auto b = parseBreakpoint(text, why);
            if (!b) throw UsageError("--until " + text + ": " + why);
            if (const auto problem = breakpointProblem(*b, project.recipe, project.size)) throw UsageError("--until " + text + ": " + *problem);
            breakpoints.push_back(std::move(*b));
        }
        return generateUntil(project, seeds.front(), breakpoints, request, outDir, out);
    }
    const int jobs = jobsForMemory(a, generateMemory(project, request), std::min<int>(a.integer("jobs", defaultJobs(), 1, 256), static_cast<int>(seeds.size())), project, err);
    const std::string hash = projectHash(project);

    // Each seed writes its own folder, so the files do not depend on which thread
    // made them or in what order.
    std::atomic<std::size_t> done{0};
    std::mutex report;
    std::vector<std::string> failures, lines;
    std::size_t filesWritten = 0;
    const bool showProgress = batch && isatty(STDERR_FILENO);
    const InterruptWatch interrupt;
    std::atomic<std::size_t> skipped{0};
    forEachInParallel(seeds.size(), jobs, [&](std::size_t i) {
        {
            const std::uint64_t seed = seeds[i];
            const fs::path folder = batch ? outDir / ("seed-" + std::to_string(seed)) : outDir;
            if (InterruptWatch::requested()) {
                ++skipped;
                return;
            }
            try {
                StageProgress progress(err, !batch && !accept && isatty(STDERR_FILENO));
                std::optional<AcceptedLevel> accepted;
                if (accept) accepted = makeAcceptedLevel(project, seed, {}, &progress);
                const MadeLevel made = accepted ? std::move(accepted->made) : makeLevel(project, seed, &progress);
                progress.finish();
                // With --accept the level is the kept attempt's: its files name the
                // seed that makes it, so anyone can make it again from them alone.
                const std::uint64_t levelSeed = accepted ? accepted->levelSeed : seed;
                const std::string levelId = levelHash(made.level);
                const ImageOptions frameOptions{request.tileSize, request.pngStyle, request.pngRegions, true, project.movement};
                if (frames > 0) // before any of the seed's files
                    if (auto problem = filmProblem(project, levelSeed, static_cast<std::size_t>(frames), frameOptions)) throw std::invalid_argument(*problem);
                // The report and the level's files are saved as one.
                FileTransaction seedFiles;
                std::vector<fs::path> files;
                if (accepted) {
                    fs::create_directories(folder);
                    files.push_back(folder / (request.stem + ".acceptance.json"));
                    seedFiles.add(files.back(), acceptanceReport(project, seed, *accepted, levelId).dump(2) + "\n");
                    if (!accepted->accepted) {
                        seedFiles.commit();
                        const std::lock_guard lock(report);
                        failures.push_back("seed " + std::to_string(seed) + ": none of " + std::to_string(project.acceptance.attempts) +
                                           " attempts passes; the closest, attempt " + std::to_string(accepted->attempt) + " (level seed " +
                                           std::to_string(accepted->levelSeed) + "), breaks " + accepted->broken);
                        return;
                    }
                }
                for (fs::path& f : stageLevelExport(made.level, {project.name, levelSeed, hash, levelId}, request, folder, seedFiles)) files.push_back(std::move(f));
                seedFiles.commit();
                if (accepted && !batch)
                    lines.push_back("seed " + std::to_string(seed) + ": attempt " + std::to_string(accepted->attempt) + " passes (level seed " +
                                    std::to_string(levelSeed) + ": `burrow generate " + projectPath.string() + " --seed " + std::to_string(levelSeed) +
                                    "` makes it again)");
                if (frames > 0) {
                    LevelBuild filmed(project, levelSeed);
                    exportFrames(filmed, static_cast<std::size_t>(frames), frameOptions, folder / "frames");
                }
                const std::lock_guard lock(report);
                filesWritten += files.size();
                for (const auto& w : made.warnings) err << "warning: seed " << seed << ": " << w.text() << "\n";
                if (!batch) {
                    for (const auto& f : files) lines.push_back("wrote " + f.string());
                    lines.push_back("level hash " + levelId);
                }
            } catch (const InterruptWatch::Stopped&) {
                ++skipped;
            } catch (const std::bad_alloc&) {
                const std::lock_guard lock(report);
                failures.push_back("seed " + std::to_string(seed) + ": out of memory (try fewer --jobs)");
            } catch (const std::exception& e) {
                const std::lock_guard lock(report);
                failures.push_back("seed " + std::to_string(seed) + ": " + e.what());
            }
            const std::size_t finished = ++done;
            if (showProgress) {
                const std::lock_guard lock(report);
                err << "\r" << finished << " of " << seeds.size() << " seeds" << std::flush;
            }
        }
    });
    if (showProgress) err << "\n";
    for (const auto& l : lines) out << l << "\n";
    for (const auto& f : failures) err << "error: " << f << "\n";
    // Ctrl+C during the last export (nothing left to skip) stops the command all the same.
    if (skipped > 0 || InterruptWatch::requested()) {
        out << "stopped by Ctrl+C: " << seeds.size() - failures.size() - skipped << " of " << seeds.size()
            << " seeds written, each whole; the rest were not started\n";
        return 130;
    }
    out << "generated " << seeds.size() - failures.size() << " of " << seeds.size() << (seeds.size() == 1 ? " seed" : " seeds") << " ("
        << project.size.width << " x " << project.size.height << " x " << project.size.depth << "), " << filesWritten << " files in "
        << outDir.string() << (failures.empty() ? "" : ", " + std::to_string(failures.size()) + " failed") << "\n";
    return failures.empty() ? 0 : 1;
}

} // namespace burrow::cli
