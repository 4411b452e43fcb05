#pragma once
// A recipe entry for a stage type with some parameters changed: the tests' shorthand.
#include "generation/stage_catalog.h"
#include "pipeline/builtin_stages.h"

inline burrow::StageEntry entry(const std::string& type, std::initializer_list<std::pair<std::string, burrow::ParamValue>> params = {}) {
    burrow::StageEntry e = burrow::makeStageEntry(*burrow::builtinStages().find(type), {});
    for (const auto& [k, v] : params) e.params.set(k, v);
    return e;
}
