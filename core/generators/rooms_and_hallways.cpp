// Rooms and hallways (seed 003, Construct 2).
//
// Fill the map with stone; place N rooms of random size at random places
// (overlaps allowed: they make interesting shapes); join room i to room i+1, and
// the last to the first, with one horizontal and one vertical hallway meeting in
// an L; dig the rooms and halls; then, optionally, remove the stone that borders
// no room or hall (the seed's culling), leaving void. Room 1's centre is the
// level's start, where the seed puts the player.
//
// With "join": "nearby", the ring visits the rooms in the order of their centres
// along a Hilbert curve instead of the order they were placed, so each hallway
// joins rooms that are near each other and the hallways' length is about the
// rooms' spacing, not the map's width: at a constant room density the digging
// grows with the map's area (placed order: with its area times its width).
//
// The whole layout is drawn from the stream up front, then dug one room or one
// hallway a step, so stepping and running draw the same numbers.
#include "generators/rooms_and_hallways.h"

#include <algorithm>
#include <cstring>

#include "generators/hallway.h"
#include "model/tile_masks.h"

namespace burrow {
namespace {

struct Plan {
    std::vector<Rect> rooms;
    std::vector<Rect> hallways;
};

// A size within [lo, hi] that fits in `space` with a one-tile margin where there is room for one.
int fitSize(Rng& rng, int lo, int hi, int space) {
    const int most = std::max(1, space > 2 ? space - 2 : space);
    return std::min(rng.range(lo, hi), most);
}
int placeAt(Rng& rng, int size, int space) {
    if (space - size >= 2) return rng.range(1, space - size - 1);
    return (space - size) / 2;
}

Rect clip(Rect r, int width, int height) {
    const int x0 = std::max(0, r.x), y0 = std::max(0, r.y);
    const int x1 = std::min(width, r.right()), y1 = std::min(height, r.bottom());
    return {x0, y0, std::max(0, x1 - x0), std::max(0, y1 - y0)};
}

// Position of (x, y) along a Hilbert curve filling a 2^order square: nearby
// positions are nearby cells, so sorting by it keeps neighbours together.
std::uint64_t hilbertIndex(std::uint32_t x, std::uint32_t y, int order) {
    std::uint64_t d = 0;
    for (std::uint32_t s = 1u << (order - 1); s > 0; s >>= 1) {
        const std::uint32_t rx = (x & s) ? 1 : 0, ry = (y & s) ? 1 : 0;
        d += static_cast<std::uint64_t>(s) * s * ((3 * rx) ^ ry);
        if (ry == 0) { // rotate the quadrant so the curve stays continuous
            if (rx == 1) {
                x = s - 1 - (x & (s - 1));
                y = s - 1 - (y & (s - 1));
            }
            std::swap(x, y);
        }
        x &= s - 1;
        y &= s - 1;
    }
    return d;
}

// The order the ring visits the rooms: as placed (seed 003), or along the curve.
std::vector<std::size_t> joinOrder(const std::vector<Rect>& rooms, bool nearby, int width, int height) {
    std::vector<std::size_t> order(rooms.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (!nearby) return order;
    int bits = 1;
    while ((1 << bits) < std::max(width, height)) ++bits;
    std::vector<std::uint64_t> key(rooms.size());
    for (std::size_t i = 0; i < rooms.size(); ++i) {
        const Point c = rooms[i].center();
        key[i] = hilbertIndex(static_cast<std::uint32_t>(c.x), static_cast<std::uint32_t>(c.y), bits);
    }
    // Ties (rooms with one centre) keep their placed order: deterministic everywhere.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key[a] < key[b]; });
    return order;
}

Plan planLayout(Rng& rng, const ParamValues& p, int width, int height) {
    Plan plan;
    const int count = p.integer("rooms");
    for (int i = 0; i < count; ++i) {
        const int w = fitSize(rng, p.integer("room_min_width"), p.integer("room_max_width"), width);
        const int h = fitSize(rng, p.integer("room_min_height"), p.integer("room_max_height"), height);
        plan.rooms.push_back({placeAt(rng, w, width), placeAt(rng, h, height), w, h});
    }
    const int thick = p.integer("hall_width");
    const int before = (thick - 1) / 2; // a wide hall straddles the centre line
    if (plan.rooms.size() < 2) return plan;
    const std::vector<std::size_t> order = joinOrder(plan.rooms, p.choice("join") == "nearby", width, height);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const Point a = plan.rooms[order[i]].center();
        const Point b = plan.rooms[order[(i + 1) % order.size()]].center();
        // Horizontal along room i's centre row to the next room's column, then vertical to its centre.
        const Rect horizontal{std::min(a.x, b.x) - before, a.y - before, std::abs(a.x - b.x) + thick, thick};
        const Rect vertical{b.x - before, std::min(a.y, b.y) - before, thick, std::abs(a.y - b.y) + thick};
        for (const Rect& hall : {clip(horizontal, width, height), clip(vertical, width, height)})
            if (hall.width > 0 && hall.height > 0) plan.hallways.push_back(hall);
    }
    return plan;
}

class RoomsAndHallways final : public Stage {
public:
    RoomsAndHallways(const ParamValues& params, StageSetup setup)
        : depth_(setup.depth), fillFirst_(params.flag("fill_first")), cull_(params.flag("cull")),
          hallTile_(params.tile("hall_tile", *setup.kinds)) {
        plan_ = planLayout(setup.rng, params, setup.size.width, setup.size.height);
        if (plan_.rooms.size() < 2 && !plan_.rooms.empty()) warn("one_room", "one room has nothing to join; hallways need two rooms");
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (fillFirst_) {
            canvas.fill(Tile::Wall);
            fillFirst_ = false;
            describe("filled the map with stone");
        } else if (nextRoom_ < plan_.rooms.size()) {
            current_ = plan_.rooms[nextRoom_];
            canvas.fillRect(current_, Tile::Floor);
            canvas.level().addArea(AreaKind::Room, depth_, current_);
            // Seed 003 starts the player in room 1.
            if (nextRoom_ == 0) canvas.level().markers.push_back({"start", {current_.center().x, current_.center().y, depth_}});
            ++nextRoom_;
            if (describing()) describe("dug room " + std::to_string(nextRoom_) + " of " + std::to_string(plan_.rooms.size()));
        } else if (nextHall_ < plan_.hallways.size()) {
            current_ = plan_.hallways[nextHall_];
            digHallway(canvas, current_, hallTile_);
            canvas.level().addArea(AreaKind::Hallway, depth_, current_);
            ++nextHall_;
            if (describing()) describe("dug hallway " + std::to_string(nextHall_) + " of " + std::to_string(plan_.hallways.size()));
        } else if (cull_) {
            cullStone(canvas);
            cull_ = false;
            current_ = {};
            describe("removed stone that borders no room or hallway");
        }
        if (!fillFirst_ && nextRoom_ >= plan_.rooms.size() && nextHall_ >= plan_.hallways.size() && !cull_) finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (current_.width > 0) out.push_back(Annotation::over(Annotation::Kind::Area, current_.x, current_.y, current_.width, current_.height));
    }

private:
    // Stone with no open cell among its eight neighbours becomes void. Separable: for
    // each row an "open here or beside" byte per cell, then three such rows OR-ed, so
    // each cell is read a constant number of times however big the map.
    void cullStone(LevelCanvas& canvas) {
        const int w = canvas.width(), h = canvas.height();
        const auto width = static_cast<std::size_t>(w);
        const TileKinds& kinds = canvas.level().kinds;
        std::vector<std::uint8_t> open(width + 2, 0); // one cell of padding each side
        std::vector<std::uint8_t> near[3];
        for (auto& r : near) r.assign(width, 0);
        auto openBeside = [&](int y, std::vector<std::uint8_t>& out) {
            if (y < 0 || y >= h) {
                std::fill(out.begin(), out.end(), 0);
                return;
            }
            const Tile* row = canvas.grid().row(y);
            // Built-in walkable tiles are those numbered 1 to 7 (model/tile_masks.h checks
            // it): one compare a cell, which the compiler vectorises, where a table lookup
            // cannot be. A project's own kinds (a bridge hallway) need the lookup.
            if (kinds.builtInOnly())
                for (std::size_t x = 0; x < width; ++x) open[x + 1] = static_cast<std::uint8_t>(static_cast<std::uint8_t>(row[x]) - 1u) < 7u;
            else
                for (std::size_t x = 0; x < width; ++x) open[x + 1] = kinds.walkable(row[x]);
            for (std::size_t x = 0; x < width; ++x) out[x] = open[x] | open[x + 1] | open[x + 2];
        };
        openBeside(-1, near[0]);
        openBeside(0, near[1]);
        std::vector<Tile> culled(width);
        for (int y = 0; y < h; ++y) {
            openBeside(y + 1, near[(y + 2) % 3]);
            const auto& above = near[y % 3];
            const auto& here = near[(y + 1) % 3];
            const auto& below = near[(y + 2) % 3];
            std::memcpy(culled.data(), canvas.grid().row(y), width);
            for (std::size_t x = 0; x < width; ++x)
                if (culled[x] == Tile::Wall && !(above[x] | here[x] | below[x])) culled[x] = Tile::Void;
            canvas.writeRow(y, culled.data());
        }
    }

    int depth_;
    bool fillFirst_;
    bool cull_;
    Tile hallTile_;
    Plan plan_;
    std::size_t nextRoom_ = 0;
    std::size_t nextHall_ = 0;
    Rect current_;
};

} // namespace

StageType roomsAndHallwaysStage() {
    StageType type;
    type.id = "rooms_and_hallways";
    type.label = "Rooms and hallways";
    type.technique = "Random rooms joined in a ring by L-shaped hallways";
    type.params = {
        intParam("rooms", "Rooms", 10, 0, 100000, "How many rooms to place (they may overlap)"),
        intParam("room_min_width", "Room width (min)", 4, 1, kMaxLevelWidth, "Narrowest room, in tiles"),
        intParam("room_max_width", "Room width (max)", 10, 1, kMaxLevelWidth, "Widest room, in tiles"),
        intParam("room_min_height", "Room height (min)", 4, 1, kMaxLevelHeight, "Shortest room, in tiles"),
        intParam("room_max_height", "Room height (max)", 8, 1, kMaxLevelHeight, "Tallest room, in tiles"),
        intParam("hall_width", "Hallway width", 2, 1, 64, "Thickness of each hallway, in tiles"),
        tileParam("hall_tile", "Hallway tile", "corridor", {"corridor", "floor"}, ProjectKinds::Walkable,
                  "What hallways are dug as: corridor, floor or a walkable tile kind of the project's own"),
        choiceParam("join", "Join rooms", "in_order", {"in_order", "nearby"},
                    "Which rooms the ring of hallways joins: each to the next placed (seed 003; hallways cross the map), "
                    "or each to the next along a curve through the map, so hallways stay short"),
        boolParam("fill_first", "Start from stone", true, "Fill the map with stone first"),
        boolParam("cull", "Remove unused stone", true, "Turn stone that borders no room or hallway into void"),
    };
    type.crossCheck = [](const ParamValues& v) {
        std::vector<std::pair<std::string, std::string>> problems;
        checkMinMax(v, "room_min_width", "room_max_width", problems);
        checkMinMax(v, "room_min_height", "room_max_height", problems);
        return problems;
    };
    type.create = stageFactory<RoomsAndHallways>();
    // Rooms may overlap, so digging is rooms x room area, not bounded by the map.
    // Measured: 20,000 rooms of 100 x 100 with 8-wide halls on 2000 x 2000 take 0.4 s.
    type.estimate = [](const ParamValues& v, const LevelSize& size) {
        const double roomCells = static_cast<double>(std::min(v.integer("room_max_width"), size.width)) * std::min(v.integer("room_max_height"), size.height);
        const double hallCells = static_cast<double>(size.width + size.height + 2 * v.integer("hall_width")) * v.integer("hall_width");
        return WorkEstimate{v.integer("rooms") * (roomCells + hallCells), "cells dug", 1.0, "rooms or the room size"};
    };
    return type;
}

} // namespace burrow
