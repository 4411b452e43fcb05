#include "generation/stage_catalog.h"

namespace burrow {

const StageType* StageCatalog::find(std::string_view id) const {
    for (const auto& type : types_)
        if (type.id == id) return &type;
    return nullptr;
}

} // namespace burrow
