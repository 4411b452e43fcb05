// Export speed cases: Tiled JSON and PNG of big levels, and batch generation on
// one and two threads (the second should take little more than half the time).
#include <filesystem>
#include <memory>
#include <sstream>

#include "bench_case.h"
#include "cli/cli.h"
#include "export/level_export.h"
#include "pipeline/make_level.h"
#include "pipeline/builtin_stages.h"

namespace burrow::bench {
namespace {

std::shared_ptr<const Level> caveLevel(LevelSize size) {
    Recipe r;
    r.stages.push_back(makeStageEntry(*builtinStages().find("cellular_caves"), r));
    r.stages.push_back(makeStageEntry(*builtinStages().find("prune_regions"), r));
    r.stages.push_back(makeStageEntry(*builtinStages().find("depth_links"), r));
    Project project;
    project.size = size;
    project.recipe = r;
    return std::make_shared<const Level>(makeLevel(project, 99).level);
}

std::function<std::function<void()>()> batch(int jobs) {
    return [jobs] {
        const auto folder = std::filesystem::temp_directory_path() / ("burrow-bench-batch-" + std::to_string(jobs));
        std::filesystem::remove_all(folder);
        return [folder, jobs] {
            std::ostringstream out, err;
            const int code = *cli::run({"generate", BURROW_EXAMPLES_DIR "/cellular-depths.burrow.json", "--seeds", "1..200", "--format", "txt", "--jobs",
                                        std::to_string(jobs), "--out", folder.string()},
                                       out, err);
            if (code != 0) std::abort();
        };
    };
}

// `burrow explore` of 2,000 seeds of the cellular-depths example with every cheap and search
// metric, and its report: the 10,000 seeds take five times as long.
std::function<std::function<void()>()> explore(int jobs) {
    return [jobs] {
        const auto folder = std::filesystem::temp_directory_path() / ("burrow-bench-explore-" + std::to_string(jobs));
        std::filesystem::remove_all(folder);
        return [folder, jobs] {
            std::ostringstream out, err;
            const int code = *cli::run({"explore", BURROW_EXAMPLES_DIR "/cellular-depths.burrow.json", "--seeds", "1..2000", "--jobs", std::to_string(jobs),
                                        "--out", folder.string()},
                                       out, err);
            if (code != 0) std::abort();
        };
    };
}

// Game tiles as a real project has them: walls blob-autotiled (47 masks) and water
// edge-autotiled in one tileset, floor plain; the rest falls back to Burrow's.
// Only what the map writer needs: no files are read.
GameTiles autotiledArt() {
    GameTiles art;
    art.tilesets.push_back({"walls", "walls.tsj", "walls.png", 16, 0, 0, "/art/walls.tsj", "/art/walls.png", 8, 64, 128, 128});
    KindTiles wall{0, 0, Autotile::Blob, {}, {}};
    for (int m : blobMasks()) wall.byMask[m] = static_cast<int>(wall.byMask.size());
    KindTiles water{0, 48, Autotile::Edge, {}, {}};
    for (int m = 0; m < 16; ++m) water.byMask[m] = 48 + m;
    art.kinds = {{"wall", wall}, {"water", water}, {"floor", KindTiles{0, 47, Autotile::None, {}, {}}}};
    return art;
}

std::function<void()> tmjOfEveryDepth(std::shared_ptr<const Level> level, std::optional<GameTiles> art) {
    return [level, art] {
        std::size_t bytes = 0;
        const MapTiles tiles{16, "tiles.png", art ? &*art : nullptr};
        for (int z = 0; z < level->depthCount(); ++z) bytes += tmjMap(*level, z, {"bench", 99, "0", "0"}, tiles).size();
        if (bytes == 0) std::abort();
    };
}

// The LDtk project of a level (every depth, streamed), counted, not kept.
std::function<void()> ldtkOfEveryDepth(std::shared_ptr<const Level> level) {
    return [level] {
        std::size_t bytes = 0;
        writeLdtkProject(*level, {"bench", 99, "0", "0"}, MapTiles{16, "tiles.png"}, [&](std::string_view piece) { bytes += piece.size(); });
        if (bytes == 0) std::abort();
    };
}

} // namespace

std::vector<Case> exportCases() {
    return {
        {"explore: 2,000 seeds of cellular-depths, 1 job", "100x48x6", "(one job, for the next row)", explore(1)},
        {"explore: 2,000 seeds of cellular-depths, 2 jobs", "100x48x6", "≥ 1.8x one job; 10,000 seeds ≤ 10 s", explore(2)},
        {"export: Tiled JSON of every depth", "1000x1000x4", "≤ 1 s", [] { return tmjOfEveryDepth(caveLevel({1000, 1000, 4}), std::nullopt); }},
        {"export: Tiled JSON of every depth, the game's tiles autotiled", "1000x1000x4", "≤ 1.2x the row above",
         [] { return tmjOfEveryDepth(caveLevel({1000, 1000, 4}), autotiledArt()); }},
        {"export: LDtk project of every depth", "1000x1000x4", "≤ 1 s (a tile a line, as LDtk writes them: 70 bytes a cell)",
         [] { return ldtkOfEveryDepth(caveLevel({1000, 1000, 4})); }},
        {"export: PNG of one depth at 4 px a cell", "1000x1000", "≤ 1 s",
         [] {
             static const auto level = caveLevel({1000, 1000, 1});
             return [] {
                 if (encodePng(depthImage(*level, 0, {4, CellStyle::Blocks, false, true, Connectivity::Eight})).empty()) std::abort();
             };
         }},
        {"generate --seeds 1..200 --format txt, cellular-depths, 1 job", "100x48x6", "(one job, for the next row)", batch(1)},
        {"generate --seeds 1..200 --format txt, cellular-depths, 2 jobs", "100x48x6", "≥ 1.7x one job: met where the disk keeps up (on a tmpfs 1.6-2.0x); on this machine's disk about 1.45x, as each seed's files and folder are flushed to the disk before they are renamed into place (three fsyncs a seed, about 0.25 ms each), which the disk does one at a time", batch(2)},
    };
}

} // namespace burrow::bench
