#include "pipeline/make_level.h"

#include "content/population_rules.h"

namespace burrow {

Generation startGeneration(const Project& project, std::uint64_t seed, GenerationOptions options, const StageCatalog& catalog) {
    options.movement = project.movement;
    Generation generation(project.size, seed, project.recipe, catalog, options);
    // Stages may lay the project's own kinds (a bridge hallway), and whatever reads the
    // level while it grows (the editor's map, breakpoints) should read it as the
    // finished level will be read. Set before the first step: stages are made from it.
    generation.level().kinds = project.tileKinds;
    return generation;
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

std::vector<StageWarning> finishLevel(const Project& project, Level& level) {
    std::vector<StageWarning> warnings;
    level.kinds = project.tileKinds;
    project.edits.applyTo(level);
    // A hand edit wins over what generation put there. A thing on a cell painted
    // unwalkable is taken away (it could never move or be reached); stairs or a start
    // painted over are reported, since only the designer knows what they meant.
    auto edited = [&](const Cell& c) { return project.edits.at(c).has_value(); };
    auto where = [](const Cell& c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ", depth " + std::to_string(c.z) + ")"; };
    std::erase_if(level.entities, [&](const Entity& e) {
        if (!edited(e.at) || level.kinds.walkable(level.at(e.at.x, e.at.y, e.at.z))) return false;
        warnings.push_back({"edit_buries_thing", "hand edits", e.at.z, {}, "the hand edit at " + where(e.at) + " walls in '" + e.templateName + "': it is left out"});
        return true;
    });
    for (const StairsPair& s : level.stairs) {
        const Cell down{s.x, s.y, s.upperDepth}, up{s.x, s.y, s.upperDepth + 1};
        if ((edited(down) && level.at(down.x, down.y, down.z) != Tile::StairsDown) || (edited(up) && level.at(up.x, up.y, up.z) != Tile::StairsUp))
            warnings.push_back({"edit_breaks_stairs", "hand edits", s.upperDepth, {},
                                "the hand edits at " + where(down) + " break the stairs between depths " + std::to_string(s.upperDepth) + " and " +
                                    std::to_string(s.upperDepth + 1)});
    }
    for (const Marker& m : level.markers)
        if (m.name == "start" && edited(m.at) && !level.kinds.walkable(level.at(m.at.x, m.at.y, m.at.z)))
            warnings.push_back({"edit_buries_start", "hand edits", m.at.z, {}, "the hand edit at " + where(m.at) + " walls in the start: play begins on the first open cell"});
    level.templates.clear();
    // The player's template is always there: the play-test needs one even on a level
    // where nothing was placed.
    auto add = [&](const std::string& name) {
        if (level.findTemplate(name)) return;
        if (const EntityTemplate* t = templateFor(project, name)) level.templates.push_back(*t);
    };
    add("player");
    for (const Entity& e : level.entities) add(e.templateName);
    return warnings;
}

MadeLevel makeLevel(const Project& project, std::uint64_t seed, GenerationObserver* observer, const StageCatalog& catalog) {
    Generation generation = startGeneration(project, seed, {}, catalog);
    generation.setObserver(observer);
    generation.run();
    MadeLevel made{std::move(generation.level()), generation.warnings()};
    for (StageWarning& w : finishLevel(project, made.level)) made.warnings.push_back(std::move(w));
    return made;
}

} // namespace burrow
