#pragma once
// `burrow stats`: the metrics of a project's level, as a table or as JSON.
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "regions/level_metrics.h"

namespace burrow::cli {

int statsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// The JSON form documented in docs/cli.md.
nlohmann::ordered_json metricsToJson(const LevelMetrics& metrics);

} // namespace burrow::cli
