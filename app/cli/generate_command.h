#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace burrow::cli {

// `burrow generate`: one project, one seed or a range of seeds in parallel, any formats.
int generateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
extern const char* const kGenerateHelp;

} // namespace burrow::cli
