#include "content/prefab.h"

#include <algorithm>
#include <utility>

namespace burrow {

std::vector<Point> Prefab::openings() const {
    std::vector<Point> result;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (at(x, y).opening) result.push_back({x, y});
    return result;
}

void orderThings(Prefab& prefab) {
    std::stable_sort(prefab.things.begin(), prefab.things.end(),
                     [](const PrefabThing& a, const PrefabThing& b) { return a.at.y != b.at.y ? a.at.y < b.at.y : a.at.x < b.at.x; });
}

Prefab transformed(const Prefab& prefab, int quarterTurns, bool mirror) {
    const int turns = ((quarterTurns % 4) + 4) % 4;
    // Where the cell at (x, y) of the original goes, in a prefab of the new size.
    const int w = prefab.width, h = prefab.height;
    auto place = [&](Point p) {
        if (mirror) p.x = w - 1 - p.x;
        int cw = w, ch = h; // the size so far
        for (int t = 0; t < turns; ++t) {
            p = {ch - 1 - p.y, p.x}; // clockwise: the left column becomes the top row
            std::swap(cw, ch);
        }
        return p;
    };
    Prefab out = prefab;
    if (turns % 2 == 1) std::swap(out.width, out.height);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const Point p = place({x, y});
            out.at(p.x, p.y) = prefab.at(x, y);
        }
    for (PrefabThing& thing : out.things) thing.at = place(thing.at);
    return out;
}

Point outsideOf(const Prefab& prefab, Point opening) {
    if (opening.x == 0) return {-1, opening.y};
    if (opening.x == prefab.width - 1) return {prefab.width, opening.y};
    if (opening.y == 0) return {opening.x, -1};
    return {opening.x, prefab.height};
}

bool canOpenAt(const Prefab& prefab, Point p) {
    const bool edgeX = p.x == 0 || p.x == prefab.width - 1, edgeY = p.y == 0 || p.y == prefab.height - 1;
    const bool inside = p.x >= 0 && p.y >= 0 && p.x < prefab.width && p.y < prefab.height;
    return inside && (edgeX || edgeY) && !(edgeX && edgeY && prefab.width > 1 && prefab.height > 1);
}

bool isPrefabId(const std::string& id) {
    return !id.empty() && id.size() <= 64 &&
           std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
           });
}

Prefab blankPrefab(std::string id, int width, int height) {
    width = std::clamp(width, 1, kMaxPrefabSide);
    height = std::clamp(height, 1, kMaxPrefabSide);
    Prefab p{id, id, width, height, std::vector<PrefabCell>(static_cast<std::size_t>(width) * static_cast<std::size_t>(height)), {}};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (x == 0 || y == 0 || x == width - 1 || y == height - 1) p.at(x, y).tile = Tile::Wall;
    return p;
}

Prefab resizedPrefab(const Prefab& prefab, int width, int height) {
    width = std::clamp(width, 1, kMaxPrefabSide);
    height = std::clamp(height, 1, kMaxPrefabSide);
    Prefab out{prefab.id, prefab.name, width, height, std::vector<PrefabCell>(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), PrefabCell{Tile::Floor, true, false}), {}};
    for (int y = 0; y < std::min(height, prefab.height); ++y)
        for (int x = 0; x < std::min(width, prefab.width); ++x) {
            out.at(x, y) = prefab.at(x, y);
            out.at(x, y).opening = out.at(x, y).opening && canOpenAt(out, {x, y});
        }
    for (const PrefabThing& thing : prefab.things)
        if (thing.at.x < width && thing.at.y < height) out.things.push_back(thing);
    return out;
}

Prefab prefabFromLevel(const Level& level, int z, const Rect& area, std::string id) {
    Prefab p{id, id, area.width, area.height, std::vector<PrefabCell>(static_cast<std::size_t>(area.width) * static_cast<std::size_t>(area.height)), {}};
    for (int y = 0; y < area.height; ++y)
        for (int x = 0; x < area.width; ++x) p.at(x, y).tile = level.at(area.x + x, area.y + y, z);
    for (int y = 0; y < area.height; ++y)
        for (int x = 0; x < area.width; ++x) {
            if (!canOpenAt(p, {x, y}) || !level.kinds.walkable(p.at(x, y).tile)) continue;
            const Point out = outsideOf(p, {x, y});
            const int ox = area.x + out.x, oy = area.y + out.y;
            p.at(x, y).opening = level.contains(ox, oy, z) && level.kinds.walkable(level.at(ox, oy, z));
        }
    for (const Entity& e : level.entities)
        if (e.at.z == z && area.contains(e.at.x, e.at.y) && level.kinds.walkable(level.at(e.at.x, e.at.y, z)))
            p.things.push_back({{e.at.x - area.x, e.at.y - area.y}, e.templateName, e.properties});
    orderThings(p);
    return p;
}

std::vector<std::pair<std::string, std::string>> prefabProblems(const Prefab& prefab, const TileKinds& kinds) {
    std::vector<std::pair<std::string, std::string>> problems;
    const std::string most = std::to_string(kMaxPrefabSide);
    if (prefab.width < 1 || prefab.height < 1 || prefab.width > kMaxPrefabSide || prefab.height > kMaxPrefabSide) {
        problems.push_back({"", std::to_string(prefab.width) + " x " + std::to_string(prefab.height) + " cells: a prefab is 1 to " + most + " cells a side"});
        return problems;
    }
    bool anyCell = false;
    for (int y = 0; y < prefab.height; ++y)
        for (int x = 0; x < prefab.width; ++x) {
            const PrefabCell& c = prefab.at(x, y);
            anyCell = anyCell || !c.keep;
            if (!c.opening) continue;
            const std::string where = "cells/" + std::to_string(x) + "/" + std::to_string(y);
            const bool edgeX = x == 0 || x == prefab.width - 1, edgeY = y == 0 || y == prefab.height - 1;
            if (!edgeX && !edgeY)
                problems.push_back({where, "the opening at (" + std::to_string(x) + ", " + std::to_string(y) + ") is not on the prefab's edge: an opening leads out of it"});
            else if (edgeX && edgeY && prefab.width > 1 && prefab.height > 1)
                problems.push_back({where, "the opening at (" + std::to_string(x) + ", " + std::to_string(y) + ") is on a corner: it would lead out two ways"});
            else if (c.keep || !kinds.walkable(c.tile))
                problems.push_back({where, "the opening at (" + std::to_string(x) + ", " + std::to_string(y) + ") must be a walkable tile of the prefab's own"});
        }
    if (!anyCell) problems.push_back({"", "every cell keeps the level's own: the prefab would change nothing"});
    for (std::size_t i = 0; i < prefab.things.size(); ++i) {
        const PrefabThing& t = prefab.things[i];
        const std::string where = "things/" + std::to_string(i);
        if (t.at.x < 0 || t.at.y < 0 || t.at.x >= prefab.width || t.at.y >= prefab.height)
            problems.push_back({where, "'" + t.templateName + "' at (" + std::to_string(t.at.x) + ", " + std::to_string(t.at.y) + ") is outside the prefab"});
        else if (prefab.at(t.at.x, t.at.y).keep || !kinds.walkable(prefab.at(t.at.x, t.at.y).tile))
            problems.push_back({where, "'" + t.templateName + "' at (" + std::to_string(t.at.x) + ", " + std::to_string(t.at.y) + ") stands on a cell that is not a walkable tile of the prefab"});
    }
    return problems;
}

} // namespace burrow
