#pragma once
// `burrow sweep`: how parameters move every metric (analysis/sweep_report.h).
#include <iosfwd>
#include <string>
#include <vector>

namespace burrow::cli {

int sweepCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace burrow::cli
