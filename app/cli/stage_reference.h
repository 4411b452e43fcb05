#pragma once
// Every stage type and its parameters as text: `burrow stages` for a terminal,
// `--markdown` for docs/project-format.md (a test keeps the two identical).
#include <string>

#include "generation/stage_catalog.h"

namespace burrow::cli {

std::string stageReferenceText(const StageCatalog& catalog);
std::string stageReferenceMarkdown(const StageCatalog& catalog);

} // namespace burrow::cli
