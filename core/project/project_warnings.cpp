#include "project/project_warnings.h"

#include <algorithm>
#include <set>

#include "content/acceptance_rules.h"
#include "content/metric_catalog.h"
#include "content/population_rules.h"
#include "generation/stage.h"

namespace burrow {

namespace {

// Every tile the project can lay: in stage parameters that name a kind, in rules
// groups, in prefabs and in hand edits.
std::set<Tile> tilesLaid(const Project& project, const StageCatalog& catalog) {
    std::set<Tile> laid;
    for (const StageEntry& entry : project.recipe.stages) {
        if (const StageType* type = catalog.find(entry.type))
            for (const ParamSpec& spec : type->params)
                if (spec.projectKinds != ProjectKinds::None) laid.insert(entry.params.tile(spec.key, project.tileKinds));
        if (entry.rules)
            for (const PopulationGroup& g : entry.rules->groups) laid.insert(g.tiles.begin(), g.tiles.end());
    }
    for (const Prefab& p : project.prefabs.prefabs)
        for (const PrefabCell& c : p.cells) laid.insert(c.tile);
    project.edits.forEach([&](const Cell&, Tile t) { laid.insert(t); });
    return laid;
}

std::set<std::string> templatesPlaced(const Project& project) {
    std::set<std::string> placed;
    for (const StageEntry& entry : project.recipe.stages)
        if (entry.rules)
            for (const PopulationGroup& g : entry.rules->groups)
                for (const PlacedEntity& e : g.entities) placed.insert(e.templateName);
    for (const Prefab& p : project.prefabs.prefabs)
        for (const PrefabThing& t : p.things) placed.insert(t.templateName);
    return placed;
}

} // namespace

std::vector<Diagnostic> projectWarnings(const Project& project, const StageCatalog& catalog) {
    std::vector<Diagnostic> warnings;
    const std::set<Tile> laid = tilesLaid(project, catalog);
    for (int i = kTileKindCount; i < project.tileKinds.count(); ++i)
        if (!laid.count(static_cast<Tile>(i)))
            warnings.push_back({"/tile_kinds/" + std::to_string(i - kTileKindCount),
                                "the kind \"" + project.tileKinds[static_cast<Tile>(i)].id + "\" is never laid: no stage, rules group, prefab or hand edit names it"});

    const std::set<std::string> placed = templatesPlaced(project);
    for (std::size_t s = 0; s < project.recipe.stages.size(); ++s) {
        const StageEntry& entry = project.recipe.stages[s];
        if (!entry.rules) continue;
        const std::string at = "/recipe/" + std::to_string(s) + "/rules";
        for (const EntityTemplate& t : entry.rules->templates)
            if (!placed.count(t.name)) warnings.push_back({at, "the template \"" + t.name + "\" is never placed: no group and no prefab places it"});
        for (const PopulationGroup& g : entry.rules->groups)
            if (g.number.max <= 0) warnings.push_back({at, "the group \"" + g.name + "\" places nothing: its number is at most " + std::to_string(g.number.max)});
    }

    for (std::size_t r = 0; r < project.acceptance.rules.size(); ++r) {
        const AcceptanceRule& rule = project.acceptance.rules[r];
        const auto metric = metricIndex(rule.metric);
        if (!metric || metricCatalog()[*metric].unit != "share") continue;
        if ((rule.min && *rule.min > 1) || (rule.max && *rule.max < 0))
            warnings.push_back({"/acceptance/rules/" + std::to_string(r), "no level can meet this rule: " + rule.metric + " is a share, from 0 to 1"});
    }
    return warnings;
}

} // namespace burrow
