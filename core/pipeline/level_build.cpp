#include "pipeline/level_build.h"

#include <algorithm>

#include "content/population_rules.h"
#include "model/level_hash.h"

namespace burrow {

namespace {

// A template by name: the recipe's (one table: the project reader refuses two
// stages that define a name differently), then the built-in defaults.
const EntityTemplate* templateFor(const Project& project, const std::string& name) {
    if (const EntityTemplate* t = findRecipeTemplate(project.recipe, name)) return t;
    for (const EntityTemplate& t : defaultTemplates())
        if (t.name == name) return &t;
    return nullptr;
}

std::string where(const Cell& c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ", depth " + std::to_string(c.z) + ")"; }

// What follows the stages: the hand edits laid over the generated level, and the
// templates its placed things name. A thing on a cell painted unwalkable is left
// out; what the edits break (stairs, a walled-in start) comes back as warnings.
std::vector<StageWarning> finishLevel(const Project& project, Level& level) {
    std::vector<StageWarning> warnings;
    level.kinds = project.tileKinds;
    project.edits.applyTo(level);
    // A hand edit wins over what generation put there. A thing on a cell painted
    // unwalkable is taken away (it could never move or be reached); stairs or a start
    // painted over are reported, since only the designer knows what they meant.
    auto edited = [&](const Cell& c) { return project.edits.at(c).has_value(); };
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

// Whether generation put a thing, stairs or a marker on `c`: painting there changes
// more than a tile (finishing may leave the thing out, or warn).
bool holdsFeature(const Level& level, const Cell& c) {
    for (const Entity& e : level.entities)
        if (e.at == c) return true;
    for (const Marker& m : level.markers)
        if (m.at == c) return true;
    for (const StairsPair& s : level.stairs)
        if (s.x == c.x && s.y == c.y && (s.upperDepth == c.z || s.upperDepth + 1 == c.z)) return true;
    return false;
}

// Whether a stage of the recipe names a prefab (a sample to grow the level from) or a
// room graph: only then is a copy of the project's worth making for the generation.
bool recipeReads(ParamType what, const Recipe& recipe, const StageCatalog& catalog) {
    for (const StageEntry& entry : recipe.stages)
        if (const StageType* type = catalog.find(entry.type))
            for (const ParamSpec& spec : type->params)
                if (spec.type == what) return true;
    return false;
}

Generation generationFor(const Project& project, std::uint64_t seed, GenerationOptions options, const StageCatalog& catalog) {
    options.movement = project.movement;
    Generation generation(project.size, seed, project.recipe, catalog, options);
    // A room graph's rooms may be prefabs too.
    if (recipeReads(ParamType::Prefab, project.recipe, catalog) || recipeReads(ParamType::RoomGraph, project.recipe, catalog))
        generation.setPrefabs(std::make_shared<const std::vector<Prefab>>(project.prefabs.prefabs));
    if (recipeReads(ParamType::RoomGraph, project.recipe, catalog)) generation.setRoomGraphs(std::make_shared<const RoomGraphs>(project.roomGraphs));
    // Stages may lay the project's own kinds (a bridge hallway), and whatever reads the
    // level while it grows (the editor's map, breakpoints) should read it as the
    // finished level will be read. Set before the first step: stages are made from it.
    generation.level().kinds = project.tileKinds;
    return generation;
}

} // namespace

LevelBuild::LevelBuild(const Project& project, std::uint64_t seed, GenerationOptions options, const StageCatalog& catalog)
    : project_(&project), seed_(seed), generation_(generationFor(project, seed, options, catalog)) {
    settle(); // a recipe of no stages is finished at once
}

void LevelBuild::settle() {
    if (generation_.finished()) {
        // Finished again when the generation moved under us (stepped directly).
        if (!finished_ || finishedAtStep_ != generation_.stepsDone()) finish();
    } else {
        finished_ = false;
        hash_.clear();
    }
}

void LevelBuild::finish() {
    hash_.clear();
    inPlace_ = project_->edits.empty();
    if (inPlace_) {
        finishedCopy_ = Level(LevelSize{1, 1, 1});
        finishWarnings_ = finishLevel(*project_, generation_.level());
    } else {
        finishedCopy_ = generation_.level();
        finishWarnings_ = finishLevel(*project_, finishedCopy_);
    }
    finished_ = true;
    finishedAtStep_ = generation_.stepsDone();
}

bool LevelBuild::step() {
    const bool stepped = generation_.step();
    settle();
    return stepped;
}

bool LevelBuild::stepBack() {
    const bool stepped = generation_.stepBack();
    settle();
    return stepped;
}

void LevelBuild::seek(std::size_t stepIndex) {
    generation_.seek(stepIndex);
    settle();
}

void LevelBuild::finishStageRun() {
    generation_.finishStageRun();
    settle();
}

void LevelBuild::run() {
    generation_.run();
    settle();
}

void LevelBuild::recipeChanged() {
    generation_.replaceRecipe(project_->recipe);
    finished_ = false;
    settle();
}

std::optional<std::vector<CellChange>> LevelBuild::editsChanged(std::span<const Cell> cells) {
    hash_.clear();
    if (!finished_) return std::nullopt; // finished with the edits when the stages end
    const bool touchesFeatures = std::any_of(cells.begin(), cells.end(), [&](const Cell& c) { return holdsFeature(generation_.level(), c); });
    if (touchesFeatures || inPlace_) {
        // Rare (a few cells of a big level, or the first hand edit, which needs the
        // level copied): finish the level again, all of it.
        finish();
        return std::nullopt;
    }
    std::vector<CellChange> drawn;
    for (const Cell& c : cells) {
        if (!finishedCopy_.contains(c.x, c.y, c.z)) continue;
        const Tile before = finishedCopy_.at(c.x, c.y, c.z);
        const std::optional<Tile> painted = project_->edits.at(c);
        const Tile after = painted ? *painted : generation_.level().at(c.x, c.y, c.z);
        finishedCopy_.set(c.x, c.y, c.z, after);
        if (before != after)
            drawn.push_back({static_cast<std::uint16_t>(c.x), static_cast<std::uint16_t>(c.y), static_cast<std::uint8_t>(c.z), before, after, 0});
    }
    return drawn;
}

void LevelBuild::refinish() {
    hash_.clear();
    if (finished_) finish();
}

const Level& LevelBuild::level() const {
    if (!finished_ || inPlace_) return generation_.level();
    return finishedCopy_;
}

std::vector<StageWarning> LevelBuild::warnings() const {
    std::vector<StageWarning> all = generation_.warnings();
    if (finished_) all.insert(all.end(), finishWarnings_.begin(), finishWarnings_.end());
    return all;
}

std::string LevelBuild::hash() const {
    if (hash_.empty()) hash_ = (finished_ ? "" : "partial-") + levelHash(level());
    return hash_;
}

std::vector<std::string> LevelBuild::unfinished() const {
    if (finished_) return {};
    std::vector<std::string> missing;
    if (const auto run = generation_.currentRun()) {
        const StageRun& r = generation_.runs()[*run];
        missing.push_back("the stages from " + r.label + " on" + (generation_.stepsDone() > 0 ? " (" + r.label + " partly run)" : ""));
    }
    if (!project_->edits.empty()) missing.push_back("the hand edits");
    missing.push_back("the placed things' templates");
    return missing;
}

Level LevelBuild::takeLevel() && {
    if (finished_ && !inPlace_) return std::move(finishedCopy_);
    return std::move(generation_.level());
}

} // namespace burrow
