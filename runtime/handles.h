#pragma once
// What the C API's opaque handles are (include/burrow/burrow.h): a project as read,
// with what it was read from (overrides read it again), and a finished level with
// the C views of its contents, built once so the pointers handed out live as long
// as the level.
#include <filesystem>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "burrow/burrow.h"
#include "game_files.h"
#include "generation/stage_warning.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "project/project.h"

struct burrow_error {
    int code = BURROW_ERROR_INTERNAL;
    std::string message;
};

struct burrow_project {
    // Read again, with more overrides, by burrow_project_with_overrides.
    std::string text;
    std::string name;             // the file's path, or the name a game gave
    std::filesystem::path folder; // where the files it names are found
    // The files it names, when the game's reader gave them (null: the disk). Shared by
    // the projects made from it with overrides, which read them from here again.
    std::shared_ptr<burrow::runtime::GameFiles> files;
    burrow::ProjectOverrides overrides;

    burrow::Project project;
    std::string hash; // projectHash(project)
};

struct burrow_level {
    burrow::Level level;
    std::vector<burrow::StageWarning> warnings;
    std::uint64_t seed = 0; // the level seed: with `accept`, the kept attempt's
    int attempt = 1;
    int accepted = -1;      // burrow_level_accepted()
    std::string brokenRule; // when not accepted
    burrow::Connectivity movement = burrow::Connectivity::Eight;
    std::string projectName;
    std::string projectHash;

    // The C views, filled when the level is made (runtime/level_views.h).
    std::vector<burrow_kind> kinds;
    std::vector<burrow_thing> things;
    std::vector<std::vector<burrow_property>> thingProperties; // things[i].properties points into [i]
    std::deque<std::string> propertyTexts; // every property's text (a deque: its strings never move)
    std::vector<burrow_stairs> stairs;
    std::vector<std::string> warningTexts;

    // Computed on first use, once, whichever thread asks first.
    mutable std::once_flag hashOnce;
    mutable std::string hash;
    mutable std::once_flag metricsOnce;
    mutable std::string metricsJson;
    mutable std::optional<burrow_error> metricsError;
};
