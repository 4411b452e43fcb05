#include "pipeline/memory_estimate.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace burrow {
namespace {

std::uint64_t cellsOf(const LevelSize& s) { return std::uint64_t(s.width) * std::uint64_t(s.height) * std::uint64_t(s.depth); }
std::uint64_t depthCellsOf(const LevelSize& s) { return std::uint64_t(s.width) * std::uint64_t(s.height); }

// The level (a byte a cell), population's occupancy (a bit a cell) and one depth's
// working buffers at a time: labels and runs, the caves of the depth being
// populated, a stage's bit grids (24 bytes a depth's cell covers them; stages reuse
// them depth after depth). 4096 x 4096 x 64 of cellular-depths: 1.63 GiB estimated,
// 1.30 GiB measured (`/usr/bin/time -v burrow generate`, text output).
std::uint64_t makingMemory(const Project& project) {
    const bool populated = std::any_of(project.recipe.stages.begin(), project.recipe.stages.end(),
                                       [](const StageEntry& e) { return e.enabled && e.type == "populate"; });
    const std::uint64_t cells = cellsOf(project.size);
    return cells + (populated ? cells / 4 : 0) + 24 * depthCellsOf(project.size);
}

} // namespace

MemoryNeed levelMemory(const Project& project) { return {0, makingMemory(project)}; }

MemoryNeed generateMemory(const Project& project, const ExportRequest& request) {
    std::uint64_t bytes = makingMemory(project), exporting = 0;
    const std::uint64_t depthCells = depthCellsOf(project.size);
    for (ExportFormat f : request.formats) {
        switch (f) {
        case ExportFormat::Txt: exporting = std::max(exporting, depthCells + (std::uint64_t{1} << 20)); break; // streamed (one depth's with --depth)
        case ExportFormat::Csv:
        case ExportFormat::Tmx:
        case ExportFormat::Tmj: // a depth at a time
        case ExportFormat::Ldtk: exporting = std::max(exporting, 3 * depthCells); break; // every depth, streamed a row or a thing at a time
        case ExportFormat::Png: {
            // A depth's pixels, its PNG rows and the encoded file; the sheet beside it.
            const int sheetCell = largestFittingCell(project.size, request.tileSize, true);
            const std::uint64_t sheet = project.size.depth > 1 && sheetCell > 0 ? contactSheetPixels(project.size, sheetCell) * 4 : 0;
            exporting = std::max(exporting, depthImagePixels(project.size, request.tileSize) * 7 + sheet);
            break;
        }
        }
    }
    return {0, bytes + exporting};
}

// Labels, distance maps and region graphs: 10 bytes a cell (measured 7.6 to 8.9).
MemoryNeed statsMemory(const Project& project) { return {0, makingMemory(project) + 10 * cellsOf(project.size)}; }

// Each game keeps its own copy of the level, its field of view and memory of seen cells.
MemoryNeed playMemory(const Project& project) { return {makingMemory(project), 3 * cellsOf(project.size)}; }

int jobsWithin(const MemoryNeed& need, int jobs, std::uint64_t budget, const Project& project) {
    if (auto problem = overBudget(need, budget, project.size))
        throw std::invalid_argument(*problem + ": make the level smaller, or give --memory GIB if the machine has it");
    if (need.perJob == 0) return jobs;
    const std::uint64_t fit = (budget - need.once) / need.perJob;
    return static_cast<int>(std::clamp<std::uint64_t>(fit, 1, static_cast<std::uint64_t>(std::max(1, jobs))));
}

std::optional<std::string> overBudget(const MemoryNeed& need, std::uint64_t budget, const LevelSize& s) {
    if (need.total(1) <= budget) return std::nullopt;
    return "a " + std::to_string(s.width) + " x " + std::to_string(s.height) + " x " + std::to_string(s.depth) + " level needs about " +
           bytesText(need.total(1)) + " here, above the memory budget of " + bytesText(budget);
}

std::string bytesText(std::uint64_t bytes) {
    char text[32];
    if (bytes >= (std::uint64_t{1} << 30)) std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / double(1 << 30));
    else std::snprintf(text, sizeof text, "%.0f MiB", static_cast<double>(bytes) / double(1 << 20));
    return text;
}

} // namespace burrow
