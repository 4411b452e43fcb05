#pragma once
// `burrow explore`: a recipe judged over many seeds (analysis/explore_report.h),
// on one machine or split into shards and merged.
#include <iosfwd>
#include <string>
#include <vector>

namespace burrow::cli {

int exploreCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace burrow::cli
