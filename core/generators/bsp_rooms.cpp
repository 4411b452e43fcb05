// BSP rooms (libtcod's BSP dungeons; RogueBasin's "Basic BSP Dungeon generation").
//
// The level is split in two, and each half again, until a part would be narrower
// than `min_leaf`: a long part is cut across its length, a squarish one either way,
// at a share of its side between `split_min` and `split_max`. Each leaf gets one
// room, `padding` cells inside its edges, its sides a share of the leaf's between
// `room_fill_min` and `room_fill_max`. Then, from the leaves up, the two halves of
// every split are joined by one hallway between the room of each half nearest the
// cut: every split joins what it cut apart, so all rooms are one region by
// construction, with hallways no longer than the parts they join.
//
// The whole tree is drawn from the stream up front, then dug one room or one
// hallway a step, so stepping and running draw the same numbers.
#include "generators/bsp_rooms.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "generators/hallway.h"

namespace burrow {
namespace {

struct Part {
    Rect bounds;
    bool acrossX = false;   // cut by a vertical line (left | right), else by a horizontal one
    int cut = 0;            // the first column (or row) of the second half
    int first = 0, end = 0; // the rooms of its leaves, a range in reading order of the tree
};

struct Layout {
    std::vector<Rect> rooms;
    std::vector<Rect> hallways; // each leg of each hallway
    std::vector<std::size_t> hallwayEnds; // hallway i is legs [ends[i-1], ends[i])
};

struct Settings {
    int minLeaf = 10;
    double splitMin = 0.4, splitMax = 0.6;
    double fillMin = 0.5, fillMax = 1.0;
    int padding = 1;
};

// The room of rooms[first, end) that reaches furthest towards the cut (the largest
// right or bottom edge when `towardsEnd`, else the smallest left or top edge).
std::size_t nearestTheCut(const std::vector<Rect>& rooms, int first, int end, bool acrossX, bool towardsEnd) {
    std::size_t best = static_cast<std::size_t>(first);
    auto reach = [&](const Rect& r) {
        const int edge = acrossX ? (towardsEnd ? r.right() : r.x) : (towardsEnd ? r.bottom() : r.y);
        return towardsEnd ? edge : -edge;
    };
    for (int i = first + 1; i < end; ++i)
        if (reach(rooms[static_cast<std::size_t>(i)]) > reach(rooms[best])) best = static_cast<std::size_t>(i);
    return best;
}

// The room of the second half that lies nearest `from` across the cut.
std::size_t nearestTo(const std::vector<Rect>& rooms, int first, int end, const Rect& from) {
    const Point a = from.center();
    std::size_t best = static_cast<std::size_t>(first);
    long long bestDistance = -1;
    for (int i = first; i < end; ++i) {
        const Point b = rooms[static_cast<std::size_t>(i)].center();
        const long long distance = std::llabs(static_cast<long long>(a.x) - b.x) + std::llabs(static_cast<long long>(a.y) - b.y);
        if (bestDistance < 0 || distance < bestDistance) {
            bestDistance = distance;
            best = static_cast<std::size_t>(i);
        }
    }
    return best;
}

class Planner {
public:
    Planner(Rng& rng, const Settings& s) : rng_(rng), s_(s) {}

    Layout plan(int width, int height) {
        split({0, 0, width, height});
        // Children come after their parent, so walking back joins the smallest splits first.
        for (std::size_t i = parts_.size(); i-- > 0;)
            if (parts_[i].cut > 0) join(i);
        return std::move(layout_);
    }

private:
    // Depth first, so each part's leaves (and rooms) are one range. An explicit stack:
    // a 4096-wide level with leaves of 4 is deep enough to matter.
    void split(const Rect& whole) {
        std::vector<std::size_t> stack{add(whole)};
        while (!stack.empty()) {
            const std::size_t i = stack.back();
            stack.pop_back();
            const Rect r = parts_[i].bounds;
            const bool canX = r.width >= 2 * s_.minLeaf, canY = r.height >= 2 * s_.minLeaf;
            if (!canX && !canY) {
                parts_[i].first = static_cast<int>(layout_.rooms.size());
                layout_.rooms.push_back(roomIn(r));
                parts_[i].end = parts_[i].first + 1;
                continue;
            }
            bool acrossX = canX;
            if (canX && canY) {
                if (r.width * 4 > r.height * 5) acrossX = true;       // wide: cut it into two narrower parts
                else if (r.height * 4 > r.width * 5) acrossX = false; // tall
                else acrossX = rng_.below(2) == 0;
            }
            const int side = acrossX ? r.width : r.height;
            const double share = s_.splitMin + rng_.unit() * (s_.splitMax - s_.splitMin);
            const int at = std::clamp(static_cast<int>(std::lround(side * share)), s_.minLeaf, side - s_.minLeaf);
            parts_[i].acrossX = acrossX;
            parts_[i].cut = (acrossX ? r.x : r.y) + at;
            const Rect first = acrossX ? Rect{r.x, r.y, at, r.height} : Rect{r.x, r.y, r.width, at};
            const Rect second = acrossX ? Rect{r.x + at, r.y, r.width - at, r.height} : Rect{r.x, r.y + at, r.width, r.height - at};
            // The first half's leaves first: its rooms come before the second half's.
            const std::size_t a = add(first), b = add(second);
            children_[i] = {a, b};
            stack.push_back(b);
            stack.push_back(a);
        }
        // Ranges of the inner parts: the union of their children's, bottom up.
        for (std::size_t i = parts_.size(); i-- > 0;)
            if (parts_[i].cut > 0) {
                parts_[i].first = parts_[children_[i].first].first;
                parts_[i].end = parts_[children_[i].second].end;
            }
    }

    std::size_t add(const Rect& r) {
        parts_.push_back({r});
        children_.resize(parts_.size());
        return parts_.size() - 1;
    }

    // A leaf is at least min_leaf (2 x padding + 1, crossCheck) wide, unless the level
    // itself is thinner: then the padding is what fits, and the room stays in the level.
    Rect roomIn(const Rect& leaf) {
        const int padX = std::min(s_.padding, (leaf.width - 1) / 2), padY = std::min(s_.padding, (leaf.height - 1) / 2);
        const Rect inner{leaf.x + padX, leaf.y + padY, leaf.width - 2 * padX, leaf.height - 2 * padY};
        auto side = [&](int space) {
            const double fill = s_.fillMin + rng_.unit() * (s_.fillMax - s_.fillMin);
            return std::clamp(static_cast<int>(std::lround(space * fill)), 1, space);
        };
        const int w = side(inner.width), h = side(inner.height);
        const int x = inner.x + rng_.range(0, inner.width - w), y = inner.y + rng_.range(0, inner.height - h);
        return {x, y, w, h};
    }

    // One hallway between the halves of `part`: from the first half's room nearest the
    // cut, straight across where the two rooms face each other, else in a Z that turns
    // on the cut line, which no room of either half crosses.
    void join(std::size_t index) {
        const Part& part = parts_[index];
        const Part& first = parts_[children_[index].first];
        const Part& second = parts_[children_[index].second];
        const Rect from = layout_.rooms[nearestTheCut(layout_.rooms, first.first, first.end, part.acrossX, true)];
        const Rect to = layout_.rooms[nearestTo(layout_.rooms, second.first, second.end, from)];
        const Point p = from.center(), q = to.center();
        if (part.acrossX) {
            const int top = std::max(from.y, to.y), bottom = std::min(from.bottom(), to.bottom());
            if (top < bottom) {
                const int y = top + (bottom - top - 1) / 2;
                leg({from.right(), y, to.x - from.right(), 1});
            } else {
                leg({p.x, p.y, part.cut - p.x + 1, 1});
                leg({part.cut, std::min(p.y, q.y), 1, std::abs(p.y - q.y) + 1});
                leg({part.cut, q.y, q.x - part.cut + 1, 1});
            }
        } else {
            const int left = std::max(from.x, to.x), right = std::min(from.right(), to.right());
            if (left < right) {
                const int x = left + (right - left - 1) / 2;
                leg({x, from.bottom(), 1, to.y - from.bottom()});
            } else {
                leg({p.x, p.y, 1, part.cut - p.y + 1});
                leg({std::min(p.x, q.x), part.cut, std::abs(p.x - q.x) + 1, 1});
                leg({q.x, part.cut, 1, q.y - part.cut + 1});
            }
        }
        layout_.hallwayEnds.push_back(layout_.hallways.size());
    }

    void leg(const Rect& r) {
        if (r.width > 0 && r.height > 0) layout_.hallways.push_back(r);
    }

    Rng& rng_;
    const Settings& s_;
    std::vector<Part> parts_;
    std::vector<std::pair<std::size_t, std::size_t>> children_;
    Layout layout_;
};

class BspRooms final : public Stage {
public:
    BspRooms(const ParamValues& params, StageSetup setup)
        : depth_(setup.depth), fillFirst_(params.flag("fill_first")), hallTile_(params.tile("hall_tile", *setup.kinds)) {
        const Settings s{params.integer("min_leaf"), params.real("split_min"), params.real("split_max"), params.real("room_fill_min"),
                         params.real("room_fill_max"), params.integer("padding")};
        layout_ = Planner(setup.rng, s).plan(setup.size.width, setup.size.height);
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (fillFirst_) {
            canvas.fill(Tile::Wall);
            fillFirst_ = false;
            describe("filled the map with stone");
        } else if (nextRoom_ < layout_.rooms.size()) {
            current_ = layout_.rooms[nextRoom_];
            canvas.fillRect(current_, Tile::Floor);
            canvas.level().addArea(AreaKind::Room, depth_, current_);
            // The level's first room is the start, as in seed 003; later depths have their own stairs.
            if (nextRoom_ == 0 && std::none_of(canvas.level().markers.begin(), canvas.level().markers.end(), [](const Marker& m) { return m.name == "start"; }))
                canvas.level().markers.push_back({"start", {current_.center().x, current_.center().y, depth_}});
            ++nextRoom_;
            if (describing()) describe("dug room " + std::to_string(nextRoom_) + " of " + std::to_string(layout_.rooms.size()));
        } else if (nextHall_ < layout_.hallwayEnds.size()) {
            const std::size_t begin = nextHall_ == 0 ? 0 : layout_.hallwayEnds[nextHall_ - 1];
            for (std::size_t i = begin; i < layout_.hallwayEnds[nextHall_]; ++i) {
                current_ = layout_.hallways[i];
                digHallway(canvas, current_, hallTile_);
                canvas.level().addArea(AreaKind::Hallway, depth_, current_);
            }
            ++nextHall_;
            if (describing()) describe("joined split " + std::to_string(nextHall_) + " of " + std::to_string(layout_.hallwayEnds.size()));
        }
        if (!fillFirst_ && nextRoom_ >= layout_.rooms.size() && nextHall_ >= layout_.hallwayEnds.size()) {
            current_ = {};
            finish();
        }
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (current_.width > 0) out.push_back(Annotation::over(Annotation::Kind::Area, current_.x, current_.y, current_.width, current_.height));
    }

private:
    int depth_;
    bool fillFirst_;
    Tile hallTile_;
    Layout layout_;
    std::size_t nextRoom_ = 0;
    std::size_t nextHall_ = 0;
    Rect current_;
};

} // namespace

StageType bspRoomsStage() {
    StageType type;
    type.id = "bsp_rooms";
    type.label = "BSP rooms";
    type.technique = "Binary space partition: a room per leaf, each split joined by a hallway";
    type.params = {
        intParam("min_leaf", "Smallest part", 10, 3, kMaxLevelWidth, "No part of the split is narrower or shorter than this, in tiles"),
        realParam("split_min", "Split at (min)", 0.4, 0.1, 0.9, "The nearest a cut falls to a part's edge, as a share of its side"),
        realParam("split_max", "Split at (max)", 0.6, 0.1, 0.9, "The furthest a cut falls from a part's edge, as a share of its side"),
        realParam("room_fill_min", "Room size (min)", 0.5, 0.05, 1.0, "The smallest room, as a share of its part's inside"),
        realParam("room_fill_max", "Room size (max)", 1.0, 0.05, 1.0, "The largest room, as a share of its part's inside"),
        intParam("padding", "Padding", 1, 0, 64, "Wall kept between a room and its part's edges, in tiles: 1 or more keeps rooms apart"),
        tileParam("hall_tile", "Hallway tile", "corridor", {"corridor", "floor"}, ProjectKinds::Walkable,
                  "What hallways are dug as: corridor, floor or a walkable tile kind of the project's own"),
        boolParam("fill_first", "Start from stone", true, "Fill the map with stone first"),
    };
    type.crossCheck = [](const ParamValues& v) {
        std::vector<std::pair<std::string, std::string>> problems;
        if (v.real("split_min") > v.real("split_max")) problems.emplace_back("split_min", "split_min must not be above split_max");
        if (v.real("room_fill_min") > v.real("room_fill_max")) problems.emplace_back("room_fill_min", "room_fill_min must not be above room_fill_max");
        if (v.integer("min_leaf") < 2 * v.integer("padding") + 1)
            problems.emplace_back("padding", "a part of min_leaf (" + std::to_string(v.integer("min_leaf")) + ") has no room inside a padding of " +
                                                 std::to_string(v.integer("padding")) + ": keep min_leaf at least twice the padding plus one");
        return problems;
    };
    type.create = stageFactory<BspRooms>();
    return type;
}

} // namespace burrow
