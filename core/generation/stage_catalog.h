#pragma once
// A set of stage types, looked up by id. Immutable once built; the ones Burrow
// ships are pipeline/builtin_stages.h.
#include <string_view>
#include <vector>

#include "generation/stage.h"

namespace burrow {

class StageCatalog {
public:
    explicit StageCatalog(std::vector<StageType> types) : types_(std::move(types)) {}
    const StageType* find(std::string_view id) const;
    const std::vector<StageType>& types() const { return types_; }

private:
    std::vector<StageType> types_;
};

} // namespace burrow
