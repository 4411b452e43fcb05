// The C API's levels (include/burrow/burrow.h): made by makeLevel(), the one way
// Burrow makes a level, so a game's level is the editor's and `burrow stats`'.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>

#include "analysis/acceptance.h"
#include "api_errors.h"
#include "generation/generation.h"
#include "handles.h"
#include "level_views.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "pipeline/memory_estimate.h"

using burrow::runtime::ApiFailure;
using burrow::runtime::guarded;
using burrow::runtime::require;

namespace {

// The game's progress callback, told after each stage run, and its stop check, polled
// while one runs; either's "stop" is thrown through the generation (observers may
// throw) and becomes BURROW_ERROR_CANCELLED.
class ProgressCallback final : public burrow::GenerationObserver {
public:
    explicit ProgressCallback(const burrow_make_options& options)
        : callback_(options.progress), shouldStop_(options.should_stop), userData_(options.user_data) {}
    void runsPlanned(std::size_t count) override { total_ = static_cast<int>(count); }
    void stageFinished(const burrow::StageRun& run, std::size_t index) override {
        if (callback_ && callback_(userData_, static_cast<int>(index) + 1, total_, run.label.c_str()) != 0) throw burrow::runtime::Cancelled{};
    }
    void whileRunning(const burrow::StageRun&, std::size_t) override {
        if (shouldStop_ && shouldStop_(userData_) != 0) throw burrow::runtime::Cancelled{};
    }

private:
    burrow_progress_callback callback_;
    int (*shouldStop_)(void*);
    void* userData_;
    int total_ = 0;
};

// The options the caller's struct has (struct_size says how many fields it knows).
burrow_make_options knownOptions(const burrow_make_options* given) {
    burrow_make_options options{};
    options.struct_size = sizeof options;
    if (!given) return options;
    require(given->struct_size >= offsetof(burrow_make_options, memory_budget), "the options' struct_size is too small: set it to sizeof(burrow_make_options)");
    std::memcpy(&options, given, std::min(given->struct_size, sizeof options));
    return options;
}

bool inside(const burrow_level* level, int x, int y, int z) { return level && level->level.contains(x, y, z); }

} // namespace

extern "C" {

burrow_level* burrow_level_make_with(const burrow_project* project, uint64_t seed, const burrow_make_options* givenOptions, burrow_error** error) {
    return guarded(error, static_cast<burrow_level*>(nullptr), [&] {
        require(project != nullptr, "the project is NULL");
        const burrow_make_options options = knownOptions(givenOptions);
        const std::uint64_t budget = options.memory_budget ? options.memory_budget : burrow::kDefaultMemoryBudget;
        // Judging an attempt measures it too (distances, and the bot's games if a rule reads them).
        const burrow::MemoryNeed need = options.accept ? burrow::statsMemory(project->project) : burrow::levelMemory(project->project);
        if (auto problem = burrow::overBudget(need, budget, project->project.size))
            throw ApiFailure{BURROW_ERROR_MEMORY, project->name + ": " + *problem + ": make the level smaller, or give a larger memory_budget"};

        std::optional<ProgressCallback> progress;
        if (options.progress || options.should_stop) progress.emplace(options);
        auto level = std::make_unique<burrow_level>();
        burrow::MadeLevel made;
        if (options.accept) {
            burrow::AcceptedLevel kept = burrow::makeAcceptedLevel(project->project, seed, {}, progress ? &*progress : nullptr);
            made = std::move(kept.made);
            level->seed = kept.levelSeed;
            level->attempt = kept.attempt;
            level->accepted = kept.accepted ? 1 : 0;
            level->brokenRule = kept.broken;
        } else {
            made = burrow::makeLevel(project->project, seed, progress ? &*progress : nullptr);
            level->seed = seed;
        }
        level->level = std::move(made.level);
        level->warnings = std::move(made.warnings);
        level->movement = project->project.movement;
        level->projectName = project->project.name;
        level->projectHash = project->hash;
        burrow::runtime::buildLevelViews(*level);
        return level.release();
    });
}

burrow_level* burrow_level_make(const burrow_project* project, uint64_t seed, burrow_error** error) {
    return burrow_level_make_with(project, seed, nullptr, error);
}

void burrow_level_free(burrow_level* level) { delete level; }

const char* burrow_level_hash(const burrow_level* level) {
    if (!level) return nullptr;
    return guarded(nullptr, static_cast<const char*>(nullptr), [&] {
        std::call_once(level->hashOnce, [&] { level->hash = burrow::levelHash(level->level); });
        return level->hash.c_str();
    });
}

uint64_t burrow_level_seed(const burrow_level* level) { return level ? level->seed : 0; }
int burrow_level_attempt(const burrow_level* level) { return level ? level->attempt : -1; }
int burrow_level_accepted(const burrow_level* level) { return level ? level->accepted : -1; }
const char* burrow_level_broken_rule(const burrow_level* level) { return level && level->accepted == 0 ? level->brokenRule.c_str() : nullptr; }
int burrow_level_width(const burrow_level* level) { return level ? level->level.width() : -1; }
int burrow_level_height(const burrow_level* level) { return level ? level->level.height() : -1; }
int burrow_level_depth(const burrow_level* level) { return level ? level->level.depthCount() : -1; }

int burrow_level_movement(const burrow_level* level) { return level ? static_cast<int>(level->movement) : -1; }

int burrow_level_tile(const burrow_level* level, int x, int y, int z) {
    return inside(level, x, y, z) ? static_cast<int>(level->level.at(x, y, z)) : -1;
}

const char* burrow_level_tile_name(const burrow_level* level, int x, int y, int z) {
    return inside(level, x, y, z) ? level->level.kinds[level->level.at(x, y, z)].id.c_str() : nullptr;
}

int burrow_level_tiles(const burrow_level* level, int z, uint8_t* out, size_t capacity, burrow_error** error) {
    return guarded(error, -1, [&] {
        require(level != nullptr, "the level is NULL");
        require(z >= 0 && z < level->level.depthCount(), "no such depth");
        const burrow::TileGrid& tiles = level->level.tiles(z);
        const std::size_t cells = std::size_t(tiles.width()) * std::size_t(tiles.height());
        require(out != nullptr && capacity >= cells, "the buffer is NULL or holds fewer bytes than the depth has cells (width * height)");
        static_assert(sizeof(burrow::Tile) == 1);
        std::memcpy(out, tiles.data(), cells);
        return static_cast<int>(cells);
    });
}

int burrow_level_kind_count(const burrow_level* level) { return level ? static_cast<int>(level->kinds.size()) : -1; }
const burrow_kind* burrow_level_kind(const burrow_level* level, int index) {
    return level && index >= 0 && index < static_cast<int>(level->kinds.size()) ? &level->kinds[static_cast<std::size_t>(index)] : nullptr;
}

int burrow_level_thing_count(const burrow_level* level) { return level ? static_cast<int>(level->things.size()) : -1; }
const burrow_thing* burrow_level_thing(const burrow_level* level, int index) {
    return level && index >= 0 && index < static_cast<int>(level->things.size()) ? &level->things[static_cast<std::size_t>(index)] : nullptr;
}

int burrow_level_stairs_count(const burrow_level* level) { return level ? static_cast<int>(level->stairs.size()) : -1; }
const burrow_stairs* burrow_level_stairs(const burrow_level* level, int index) {
    return level && index >= 0 && index < static_cast<int>(level->stairs.size()) ? &level->stairs[static_cast<std::size_t>(index)] : nullptr;
}

int burrow_level_stairs_partner(const burrow_level* level, int x, int y, int z, int* toX, int* toY, int* toZ) {
    if (!inside(level, x, y, z)) return -1;
    for (const burrow_stairs& s : level->stairs) {
        if (s.x != x || s.y != y || (s.upper_depth != z && s.lower_depth != z)) continue;
        if (toX) *toX = s.x;
        if (toY) *toY = s.y;
        if (toZ) *toZ = s.upper_depth == z ? s.lower_depth : s.upper_depth;
        return 0;
    }
    return -1;
}

} // extern "C"
