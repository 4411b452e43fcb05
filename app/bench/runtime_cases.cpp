// The runtime library (libburrow) as a game calls it: making the examples' levels
// through the C API against makeLevel() directly (what the C layer costs), and
// eight threads making levels of one project against one thread.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench_case.h"
#include "burrow/burrow.h"
#include "pipeline/make_level.h"
#include "project/project.h"

namespace burrow::bench {
namespace {

constexpr std::uint64_t kSeedsEach = 20;
constexpr std::uint64_t kThreadedLevels = 4096;

std::vector<std::string> examplePaths() {
    std::vector<std::string> paths;
    for (const auto& entry : std::filesystem::directory_iterator(BURROW_EXAMPLES_DIR))
        if (entry.path().string().ends_with(".burrow.json")) paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

struct ProjectFree {
    void operator()(burrow_project* p) const { burrow_project_free(p); }
};
using ProjectHandle = std::shared_ptr<burrow_project>;

ProjectHandle openProject(const std::string& path) {
    burrow_error* error = nullptr;
    ProjectHandle p(burrow_project_open(path.c_str(), &error), ProjectFree{});
    if (!p) std::abort();
    return p;
}

// One level through the C API, freed at once (as a game making level after level).
void makeThroughApi(const burrow_project* project, std::uint64_t seed) {
    burrow_level* level = burrow_level_make(project, seed, nullptr);
    if (!level || burrow_level_width(level) <= 0) std::abort();
    burrow_level_free(level);
}

std::function<std::function<void()>()> examplesDirectly() {
    return [] {
        auto projects = std::make_shared<std::vector<Project>>();
        for (const std::string& path : examplePaths()) projects->push_back(loadProject(path, builtinStages()));
        return [projects] {
            for (const Project& p : *projects)
                for (std::uint64_t seed = 1; seed <= kSeedsEach; ++seed)
                    if (makeLevel(p, seed).level.width() <= 0) std::abort();
        };
    };
}

std::function<std::function<void()>()> examplesThroughApi() {
    return [] {
        auto projects = std::make_shared<std::vector<ProjectHandle>>();
        for (const std::string& path : examplePaths()) projects->push_back(openProject(path));
        return [projects] {
            for (const ProjectHandle& p : *projects)
                for (std::uint64_t seed = 1; seed <= kSeedsEach; ++seed) makeThroughApi(p.get(), seed);
        };
    };
}

// kThreadedLevels seeds of cellular-depths shared out among `threads`, all on one project.
std::function<std::function<void()>()> threadsOnOneProject(int threads) {
    return [threads] {
        ProjectHandle project = openProject(std::string(BURROW_EXAMPLES_DIR) + "/cellular-depths.burrow.json");
        return [project, threads] {
            std::vector<std::thread> workers;
            for (int t = 0; t < threads; ++t)
                workers.emplace_back([&, t] {
                    for (std::uint64_t seed = std::uint64_t(t); seed < kThreadedLevels; seed += std::uint64_t(threads)) makeThroughApi(project.get(), seed);
                });
            for (auto& w : workers) w.join();
        };
    };
}

} // namespace

std::vector<Case> runtimeCases() {
    const std::string each = "examples x " + std::to_string(kSeedsEach);
    return {
        {"runtime: every example's levels, makeLevel directly", each, "what the C API row is compared with", examplesDirectly()},
        {"runtime: every example's levels, through the C API", each, "at most 2% over makeLevel directly", examplesThroughApi()},
        {"runtime: 4096 levels of one project, 1 thread", "cellular-depths", "what 8 threads are compared with", threadsOnOneProject(1)},
        {"runtime: 4096 levels of one project, 8 threads", "cellular-depths", "at least 1.8x faster than 1 thread on 2 cores", threadsOnOneProject(8)},
    };
}

} // namespace burrow::bench
