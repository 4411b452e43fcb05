#pragma once
// Every stage type Burrow knows, looked up by id. Immutable once built.
#include <string_view>
#include <vector>

#include "generation/stage.h"

namespace burrow {

class StageCatalog {
public:
    explicit StageCatalog(std::vector<StageType> types) : types_(std::move(types)) {}
    // The techniques that ship with Burrow (built once, never changed).
    static const StageCatalog& builtin();

    const StageType* find(std::string_view id) const;
    const std::vector<StageType>& types() const { return types_; }

private:
    std::vector<StageType> types_;
};

} // namespace burrow
