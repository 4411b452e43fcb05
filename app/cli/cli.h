#pragma once
// The headless subcommands (`burrow generate`, `validate`, ...). They use the same
// core as the editor and no Qt, so they run on machines without a display.
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace burrow::cli {

// Runs the subcommand named by args[0]. Returns the process exit code, or nothing
// when args do not name a subcommand (the caller then starts the editor).
std::optional<int> run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// `burrow --help`: the editor's usage and every subcommand, one line each.
std::string usage();
// The metric catalog as a Markdown table (docs/cli.md holds it).
std::string metricsMarkdown();

} // namespace burrow::cli
