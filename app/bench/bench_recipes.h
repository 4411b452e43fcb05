#pragma once
// The recipes the cases build their levels from: a stage with some parameters set,
// a project of one recipe. Each case then makes its level the one way there is.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/builtin_stages.h"
#include "pipeline/level_build.h"
#include "model/tile.h"
#include "project/project.h"

namespace burrow::bench {

// A stage entry of `type` with its defaults and `params` set; `recipe` is what comes
// before it (a stage's defaults may depend on earlier stages).
inline StageEntry stage(const std::string& type, std::initializer_list<std::pair<std::string, ParamValue>> params,
                        const Recipe& recipe = {}) {
    StageEntry e = makeStageEntry(*builtinStages().find(type), recipe);
    for (const auto& [k, v] : params) e.params.set(k, v);
    return e;
}

inline Project projectOf(LevelSize size, Recipe recipe, std::uint64_t seed = 1234) {
    Project p;
    p.size = size;
    p.seed = seed;
    p.recipe = std::move(recipe);
    return p;
}

// Ruins by the water, 16 x 16: the sample examples/wfc-ruins.burrow.json grows from.
inline Prefab ruinsSample() {
    const std::vector<std::string> rows = {
        "################", "#....#.....#...#", "#....+.....#...#", "#....#.....+...#", "##+###.~~..#...#", "#.....~~~~.##+##",
        "#......~~.......", "#..#............", "####+####..##+##", "#.......#..#...#", "#.......+..#...#", "#..~~...#..#...#",
        "#.~~~~..####...#", "#..~~..........#", "#..............#", "################",
    };
    Prefab p;
    p.id = "ruins";
    p.width = static_cast<int>(rows.front().size());
    p.height = static_cast<int>(rows.size());
    for (const std::string& row : rows)
        for (char c : row) p.cells.push_back({*tileFromId(std::string_view(&c, 1))});
    return p;
}

// A project and the build that reads it, kept together (a build must not outlive
// its project): for a case that steps or scrubs one build between runs.
struct ProjectBuild {
    Project project;
    LevelBuild build;
    ProjectBuild(Project p, std::uint64_t seed, GenerationOptions options = {}) : project(std::move(p)), build(project, seed, options) {}
    ProjectBuild(const ProjectBuild&) = delete;
    ProjectBuild& operator=(const ProjectBuild&) = delete;
};

} // namespace burrow::bench
