#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace burrow::cli {

// `burrow play`: bot games in bulk, or a replay played back.
int playCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace burrow::cli
