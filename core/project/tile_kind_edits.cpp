#include "project/tile_kind_edits.h"

#include <algorithm>
#include <array>
#include <map>

#include "content/population_rules.h"

namespace burrow {
namespace {

// The parameters of `stage` that choose a tile kind, by key.
bool choosesKind(const StageEntry& stage, const std::string& key, const StageCatalog& catalog) {
    const StageType* type = catalog.find(stage.type);
    const ParamSpec* spec = type ? type->param(key) : nullptr;
    return spec && spec->projectKinds != ProjectKinds::None;
}

void remapPrefab(Prefab& prefab, const std::array<Tile, 256>& to) {
    for (PrefabCell& cell : prefab.cells)
        if (!cell.keep) cell.tile = to[static_cast<std::uint8_t>(cell.tile)];
}

} // namespace

std::vector<std::string> tileKindUses(const Project& project, Tile kind, const StageCatalog& catalog) {
    std::vector<std::string> uses;
    const TileKinds& kinds = project.tileKinds;
    const std::string& id = kinds[kind].id;
    long long edited = 0;
    project.edits.forEach([&](const Cell&, Tile t) { edited += t == kind; });
    if (edited) uses.push_back(std::to_string(edited) + (edited == 1 ? " hand-edited cell" : " hand-edited cells"));
    for (const Prefab& p : project.prefabs.prefabs)
        if (std::any_of(p.cells.begin(), p.cells.end(), [&](const PrefabCell& c) { return !c.keep && c.tile == kind; })) uses.push_back("prefab " + p.id);
    for (const StageEntry& stage : project.recipe.stages) {
        if (stage.rules)
            for (const PopulationGroup& g : stage.rules->groups)
                if (std::find(g.tiles.begin(), g.tiles.end(), kind) != g.tiles.end()) uses.push_back("tile group " + g.name + " of stage " + stage.name);
        for (const auto& [key, value] : stage.params.all())
            if (const auto* word = std::get_if<std::string>(&value); word && *word == id && choosesKind(stage, key, catalog)) uses.push_back("parameter " + key + " of stage " + stage.name);
    }
    for (const TileKind& other : kinds.custom())
        if (other.exportLook == id && other.id != id) uses.push_back("the export look of " + other.id);
    if (project.gameTiles.kinds.count(id)) uses.push_back("the game's tiles");
    return uses;
}

std::variant<Project, std::string> withTileKinds(const Project& project, const std::vector<EditedKind>& custom, const StageCatalog& catalog) {
    const TileKinds& old = project.tileKinds;
    // Old id -> new id, for what names kinds by id; old tile -> new tile, for what numbers them.
    std::map<std::string, std::string> renamed;
    std::array<Tile, 256> to{};
    for (int i = 0; i < 256; ++i) to[static_cast<std::size_t>(i)] = static_cast<Tile>(i < kTileKindCount ? i : 0);
    std::vector<bool> kept(static_cast<std::size_t>(old.count()), false);
    TileKinds kinds;
    for (std::size_t i = 0; i < custom.size(); ++i) {
        const EditedKind& e = custom[i];
        TileKind kind = e.kind;
        // An export look names a kind by id: follow a rename made in the same edit.
        for (const EditedKind& other : custom)
            if (other.was && old.contains(*other.was) && kind.exportLook == old[*other.was].id) kind.exportLook = other.kind.id;
        if (auto problem = kinds.add(kind)) return "kind " + std::to_string(i + 1) + " (" + e.kind.id + "): " + *problem;
        if (!e.was) continue;
        const auto from = static_cast<std::size_t>(*e.was);
        if (from < static_cast<std::size_t>(kTileKindCount) || from >= kept.size() || kept[from]) return "kind " + std::to_string(i + 1) + ": not one of the project's kinds";
        kept[from] = true;
        to[from] = kinds.tileAt(kinds.count() - 1);
        renamed[old[*e.was].id] = kind.id;
    }
    for (int i = kTileKindCount; i < old.count(); ++i) {
        if (kept[static_cast<std::size_t>(i)]) continue;
        const auto uses = tileKindUses(project, old.tileAt(i), catalog);
        if (uses.empty()) continue;
        std::string list;
        for (const std::string& u : uses) list += (list.empty() ? "" : ", ") + u;
        return old[old.tileAt(i)].id + " is still used (" + list + "): change those first";
    }
    // A prefab read from a file names its kinds there, which this edit does not write.
    for (const auto& [from, now] : renamed) {
        if (from == now) continue;
        const Tile t = *old.find(from);
        for (std::size_t i = 0; i < project.prefabs.prefabs.size(); ++i) {
            const Prefab& p = project.prefabs.prefabs[i];
            const bool fromFile = i < project.prefabs.sources.size() && !project.prefabs.sources[i].is_null();
            if (fromFile && std::any_of(p.cells.begin(), p.cells.end(), [&](const PrefabCell& c) { return !c.keep && c.tile == t; }))
                return "prefab " + p.id + " is read from a file that names " + from + ": rename the kind there too, or keep its id";
        }
    }
    const auto newId = [&](const std::string& id) {
        const auto found = renamed.find(id);
        return found == renamed.end() ? id : found->second;
    };

    Project result = project;
    result.tileKinds = kinds;
    HandEdits edits;
    project.edits.forEach([&](const Cell& at, Tile t) { edits.set(at, to[static_cast<std::uint8_t>(t)]); });
    result.edits = edits;
    for (Prefab& p : result.prefabs.prefabs) remapPrefab(p, to);
    for (StageEntry& stage : result.recipe.stages) {
        if (stage.rules) {
            auto rules = std::make_shared<PopulationRules>(*stage.rules);
            for (PopulationGroup& g : rules->groups) {
                for (Tile& t : g.tiles) t = to[static_cast<std::uint8_t>(t)];
                for (Prefab& p : g.prefabs) remapPrefab(p, to);
            }
            stage.rules = rules;
        }
        const ParamValues before = stage.params;
        for (const auto& [key, value] : before.all())
            if (const auto* word = std::get_if<std::string>(&value); word && renamed.count(*word) && choosesKind(stage, key, catalog)) stage.params.set(key, newId(*word));
    }
    std::map<std::string, KindTiles> art;
    for (auto [id, tiles] : project.gameTiles.kinds) {
        for (std::string& join : tiles.joins) join = newId(join);
        art[newId(id)] = std::move(tiles);
    }
    result.gameTiles.kinds = std::move(art);
    return result;
}

} // namespace burrow
