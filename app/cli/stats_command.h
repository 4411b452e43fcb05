#pragma once
// `burrow stats`: the metrics of a project's level (analysis/measure.h), as a table
// or as JSON; over a range of seeds, their distribution.
#include <iosfwd>
#include <string>
#include <vector>

namespace burrow::cli {

int statsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace burrow::cli
