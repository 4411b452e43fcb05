// Timeline cases: recording in a memory budget, and what scrubbing costs when the
// steps it lands on were dropped and must be regenerated.
#include <cstdlib>
#include <memory>

#include "bench_case.h"
#include "bench_recipes.h"
#include "generation/generation.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"

namespace burrow::bench {
namespace {

constexpr std::size_t kBudget = std::size_t{64} << 20;

Project cavesProject(LevelSize size) {
    Project p;
    p.size = size;
    for (const char* type : {"cellular_caves", "prune_regions"}) p.recipe.stages.push_back(makeStageEntry(*builtinStages().find(type), {}));
    return p;
}

GenerationOptions recordingIn(std::size_t budget) {
    GenerationOptions options;
    options.recordTimeline = true;
    options.timelineBudget = budget;
    return options;
}

std::function<std::function<void()>()> generating(LevelSize size, bool record) {
    return [=] {
        return [=] {
            ProjectBuild made(cavesProject(size), 1234, record ? recordingIn(kBudget) : GenerationOptions{});
            made.build.run();
            if (made.build.level().width() != size.width) std::abort(); // keep the work observable
        };
    };
}

// A recorded generation at its end, in a budget that dropped its first stage runs,
// and a move into them: a scrub from the end to the middle of the first run, or
// Back from the first step of the second run (standing there, so Back must go
// into the first, dropped again by then).
std::function<std::function<void()>()> scrubbing(LevelSize size, std::size_t budget, bool back) {
    return [=] {
        auto made = std::make_shared<ProjectBuild>(cavesProject(size), 1234, recordingIn(budget));
        LevelBuild* g = &made->build;
        g->run();
        const Timeline& t = *g->generation().timeline();
        std::size_t secondRun = 0;
        while (secondRun < t.stepCount() && t.runOf(secondRun) == t.runOf(0)) ++secondRun;
        if (secondRun + 1 >= t.stepCount() || t.changesKept(0)) std::abort(); // the case lost its point
        if (back) {
            g->seek(secondRun);
            g->seek(t.stepCount()); // the runs used last are the end's: the first is dropped again
            g->seek(secondRun);
        }
        const std::size_t target = back ? secondRun - 1 : secondRun / 2;
        return [made, target, back] {
            LevelBuild& b = made->build;
            if (back) b.stepBack();
            else b.seek(target);
            if (b.generation().stepsDone() != target) std::abort();
        };
    };
}

} // namespace

std::vector<Case> timelineCases() {
    return {
        {"cellular caves + pruning, 8 depths", "1000x1000x8", "(the plain run for the next row)", generating({1000, 1000, 8}, false)},
        {"the same stepped, recorded in a 64 MiB timeline", "1000x1000x8", "≤ 3x the plain run", generating({1000, 1000, 8}, true)},
        {"timeline in 4 MiB: scrub from the end into a dropped stage run", "1000x1000x8", "≤ 50 ms", scrubbing({1000, 1000, 8}, std::size_t{4} << 20, false)},
        {"timeline in 4 MiB: back one step into a dropped stage run", "1000x1000x8", "≤ 50 ms", scrubbing({1000, 1000, 8}, std::size_t{4} << 20, true)},
    };
}

} // namespace burrow::bench
