// The C API's readings of a level beyond its tiles (include/burrow/burrow.h): where
// play starts and ends, regions, metrics and warnings, each computed by the core
// function the editor and the command line use.
#include <algorithm>

#include "analysis/measure.h"
#include "api_errors.h"
#include "handles.h"
#include "model/level_hash.h"
#include "regions/reachability.h"
#include "regions/region_map.h"

using burrow::runtime::guarded;
using burrow::runtime::require;

namespace {

int setCell(const burrow::Cell& c, int* x, int* y, int* z) {
    if (x) *x = c.x;
    if (y) *y = c.y;
    if (z) *z = c.z;
    return 0;
}

} // namespace

extern "C" {

int burrow_level_start(const burrow_level* level, int* x, int* y, int* z) {
    if (!level) return -1;
    return guarded(nullptr, -1, [&] {
        const auto start = burrow::defaultStart(level->level);
        return start ? setCell(*start, x, y, z) : -1;
    });
}

int burrow_level_exit(const burrow_level* level, int* x, int* y, int* z) {
    if (!level) return -1;
    for (const burrow::Marker& m : level->level.markers)
        if (m.name == "exit" && level->level.contains(m.at.x, m.at.y, m.at.z)) return setCell(m.at, x, y, z);
    return -1;
}

const char* burrow_level_lock(const burrow_level* level, int x, int y, int z) {
    if (!level || !level->level.contains(x, y, z) || level->level.at(x, y, z) != burrow::Tile::LockedDoor) return nullptr;
    // The last record of a door there that has a lock wins, as everywhere (keyed_flood.h).
    const auto& doors = level->level.doors;
    for (auto d = doors.rbegin(); d != doors.rend(); ++d)
        if (d->at == burrow::Cell{x, y, z} && !d->lock.empty()) return d->lock.c_str();
    return nullptr;
}

int burrow_level_regions(const burrow_level* level, int z, int32_t* out, size_t capacity, burrow_error** error) {
    return guarded(error, -1, [&] {
        require(level != nullptr, "the level is NULL");
        require(z >= 0 && z < level->level.depthCount(), "no such depth");
        const burrow::TileGrid& tiles = level->level.tiles(z);
        const std::size_t width = std::size_t(tiles.width()), cells = width * std::size_t(tiles.height());
        require(out != nullptr && capacity >= cells, "the buffer is NULL or holds fewer values than the depth has cells (width * height)");
        // Runs, not a label grid: the labels go straight into the caller's buffer.
        const burrow::RegionRuns runs = burrow::labelRuns(tiles, level->movement, level->level.kinds);
        std::fill(out, out + cells, 0);
        for (const burrow::CellRun& run : runs.runs)
            std::fill(out + std::size_t(run.y) * width + std::size_t(run.x0), out + std::size_t(run.y) * width + std::size_t(run.x1), run.label);
        return static_cast<int>(runs.regions.size());
    });
}

const char* burrow_level_metrics_json(const burrow_level* level, burrow_error** error) {
    return guarded(error, static_cast<const char*>(nullptr), [&]() -> const char* {
        require(level != nullptr, "the level is NULL");
        // Measured once, by whichever thread asks first; a failure is kept and
        // reported to every caller alike.
        std::call_once(level->metricsOnce, [&] {
            try {
                burrow::MeasureOptions options;
                options.botSeed = level->seed; // as `burrow stats --seed` measures
                burrow::Measurement m = burrow::measure(level->level, level->movement, options);
                burrow::recordWarnings(m, level->warnings.size());
                const char* hash = burrow_level_hash(level);
                level->metricsJson = burrow::levelStatsJson(level->projectName, level->seed, level->projectHash, hash ? hash : "", m).dump(2);
            } catch (...) {
                burrow_error* failed = nullptr;
                burrow::runtime::setErrorFromCurrentException(&failed);
                level->metricsError = *failed;
                burrow_error_free(failed);
            }
        });
        if (level->metricsError) throw burrow::runtime::ApiFailure{level->metricsError->code, level->metricsError->message};
        return level->metricsJson.c_str();
    });
}

int burrow_level_warning_count(const burrow_level* level) { return level ? static_cast<int>(level->warningTexts.size()) : -1; }
const char* burrow_level_warning(const burrow_level* level, int index) {
    return level && index >= 0 && index < static_cast<int>(level->warningTexts.size()) ? level->warningTexts[static_cast<std::size_t>(index)].c_str()
                                                                                       : nullptr;
}

} // extern "C"
