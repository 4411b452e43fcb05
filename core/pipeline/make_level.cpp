#include "pipeline/make_level.h"

#include "content/population_rules.h"

namespace burrow {

Generation startGeneration(const Project& project, std::uint64_t seed, GenerationOptions options, const StageCatalog& catalog) {
    options.movement = project.movement;
    return Generation(project.size, seed, project.recipe, catalog, options);
}

namespace {

const EntityTemplate* templateFor(const Project& project, const std::string& name) {
    for (const StageEntry& entry : project.recipe.stages)
        if (entry.rules)
            for (const EntityTemplate& t : entry.rules->templates)
                if (t.name == name) return &t;
    for (const EntityTemplate& t : defaultTemplates())
        if (t.name == name) return &t;
    return nullptr;
}

} // namespace

void finishLevel(const Project& project, Level& level) {
    project.edits.applyTo(level);
    level.templates.clear();
    // The player's template is always there: the play-test needs one even on a level
    // where nothing was placed.
    auto add = [&](const std::string& name) {
        if (level.findTemplate(name)) return;
        if (const EntityTemplate* t = templateFor(project, name)) level.templates.push_back(*t);
    };
    add("player");
    for (const Entity& e : level.entities) add(e.templateName);
}

MadeLevel makeLevel(const Project& project, std::uint64_t seed, GenerationObserver* observer, const StageCatalog& catalog) {
    Generation generation = startGeneration(project, seed, {}, catalog);
    generation.setObserver(observer);
    generation.run();
    MadeLevel made{std::move(generation.level()), generation.warnings()};
    finishLevel(project, made.level);
    return made;
}

} // namespace burrow
