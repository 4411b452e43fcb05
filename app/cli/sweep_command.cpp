#include "cli/sweep_command.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "analysis/acceptance.h"
#include "analysis/sweep_report.h"
#include "cli/arguments.h"
#include "cli/memory_budget.h"
#include "cli/parallel.h"
#include "cli/project_input.h"
#include "cli/seed_range.h"
#include "io/diagnostic.h"
#include "io/file_io.h"
#include "io/file_transaction.h"

namespace burrow::cli {

namespace fs = std::filesystem;

namespace {

const char* kSweepHelp =
    "usage: burrow sweep PROJECT --param STAGE.PARAM=A..B[:STEP] [--param ...] --seeds A..B [--jobs J]\n"
    "                    [--bot] [--memory GIB] [--out DIR]\n"
    "How parameters move every metric: the recipe judged over the same seeds at each\n"
    "value of one parameter (a band of quartiles a metric) or each pair of values of two\n"
    "(a heatmap of medians a metric).\n"
    "  --param P=A..B[:STEP]  a stage's parameter from A to B (both included) by STEP;\n"
    "                         STEP defaults to 1 for whole numbers, else a quarter of B-A\n"
    "  --seeds A..B           the seeds made at every point\n"
    "  --out DIR              where sweep.html and sweep.json go (default .)\n";

constexpr std::size_t kMostValues = 50, kMostPoints = 400;

double numberOf(const std::string& text, const std::string& option) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) throw UsageError(option + ": \"" + text + "\" is not a number");
    return v;
}

// "caves.fill=0.40..0.55:0.05" -> {"caves.fill", {0.40, 0.45, 0.50, 0.55}}
SweptParameter parseParameter(const std::string& text) {
    const std::string option = "--param " + text;
    const auto equals = text.find('='), dots = text.find("..", equals == std::string::npos ? 0 : equals);
    if (equals == std::string::npos || dots == std::string::npos) throw UsageError(option + ": expected STAGE.PARAM=A..B[:STEP]");
    const auto colon = text.find(':', dots);
    const std::string lowText = text.substr(equals + 1, dots - equals - 1);
    const std::string highText = text.substr(dots + 2, colon == std::string::npos ? std::string::npos : colon - dots - 2);
    const double low = numberOf(lowText, option), high = numberOf(highText, option);
    if (low > high) throw UsageError(option + ": A must not be above B");
    const bool whole = low == std::floor(low) && high == std::floor(high) && lowText.find('.') == std::string::npos && highText.find('.') == std::string::npos;
    const double step = colon != std::string::npos ? numberOf(text.substr(colon + 1), option) : whole ? 1.0 : (high - low) / 4;
    if (!(step > 0) && high > low) throw UsageError(option + ": STEP must be above 0");
    SweptParameter p{text.substr(0, equals), {}};
    // Each value from its index, so no rounding error builds up; B itself is kept when
    // the steps land on it within a millionth of a step.
    for (std::size_t i = 0;; ++i) {
        const double v = low + static_cast<double>(i) * step;
        if (v > high + step * 1e-6) break;
        if (p.values.size() == kMostValues) throw UsageError(option + ": more than " + std::to_string(kMostValues) + " values; take a larger STEP");
        p.values.push_back(std::min(v, high));
        if (high == low) break;
    }
    return p;
}

std::string valueText(double v) { return v == std::floor(v) && std::abs(v) < 1e15 ? std::to_string(static_cast<long long>(v)) : numberText(v, 12); }

} // namespace

int sweepCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Arguments a(args, withOverrideOptions({"param", "seeds", "jobs", "memory", "out"}), {"help", "bot"});
    if (a.flag("help")) {
        out << kSweepHelp << kOverrideHelp;
        return 0;
    }
    if (a.positional().size() != 1) throw UsageError("sweep takes one PROJECT");
    const auto texts = a.values("param");
    if (texts.empty() || texts.size() > 2) throw UsageError("sweep takes one or two --param");
    Sweep sweep;
    for (const std::string& t : texts) sweep.parameters.push_back(parseParameter(t));
    const std::size_t columns = sweep.parameters.size() == 2 ? sweep.parameters[1].values.size() : 1;
    const std::size_t points = sweep.parameters[0].values.size() * columns;
    if (points > kMostPoints) throw UsageError("the grid has " + std::to_string(points) + " points, more than " + std::to_string(kMostPoints) + "; take larger steps");
    const auto range = a.value("seeds");
    if (!range) throw UsageError("sweep needs --seeds A..B");
    const SeedRange seeds = parseSeedRange(*range);
    sweep.firstSeed = seeds.first;
    sweep.lastSeed = seeds.last;

    // Every point's project, read (and checked) before any level is made: a value out
    // of its parameter's range stops the sweep at once, naming it.
    const ProjectSource source = readProjectSource(a.positional()[0]);
    const ProjectOverrides base = overridesOf(a);
    std::vector<Project> projects;
    std::vector<std::vector<std::size_t>> at;
    for (std::size_t i = 0; i < points; ++i) {
        std::vector<std::size_t> index{i / columns};
        if (sweep.parameters.size() == 2) index.push_back(i % columns);
        ProjectOverrides overrides = base;
        for (std::size_t k = 0; k < index.size(); ++k)
            overrides.sets.push_back(sweep.parameters[k].name + "=" + valueText(sweep.parameters[k].values[index[k]]));
        // Notices (a rules file changed since the save) are the same at every point: said once.
        std::ostringstream quiet;
        projects.push_back(projectFromSource(source, overrides, i == 0 ? err : quiet));
        at.push_back(std::move(index));
    }
    const std::size_t count = seeds.count();
    const int asked = std::max(1, std::min<int>(a.integer("jobs", defaultJobs(), 1, 256), static_cast<int>(std::min<std::size_t>(count * points, 256))));
    const int jobs = jobsForMemory(a, statsMemory(projects.front()), asked, projects.front(), err);
    MeasureOptions options;
    if (a.flag("bot")) options.upTo = MetricCost::BotGames;
    std::vector<std::vector<SeedResult>> results(points, std::vector<SeedResult>(count));
    forEachInParallel(points * count, jobs, [&](std::size_t i) { results[i / count][i % count] = judgeSeed(projects[i / count], seeds.first + i % count, false, options); });
    for (std::size_t i = 0; i < points; ++i) sweep.points.push_back(sweepPoint(at[i], projectHash(projects[i]), results[i]));

    const fs::path dir = a.value("out").value_or(".");
    fs::create_directories(dir);
    // The page and its data are one report: a failed write keeps the old pair.
    FileTransaction files;
    files.add(dir / "sweep.json", sweepToJson(sweep, projects.front().name).dump(2) + "\n");
    files.add(dir / "sweep.html", sweepHtml(sweep, projects.front().name));
    files.commit();
    int failed = 0;
    for (const SweepPoint& p : sweep.points) failed += p.failed;
    out << "swept " << points << " points x " << count << " seeds";
    if (failed > 0) out << " (" << failed << " levels could not be made)";
    out << "\nwrote " << (dir / "sweep.html").string() << " and " << (dir / "sweep.json").string() << "\n";
    return failed > 0 ? 1 : 0;
}

} // namespace burrow::cli
