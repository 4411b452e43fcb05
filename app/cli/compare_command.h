#pragma once
// `burrow compare`: two recipes judged over the same seeds (analysis/comparison.h).
#include <iosfwd>
#include <string>
#include <vector>

namespace burrow::cli {

int compareCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace burrow::cli
