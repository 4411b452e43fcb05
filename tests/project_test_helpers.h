#pragma once
// Reading project documents in tests: the smallest good project, the problems a document has as "path|message"
// lines (so a test can look for the path and the words), or the project itself,
// failing loudly when a document meant to be good is not.
#include <QStringList>
#include <QtGlobal>

#include <filesystem>
#include <stdexcept>

#include "pipeline/builtin_stages.h"
#include "project/project.h"

namespace burrow::test {

// The smallest good project: two depths of random fill.
inline nlohmann::json minimalProject() {
    return nlohmann::json::parse(R"({
      "format": "burrow-project", "version": 1, "name": "t", "seed": 7,
      "size": {"width": 20, "height": 10, "depth": 2},
      "recipe": [{"stage": "random_fill", "name": "fill", "params": {"wall_chance": 0.3}}]
    })");
}

// Files the document names are looked up in `folder` (the examples by default).
inline QStringList problemsOf(const nlohmann::json& doc, const std::filesystem::path& folder = BURROW_EXAMPLES) {
    std::vector<Diagnostic> problems;
    projectFromJson(doc, builtinStages(), problems, folder);
    QStringList lines;
    for (const auto& d : problems) lines << QString::fromStdString(d.path + "|" + d.message);
    return lines;
}

inline Project projectOf(const nlohmann::json& doc, const std::filesystem::path& folder = BURROW_EXAMPLES) {
    std::vector<Diagnostic> problems;
    Project p = projectFromJson(doc, builtinStages(), problems, folder);
    for (const auto& d : problems) qWarning("%s: %s", d.path.c_str(), d.message.c_str());
    if (!problems.empty()) throw std::runtime_error("the test project does not load");
    return p;
}

} // namespace burrow::test
