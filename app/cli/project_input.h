#pragma once
// The PROJECT a command works on: a project file, or "-" for a project read from
// standard input (the files it names are then looked up in the current folder),
// with the command line's overrides applied (core's project/project_overrides.h).
#include <filesystem>
#include <iosfwd>
#include <set>
#include <string>

#include "cli/arguments.h"
#include "project/project.h"

namespace burrow::cli {

// What those options do, as every such command's --help ends.
inline constexpr const char* kOverrideHelp =
    "\nPROJECT may be - (read from standard input; the files it names are found from here).\n"
    "Overrides change the project for this run only; they are part of project_hash:\n"
    "  --set STAGE.PARAM=VALUE  a stage's parameter (repeatable): --set caves.fill=0.45\n"
    "  --size WxH[xD]           the level's size (WxH keeps the project's depth)\n"
    "  --accept-rule RULE       an acceptance rule, METRIC>=X or METRIC<=X (repeatable)\n";

// The options every command that reads a PROJECT takes besides its own.
inline const std::set<std::string> kOverrideOptions = {"set", "size", "accept-rule"};
std::set<std::string> withOverrideOptions(std::set<std::string> valued);

// The overrides `a` gives (--set, repeatable; --size; --accept-rule, repeatable).
ProjectOverrides overridesOf(const Arguments& a);

// A project's text as read once, to be read again with other overrides (sweep).
struct ProjectSource {
    std::string text;
    std::string name;             // the path, or "standard input"
    std::filesystem::path folder; // where the files it names are found
};
ProjectSource readProjectSource(const std::string& project);
Project projectFromSource(const ProjectSource& source, const ProjectOverrides& overrides, std::ostream& err);

// Reads `project` ("-": standard input) with `overrides`; prints what was read but
// deserves a word to `err` as warnings. A bad override is a UsageError (exit 2); a bad
// project a FileError naming the file (or "standard input") and the field.
Project readCommandProject(const std::string& project, const ProjectOverrides& overrides, std::ostream& err);

// "dungeon.burrow.json" -> "dungeon"; "-" -> "level".
std::string projectStem(const std::string& project);

} // namespace burrow::cli
