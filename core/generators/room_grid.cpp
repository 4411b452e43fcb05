// Room grid (seed 002, part 1).
//
// The map is cut into a grid of cells; each room fills one cell and shares its
// walls with the cells around it. Rooms grow from the start room in the middle of
// the grid: each new room is a random free cell next to a room already made, and
// is joined to that room by a door, so every room can be reached from the start.
// Then each further pair of neighbouring rooms gets a door with `extra_doors`
// probability (1, the seed's choice, joins every neighbour). Each room records its
// distance in doors from the start room.
//
// The layout is planned up front; the steps dig it one room, then one door, at a time.
#include "generators/room_grid.h"

#include <algorithm>
#include <array>
#include <deque>
#include <span>

#include "model/directions.h"

namespace burrow {
namespace {


struct GridRoom {
    Point cell;        // column and row in the grid
    Rect floor;        // in tiles
    int distance = 0;  // doors from the start room
};

struct GridDoor {
    Point at;
    int roomA = 0;     // indices into the plan's rooms
    int roomB = 0;
};

class RoomGrid final : public Stage {
public:
    RoomGrid(const ParamValues& params, StageSetup setup)
        : depth_(setup.depth), fillFirst_(params.flag("fill_first")) {
        plan(params, setup.rng, setup.size.width, setup.size.height);
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (fillFirst_) {
            canvas.fill(Tile::Wall);
            fillFirst_ = false;
            describe("filled the map with wall");
        } else if (nextRoom_ < rooms_.size()) {
            const GridRoom& room = rooms_[nextRoom_];
            current_ = room.floor;
            canvas.fillRect(room.floor, Tile::Floor);
            areaIds_.push_back(canvas.level().addArea(AreaKind::Room, depth_, room.floor, room.distance).id);
            if (nextRoom_ == 0) canvas.level().markers.push_back({"start", {room.floor.center().x, room.floor.center().y, depth_}});
            if (describing())
                describe("dug room " + std::to_string(nextRoom_ + 1) + " of " + std::to_string(rooms_.size()) + " (" + std::to_string(room.distance) +
                         " doors from the start)");
            ++nextRoom_;
        } else if (nextDoor_ < doors_.size()) {
            const GridDoor& door = doors_[nextDoor_];
            current_ = {door.at.x, door.at.y, 1, 1};
            canvas.set(door.at.x, door.at.y, Tile::Door);
            canvas.level().doors.push_back(
                {{door.at.x, door.at.y, depth_}, areaIds_[static_cast<std::size_t>(door.roomA)], areaIds_[static_cast<std::size_t>(door.roomB)], {}});
            ++nextDoor_;
            if (describing()) describe("door " + std::to_string(nextDoor_) + " of " + std::to_string(doors_.size()));
        }
        if (!fillFirst_ && nextRoom_ >= rooms_.size() && nextDoor_ >= doors_.size()) finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (current_.width > 0) out.push_back(Annotation::over(Annotation::Kind::Area, current_.x, current_.y, current_.width, current_.height));
    }

private:
    void plan(const ParamValues& p, Rng& rng, int width, int height) {
        // A cell needs 3 tiles a side: a wall it shares, one floor, the wall it shares on the other side.
        int columns = p.integer("columns"), rows = p.integer("rows");
        const int fitColumns = std::max(0, (width - 1) / 2), fitRows = std::max(0, (height - 1) / 2);
        if (columns > fitColumns || rows > fitRows) {
            columns = std::min(columns, fitColumns);
            rows = std::min(rows, fitRows);
            warn("grid_small", "the map fits a grid of only " + std::to_string(columns) + " x " + std::to_string(rows) + " rooms");
        }
        if (columns == 0 || rows == 0) return;
        pitchX_ = (width - 1) / columns;
        pitchY_ = (height - 1) / rows;
        int wanted = p.integer("rooms");
        if (wanted > columns * rows) {
            warn("rooms_short", "asked for " + std::to_string(wanted) + " rooms; the grid holds " + std::to_string(columns * rows));
            wanted = columns * rows;
        }
        if (wanted == 0) return;

        Grid<int> roomAt(columns, rows, -1);
        auto addRoom = [&](Point cell, int distance) {
            roomAt(cell.x, cell.y) = static_cast<int>(rooms_.size());
            rooms_.push_back({cell, {cell.x * pitchX_ + 1, cell.y * pitchY_ + 1, pitchX_ - 1, pitchY_ - 1}, distance});
        };
        // Grow from the middle: a frontier of (free cell, the room it touches).
        addRoom({columns / 2, rows / 2}, 0);
        std::vector<std::pair<Point, int>> frontier;
        auto extend = [&](int room) {
            for (const Point& d : std::span(kSteps).first<4>()) {
                const Point c{rooms_[static_cast<std::size_t>(room)].cell.x + d.x, rooms_[static_cast<std::size_t>(room)].cell.y + d.y};
                if (roomAt.contains(c.x, c.y) && roomAt(c.x, c.y) < 0) frontier.push_back({c, room});
            }
        };
        extend(0);
        // Each cell enters the frontier at most four times, so this ends.
        while (static_cast<int>(rooms_.size()) < wanted && !frontier.empty()) {
            const std::size_t pick = rng.below(static_cast<std::uint32_t>(frontier.size()));
            const auto [cell, parent] = frontier[pick];
            frontier[pick] = frontier.back();
            frontier.pop_back();
            if (roomAt(cell.x, cell.y) >= 0) continue;
            addRoom(cell, 0);
            addDoor(parent, static_cast<int>(rooms_.size()) - 1);
            extend(static_cast<int>(rooms_.size()) - 1);
        }
        // Further doors between neighbours not yet joined.
        const double extra = p.real("extra_doors");
        for (std::size_t a = 0; a < rooms_.size(); ++a)
            for (const Point& d : {Point{1, 0}, Point{0, 1}}) {
                const Point c{rooms_[a].cell.x + d.x, rooms_[a].cell.y + d.y};
                if (!roomAt.contains(c.x, c.y) || roomAt(c.x, c.y) < 0) continue;
                const int b = roomAt(c.x, c.y);
                if (joined(static_cast<int>(a), b)) continue;
                if (rng.chance(extra)) addDoor(static_cast<int>(a), b);
            }
        computeDistances();
    }

    // Neighbours share a wall in one of four directions: a bit per direction and
    // room says whether a door is there, so the check costs nothing however many
    // rooms there are (a scan of every door made 256 x 256 rooms take seconds).
    static int directionIndex(Point from, Point to) {
        for (std::size_t i = 0; i < 4; ++i)
            if (from.x + kSteps[i].x == to.x && from.y + kSteps[i].y == to.y) return static_cast<int>(i);
        return -1;
    }
    bool joined(int a, int b) const {
        const int dir = directionIndex(rooms_[static_cast<std::size_t>(a)].cell, rooms_[static_cast<std::size_t>(b)].cell);
        return dir >= 0 && (doorMask_[static_cast<std::size_t>(a)] >> dir) & 1u;
    }

    // The door sits in the middle of the wall two neighbouring rooms share.
    void addDoor(int a, int b) {
        const Point ca = rooms_[static_cast<std::size_t>(a)].cell, cb = rooms_[static_cast<std::size_t>(b)].cell;
        Point at;
        if (ca.y == cb.y) at = {std::max(ca.x, cb.x) * pitchX_, ca.y * pitchY_ + pitchY_ / 2};
        else at = {ca.x * pitchX_ + pitchX_ / 2, std::max(ca.y, cb.y) * pitchY_};
        doors_.push_back({at, a, b});
        if (doorMask_.size() < rooms_.size()) doorMask_.resize(rooms_.size(), 0);
        if (const int dir = directionIndex(ca, cb); dir >= 0) doorMask_[static_cast<std::size_t>(a)] |= static_cast<std::uint8_t>(1u << dir);
        if (const int dir = directionIndex(cb, ca); dir >= 0) doorMask_[static_cast<std::size_t>(b)] |= static_cast<std::uint8_t>(1u << dir);
    }

    void computeDistances() {
        std::vector<std::vector<int>> links(rooms_.size());
        for (const GridDoor& d : doors_) {
            links[static_cast<std::size_t>(d.roomA)].push_back(d.roomB);
            links[static_cast<std::size_t>(d.roomB)].push_back(d.roomA);
        }
        for (auto& r : rooms_) r.distance = -1;
        std::deque<int> queue{0};
        rooms_[0].distance = 0;
        while (!queue.empty()) {
            const int room = queue.front();
            queue.pop_front();
            for (int next : links[static_cast<std::size_t>(room)])
                if (rooms_[static_cast<std::size_t>(next)].distance < 0) {
                    rooms_[static_cast<std::size_t>(next)].distance = rooms_[static_cast<std::size_t>(room)].distance + 1;
                    queue.push_back(next);
                }
        }
    }

    int depth_;
    bool fillFirst_;
    int pitchX_ = 0, pitchY_ = 0;
    std::vector<GridRoom> rooms_;
    std::vector<GridDoor> doors_;
    std::vector<std::uint8_t> doorMask_; // per room: bit i set when a door leads to kSteps[i]
    std::vector<int> areaIds_;
    std::size_t nextRoom_ = 0, nextDoor_ = 0;
    Rect current_;
};

} // namespace

StageType roomGridStage() {
    StageType type;
    type.id = "room_grid";
    type.label = "Room grid";
    type.technique = "Rooms in the cells of a grid, joined to their neighbours by doors";
    type.params = {
        intParam("columns", "Grid columns", 5, 1, 1024, "Cells across; each room fills one cell"),
        intParam("rows", "Grid rows", 5, 1, 1024, "Cells down"),
        intParam("rooms", "Rooms", 10, 0, 1048576, "How many rooms to grow from the start room"),
        realParam("extra_doors", "Extra doors", 1.0, 0.0, 1.0,
                  "Chance of a door between neighbouring rooms beyond those that join the rooms up (1: every neighbour, as the seed)"),
        boolParam("fill_first", "Start from wall", true, "Fill the map with wall first"),
    };
    type.create = stageFactory<RoomGrid>();
    return type;
}

} // namespace burrow
