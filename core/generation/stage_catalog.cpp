#include "generation/stage_catalog.h"

#include "generation/recipe.h"
#include "generators/random_fill.h"

namespace burrow {

const StageCatalog& StageCatalog::builtin() {
    static const StageCatalog catalog({
        randomFillStage(),
    });
    return catalog;
}

const StageType* StageCatalog::find(std::string_view id) const {
    for (const auto& type : types_)
        if (type.id == id) return &type;
    return nullptr;
}

std::string streamName(const StageEntry& entry, int depth) {
    return entry.name + "/depth " + std::to_string(depth) + "/reroll " + std::to_string(entry.reroll);
}

} // namespace burrow
