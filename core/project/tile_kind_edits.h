#pragma once
// Changing a project's own tile kinds after it was made: editing a kind (its id,
// name, glyph, colours, flags), adding kinds, removing one nothing uses. Everything
// that names a kind follows: hand edits, prefabs, population tile groups, stage
// parameters, export looks and the game's tiles, by number or by id alike. What the
// editor's Tile kinds dialog applies.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "project/project.h"

namespace burrow {

// One of the project's own kinds after the edit: `was` is the tile it had (a kind of
// the project's, numbered after the built-ins), or nothing for a new kind.
struct EditedKind {
    TileKind kind;
    std::optional<Tile> was;
};

// What in `project` uses `kind`, in a designer's words ("3 hand-edited cells",
// "prefab shrine", "tile group pools of stage things"); empty when nothing does.
// Stage parameters count when `catalog` says they choose a tile kind.
std::vector<std::string> tileKindUses(const Project& project, Tile kind, const StageCatalog& catalog);

// `project` with the built-ins and then `custom` as its kinds, or why it cannot be:
// a kind that does not fit ("kind 2 (lava): its glyph..."), or a removed kind in use.
std::variant<Project, std::string> withTileKinds(const Project& project, const std::vector<EditedKind>& custom, const StageCatalog& catalog);

} // namespace burrow
