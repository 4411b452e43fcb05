// Populating a level (seed 002, with seeds 003 and 004's cast).
//
// For each group of the rules, in order, and each area of its scope (each room,
// each cave, the furthest room...): draw how many things to place, then place
// them one a step. A thing's footprint goes at a random free spot among all that
// fit (see placement.h); obstacles never cut a room's doors apart. A count that
// cannot be met places what fits and says so: "placed 3 of 5 'obstacles' in
// room 4: no free 3x1 area". The stage draws from its own stream, so rerolling it
// moves the things and leaves the layout as it was.
//
// A group of prefabs stamps one prefab a step the same way: a shape of one of its
// prefabs (turned and mirrored as the group allows), on free floor or carved into
// the rock beside the area, each opening joined to it by a short tunnel where it
// does not open onto it (see prefab_placement.h). A recipe that wants prefabs in
// before stairs or things runs a populate stage of its own for them first.
#include "population/populate_stage.h"

#include <algorithm>
#include <optional>

#include "population/placement.h"
#include "population/prefab_placement.h"
#include "content/population_rules.h"
#include "population/scope_areas.h"
#include "regions/region_map.h"

namespace burrow {
namespace {

class Populate final : public Stage {
public:
    Populate(const ParamValues& /*params*/, StageSetup setup)
        : rng_(setup.rng), rules_(std::move(setup.population)), movement_(setup.movement), occupancy_(setup.size) {
        if (!rules_) {
            warn("no_rules", "no population rules: give this stage a \"rules\" file");
            finish();
        }
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        Level& level = canvas.level();
        if (!started_) {
            started_ = true;
            // Nothing goes on what is already there, nor on the start or the exit.
            for (const Entity& e : level.entities) occupancy_.take(e.at.x, e.at.y, e.at.z);
            for (const Marker& m : level.markers)
                if (level.contains(m.at.x, m.at.y, m.at.z)) occupancy_.take(m.at.x, m.at.y, m.at.z);
        }
        placed_ = Rect{};
        // Skips groups and areas with nothing to place until one thing is placed,
        // one shortfall is reported, or the rules are done. Every pass advances.
        while (group_ < rules_->groups.size()) {
            const PopulationGroup& g = rules_->groups[group_];
            if (!areasReady_) {
                areas_ = ScopeAreaWalk(level, g.scope, movement_, g.tag);
                areasReady_ = true;
                countReady_ = false;
                if (!areas_.current())
                    warn("no_scope_areas", "'" + g.name + "': the level has no " + (g.scope == Scope::TaggedRoom ? "room tagged \"" + g.tag + "\"" : scopeWords(g.scope)), g.name);
            }
            if (!areas_.current()) {
                nextGroup();
                continue;
            }
            if (!countReady_) {
                count_ = rng_.range(g.number.min, g.number.max);
                done_ = 0;
                countReady_ = true;
                spots_.clear(); // the free spots of this area, per footprint, made when first needed
                front_.reset();
            }
            if (done_ >= count_) {
                nextArea(level);
                continue;
            }
            if (g.kind == PopulationGroup::Kind::Prefabs) placePrefab(canvas, g);
            else placeOne(canvas, g);
            return;
        }
        describe("population done: " + std::to_string(level.entities.size()) + " things placed");
        finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (placed_.width == 0) return;
        Annotation a = Annotation::over(Annotation::Kind::Area, placed_.x, placed_.y, placed_.width, placed_.height);
        a.z = static_cast<std::uint8_t>(placedDepth_);
        out.push_back(a);
    }

private:
    void placeOne(LevelCanvas& canvas, const PopulationGroup& g) {
        const ScopeArea& area = *areas_.current();
        const bool tiles = g.kind == PopulationGroup::Kind::Tiles;
        const auto [w, h] = tiles ? g.sizes[rng_.below(static_cast<std::uint32_t>(g.sizes.size()))] : std::pair<int, int>{1, 1};
        const Tile tile = tiles ? g.tiles[rng_.below(static_cast<std::uint32_t>(g.tiles.size()))] : Tile::Floor;
        const PlacedEntity* entity = tiles ? nullptr : &g.entities[rng_.below(static_cast<std::uint32_t>(g.entities.size()))];
        if (entity && placePlayerAtStart(canvas, g, *entity)) return;
        const SpotSearch search = findSpot(canvas.level(), area, spotsFor(canvas.level(), w, h, tiles && !canvas.level().kinds.walkable(tile)), movement_, rng_);
        if (!search.spot) {
            warn("shortfall", "placed " + std::to_string(done_) + " of " + std::to_string(count_) + " '" + g.name + "' in " + area.label + ": " + search.whyNot, g.name);
            describe("could not place '" + g.name + "' in " + area.label + ": " + search.whyNot);
            nextArea(canvas.level());
            return;
        }
        const Cell at = search.spot->at;
        LevelCanvas depth = canvas.atDepth(at.z);
        for (int y = at.y; y < at.y + h; ++y)
            for (int x = at.x; x < at.x + w; ++x) {
                occupancy_.take(x, y, at.z);
                if (tiles) depth.set(x, y, tile);
            }
        std::string what = tiles ? canvas.level().kinds[tile].id : entity->templateName;
        if (entity) placeEntity(canvas.level(), depth, *entity, at);
        const bool passage = isPassage(canvas.level().tiles(at.z)(at.x, at.y));
        for (FreeSpots& spots : spots_) spots.placed({at.x, at.y, w, h}, at.z, passage);
        placed_ = {at.x, at.y, w, h};
        placedDepth_ = at.z;
        ++done_;
        describe("placed " + what + " " + std::to_string(done_) + " of " + std::to_string(count_) + " ('" + g.name + "') in " + area.label);
    }

    // One prefab: a variant of one of the group's prefabs, fitted on the floor or
    // in the rock of the area, stamped with its things, its openings joined.
    void placePrefab(LevelCanvas& canvas, const PopulationGroup& g) {
        Level& level = canvas.level();
        const ScopeArea& area = *areas_.current();
        if (variants_.empty()) {
            for (const Prefab& p : g.prefabs) variants_.push_back(prefabVariants(p, g.quarterTurns, g.mirror));
            spacing_ = PrefabSpacing(g.spacing);
        }
        if (variants_.empty()) { // rules always name one; a group built by hand may not
            nextGroup();
            return;
        }
        TunnelDigger digger(g.tunnel);
        PrefabSearch search;
        // One of the group's prefabs at random; where it fits nowhere, the next, so a
        // large one that no longer fits does not stop the small ones.
        const std::size_t pick = rng_.below(static_cast<std::uint32_t>(variants_.size()));
        std::string id;
        for (std::size_t p = 0; p < variants_.size() && !search.fit; ++p) {
            const auto& shapes = variants_[(pick + p) % variants_.size()];
            if (p == 0) id = shapes.front().id;
            if (g.placement == PrefabPlacement::Floor) {
                // Each shape in turn from a random one, until one has a place.
                const std::size_t first = rng_.below(static_cast<std::uint32_t>(shapes.size()));
                for (std::size_t k = 0; k < shapes.size() && !search.fit; ++k) {
                    const Prefab& v = shapes[(first + k) % shapes.size()];
                    search = fitOnFloor(level, area, spotsFor(level, v.width, v.height, true), occupancy_, movement_, v, spacing_, digger, rng_);
                }
            } else {
                if (!front_) front_.emplace(level, area, g.tunnel);
                std::vector<const Prefab*> choices;
                for (const Prefab& v : shapes) choices.push_back(&v);
                search = fitInRock(level, area, *front_, occupancy_, choices, spacing_, digger, rng_);
            }
            if (search.fit) id = search.fit->variant->id;
        }
        if (!search.fit) {
            warn("shortfall", "placed " + std::to_string(done_) + " of " + std::to_string(count_) + " '" + g.name + "' in " + area.label + ": '" + id + "': " + search.whyNot, g.name);
            describe("could not place prefab '" + id + "' ('" + g.name + "') in " + area.label + ": " + search.whyNot);
            nextArea(level);
            return;
        }
        const PrefabFit& fit = *search.fit;
        const Prefab& v = *fit.variant;
        LevelCanvas depth = canvas.atDepth(fit.at.z);
        for (const Cell& c : fit.tunnel) depth.set(c.x, c.y, Tile::Corridor);
        for (int y = 0; y < v.height; ++y)
            for (int x = 0; x < v.width; ++x) {
                occupancy_.take(fit.at.x + x, fit.at.y + y, fit.at.z); // nothing else goes in a prefab's rectangle
                if (!v.at(x, y).keep) depth.set(fit.at.x + x, fit.at.y + y, v.at(x, y).tile);
            }
        for (const PrefabThing& t : v.things) placeEntity(level, depth, {t.templateName, t.properties}, {fit.at.x + t.at.x, fit.at.y + t.at.y, fit.at.z});
        const Rect footprint{fit.at.x, fit.at.y, v.width, v.height};
        for (FreeSpots& spots : spots_) spots.placed(footprint, fit.at.z, false);
        spacing_.add(footprint, fit.at.z);
        placed_ = footprint;
        placedDepth_ = fit.at.z;
        ++done_;
        describe("placed prefab '" + id + "' " + std::to_string(done_) + " of " + std::to_string(count_) + " ('" + g.name + "') in " + area.label +
                 (fit.tunnel.empty() ? "" : ", " + std::to_string(fit.tunnel.size()) + " cells dug to join it"));
    }

    // The start marker is where play begins (one source of truth for the game, the
    // bot, stats and exports), so a placed player stands on it when there is one,
    // and there is only ever one player. Returns true when it dealt with the thing.
    bool placePlayerAtStart(LevelCanvas& canvas, const PopulationGroup& g, const PlacedEntity& placed) {
        const EntityTemplate* t = rules_->findTemplate(placed.templateName);
        if (!t || t->kind != EntityKind::Player) return false;
        Level& level = canvas.level();
        if (playerPlaced_) {
            warn("second_player", "'" + g.name + "': the level has a player already; one player only", g.name);
            describe("skipped a second player ('" + g.name + "')");
            nextArea(level);
            return true;
        }
        const auto start = std::find_if(level.markers.begin(), level.markers.end(), [](const Marker& m) { return m.name == "start"; });
        if (start == level.markers.end() || !level.contains(start->at.x, start->at.y, start->at.z)) return false; // placed at random; becomes the start
        level.entities.push_back({placed.templateName, start->at, placed.properties});
        playerPlaced_ = true;
        placed_ = {start->at.x, start->at.y, 1, 1};
        placedDepth_ = start->at.z;
        ++done_;
        describe("placed the player on the start ('" + g.name + "')");
        return true;
    }

    void placeEntity(Level& level, LevelCanvas& depth, const PlacedEntity& placed, const Cell& at) {
        const EntityTemplate* t = rules_->findTemplate(placed.templateName);
        level.entities.push_back({placed.templateName, at, placed.properties});
        if (!t) return;
        if (t->kind == EntityKind::Exit) {
            depth.set(at.x, at.y, Tile::Exit);
            level.markers.push_back({"exit", at});
        }
        if (t->kind == EntityKind::Player) {
            // A level with no start yet: the player's cell becomes it.
            playerPlaced_ = true;
            const bool hasStart = std::any_of(level.markers.begin(), level.markers.end(), [](const Marker& m) { return m.name == "start"; });
            if (!hasStart) level.markers.push_back({"start", at});
        }
    }

    // The free spots for a footprint in the current area: scanned once per group and
    // area, then kept up to date, rather than scanned once per thing.
    const FreeSpots& spotsFor(const Level& level, int w, int h, bool blocking) {
        for (const FreeSpots& spots : spots_)
            if (spots.width() == w && spots.height() == h && spots.blocking() == blocking) return spots;
        return spots_.emplace_back(level, occupancy_, *areas_.current(), w, h, blocking);
    }

    static std::string scopeWords(Scope scope) {
        switch (scope) {
        case Scope::EachRoom: return "rooms";
        case Scope::EachHallway: return "hallways";
        case Scope::EachCave: return "caves";
        case Scope::EachDepth: return "depths";
        case Scope::StartRoom: return "start (no start marker and nothing walkable)";
        case Scope::FurthestRoom: return "rooms reachable from the start";
        case Scope::Level: return "level";
        case Scope::TaggedRoom: return "tagged rooms";
        }
        return "place for it";
    }

    void nextArea(const Level& level) {
        areas_.next(level);
        countReady_ = false;
    }
    void nextGroup() {
        ++group_;
        areasReady_ = false;
        variants_.clear();
    }

    Rng rng_;
    std::shared_ptr<const PopulationRules> rules_;
    Connectivity movement_;
    Occupancy occupancy_;
    std::vector<FreeSpots> spots_; // the current group's free spots in the current area, one index per footprint
    std::vector<std::vector<Prefab>> variants_; // the current group's prefabs' shapes
    PrefabSpacing spacing_;                     // and where they lie, to keep them apart
    std::optional<RockFront> front_;            // where the current area's rock prefabs may face
    bool started_ = false;
    bool playerPlaced_ = false;
    std::size_t group_ = 0;
    bool areasReady_ = false;
    ScopeAreaWalk areas_; // the current group's areas, made as they are reached
    bool countReady_ = false;
    int count_ = 0;
    int done_ = 0;
    Rect placed_;
    int placedDepth_ = 0;
};

} // namespace

StageType populateStage() {
    StageType type;
    type.id = "populate";
    type.label = "Population";
    type.technique = "Obstacles, creatures, items, the start and the exit, placed by rules";
    type.scope = StageScope::WholeLevel;
    type.params = {
    };
    type.takesRules = true;
    type.create = stageFactory<Populate>();
    return type;
}

} // namespace burrow
