#pragma once
// A recipe: the ordered stages that make a level, as stored in the project file.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generation/parameter.h"

namespace burrow {

struct PopulationRules;

struct StageEntry {
    std::string type;          // a StageType id: "drone_mining"
    std::string name;          // unique in the recipe; names the stage's random stream
    bool enabled = true;
    std::uint32_t reroll = 0;  // bumped by "reroll": a new stream for this stage only
    std::vector<int> depths;   // the depths it runs on; empty means every depth
    ParamValues params;
    // The populate stage's rules, and the file they came from ("" when written inline).
    std::shared_ptr<const PopulationRules> rules;
    std::string rulesFile;
    nlohmann::json extra = nlohmann::json::object(); // the stage's "extra" object, kept as read for the next save

    // Rules compare by content: the same rules loaded twice are the same stage.
    friend bool operator==(const StageEntry& a, const StageEntry& b);
};

struct Recipe {
    std::vector<StageEntry> stages;
    friend bool operator==(const Recipe&, const Recipe&) = default;
};

struct StageType;
struct EntityTemplate;

// The templates of the recipe: every populate stage's, merged into one table (each
// name once, as first defined). A level's placed things are resolved through it, so
// a template means one thing in the whole level; the project reader refuses a recipe
// whose stages define one name differently (templateConflicts).
std::vector<EntityTemplate> recipeTemplates(const Recipe& recipe);
const EntityTemplate* findRecipeTemplate(const Recipe& recipe, const std::string& name);

// A template defined differently by two stages (indices in Recipe::stages).
struct TemplateConflict {
    std::string name;
    std::size_t first = 0, second = 0;
};
std::vector<TemplateConflict> templateConflicts(const Recipe& recipe);

// A stage entry with every parameter at its default, named uniquely within `recipe`.
StageEntry makeStageEntry(const StageType& type, const Recipe& recipe);

// The name of a stage's random stream. Depth and reroll are part of it so that
// each depth draws its own numbers and a reroll touches nothing else.
std::string streamName(const StageEntry& entry, int depth);

} // namespace burrow
