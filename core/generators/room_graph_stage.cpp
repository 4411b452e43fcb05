// Room graph: lays out the designer's room graph (structure/room_graph.h). The
// geometry is RoomGraphPlanner's; this stage turns it into tiles a room or a passage a
// step, and records what it laid: each room an area with its node's id and tags, each
// passage's legs hallways, each door a door between its two rooms, the start and exit
// rooms' markers.
//
// A door or locked join is a door (a locked door, recorded with its lock) in the one
// cell of wall between two rooms; a corridor a passage of floor. The keys are the
// locks_and_keys stage's. A cave or prefab room's floor may lie inside its
// bounds: a passage digs on, straight in, until it reaches walkable ground.
#include "generators/room_graph_stage.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "structure/room_graph_planner.h"

namespace burrow {
namespace room_graph_detail {

RoomGraphPlanSettings settingsOf(const ParamValues& p) {
    return {p.integer("corridor_min"), p.integer("corridor_max"), p.integer("attempts")};
}

class RoomGraphStage final : public Stage {
public:
    RoomGraphStage(const ParamValues& params, StageSetup setup) : depth_(setup.depth), rng_(setup.rng) {
        const std::string& id = params.choice("graph");
        if (setup.roomGraphs)
            for (const RoomGraph& g : *setup.roomGraphs)
                if (g.id == id) graph_ = g;
        if (graph_.nodes.empty()) {
            warn("no_graph", "the room graph \"" + id + "\" is not in the project; nothing was laid out");
            finish();
            return;
        }
        std::vector<std::vector<RoomGraphPlanner::SizeRange>> sizes;
        for (const RoomNode& node : graph_.nodes) {
            sizes.emplace_back();
            for (const RoomTemplate& t : node.templates) {
                if (t.shape == RoomTemplate::Shape::Prefab) prefabs_.push_back(findPrefab(setup, t.prefab));
                sizes.back().push_back({t.minWidth, t.maxWidth, t.minHeight, t.maxHeight});
            }
        }
        planner_ = std::make_unique<RoomGraphPlanner>(graph_, std::move(sizes), setup.size, rng_, settingsOf(params));
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (!started_) {
            canvas.fill(Tile::Wall);
            started_ = true;
        }
        switch (planner_->next()) {
        case RoomGraphPlanner::Event::Placed: {
            const int node = planner_->lastNode();
            drawRoom(canvas, node);
            if (planner_->treeEdge(node) >= 0) drawPassage(canvas, planner_->lastPassage());
            describe("laid room \"" + graph_.nodes[static_cast<std::size_t>(node)].id + "\"" + attemptText());
            break;
        }
        case RoomGraphPlanner::Event::Restarted:
            // Only what the attempt drew goes back to rock: a restart costs what was laid, not the level.
            for (const Rect& r : drawn_) canvas.fillRect(r, Tile::Wall);
            drawn_.clear();
            describe("no way to lay " + edgeText(planner_->lastEdge()) + ": starting again, attempt " + std::to_string(planner_->attempt()));
            break;
        case RoomGraphPlanner::Event::Joined:
            drawPassage(canvas, planner_->lastPassage());
            describe("joined " + edgeText(planner_->lastEdge()) + ", a cycle");
            break;
        case RoomGraphPlanner::Event::Unjoined:
            warn("edge_not_laid", "could not lay " + edgeText(planner_->lastEdge()) + ": every way between the two rooms passes another room");
            describe("no way for " + edgeText(planner_->lastEdge()));
            break;
        case RoomGraphPlanner::Event::GaveUp:
            warn("edge_not_laid", "could not lay " + edgeText(planner_->lastEdge()) + " after " + std::to_string(planner_->attempt()) +
                                      " attempts: no room of its templates fits beside the rooms already laid (a larger level, smaller rooms or "
                                      "shorter corridors help); the rooms laid so far stay");
            record(canvas);
            describe("gave up at " + edgeText(planner_->lastEdge()));
            finish();
            return;
        case RoomGraphPlanner::Event::Done:
            record(canvas);
            describe("every room and join is laid");
            finish();
            return;
        }
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (!planner_ || finished()) return;
        const int node = planner_->lastNode();
        if (node >= 0 && planner_->rooms()[static_cast<std::size_t>(node)]) {
            const Rect& r = planner_->rooms()[static_cast<std::size_t>(node)]->floor;
            out.push_back(Annotation::over(Annotation::Kind::Area, r.x, r.y, r.width, r.height));
        }
    }

private:
    static Prefab findPrefab(const StageSetup& setup, const std::string& id) {
        if (setup.prefabs)
            for (const Prefab& p : *setup.prefabs)
                if (p.id == id) return p;
        return {};
    }

    std::string attemptText() const { return planner_->attempt() > 1 ? " (attempt " + std::to_string(planner_->attempt()) + ")" : ""; }

    std::string edgeText(int edge) const {
        const RoomEdge& e = graph_.edges[static_cast<std::size_t>(edge)];
        return "the " + std::string(edgeKindId(e.kind)) + " from \"" + e.from + "\" to \"" + e.to + "\"";
    }

    const RoomTemplate& templateOf(int node) const {
        return graph_.nodes[static_cast<std::size_t>(node)].templates[static_cast<std::size_t>(planner_->rooms()[static_cast<std::size_t>(node)]->templateIndex)];
    }

    void drawRoom(LevelCanvas& canvas, int node) {
        const Rect r = planner_->rooms()[static_cast<std::size_t>(node)]->floor;
        drawn_.push_back(r);
        const RoomTemplate& t = templateOf(node);
        switch (t.shape) {
        case RoomTemplate::Shape::Rectangle: canvas.fillRect(r, Tile::Floor); break;
        case RoomTemplate::Shape::Cave: drawCave(canvas, r); break;
        case RoomTemplate::Shape::Prefab:
            for (const Prefab& p : prefabs_)
                if (p.id == t.prefab)
                    for (int y = 0; y < p.height && y < r.height; ++y)
                        for (int x = 0; x < p.width && x < r.width; ++x)
                            if (!p.at(x, y).keep) canvas.set(r.x + x, r.y + y, p.at(x, y).tile);
            break;
        }
    }

    // A blob: each row a span centred in the bounds, as wide as an ellipse there, give
    // or take a little; every span overlaps the next, so the cave is one region.
    void drawCave(LevelCanvas& canvas, const Rect& r) {
        const double cy = r.height / 2.0, halfWidth = r.width / 2.0;
        for (int y = 0; y < r.height; ++y) {
            const double dy = (y + 0.5 - cy) / cy;
            const double shape = std::sqrt(std::max(0.0, 1.0 - dy * dy)) * (0.85 + 0.2 * rng_.unit());
            const int half = std::clamp(static_cast<int>(std::lround(halfWidth * shape)), 1, (r.width + 1) / 2);
            const int from = r.x + (r.width - 2 * half) / 2;
            canvas.fillRect({from, r.y + y, std::min(2 * half, r.width), 1}, Tile::Floor);
        }
    }

    void drawPassage(LevelCanvas& canvas, const PlannedPassage& passage) {
        const RoomEdge& e = graph_.edges[static_cast<std::size_t>(passage.edge)];
        for (const Rect& leg : passage.legs) {
            canvas.fillRect(leg, Tile::Floor);
            drawn_.push_back(leg);
        }
        // A door (locked or not) where the passage meets the room it leads from.
        if (e.kind != RoomEdge::Kind::Corridor) canvas.set(passage.endA.x, passage.endA.y, e.kind == RoomEdge::Kind::Locked ? Tile::LockedDoor : Tile::Door);
        digInto(canvas, passage.roomA, passage.endA, passage.stepA);
        digInto(canvas, passage.roomB, passage.endB, passage.stepB);
    }

    void digInto(LevelCanvas& canvas, int node, Point from, Point step) {
        const Rect r = planner_->rooms()[static_cast<std::size_t>(node)]->floor;
        const TileKinds& kinds = canvas.level().kinds;
        for (Point p{from.x + step.x, from.y + step.y}; r.contains(p.x, p.y) && !kinds.walkable(canvas.get(p.x, p.y)); p = {p.x + step.x, p.y + step.y})
            canvas.set(p.x, p.y, Tile::Floor);
    }

    // What the level keeps of the layout: rooms with their nodes, hallways, doors, markers.
    void record(LevelCanvas& canvas) {
        Level& level = canvas.level();
        std::vector<int> areaOf(graph_.nodes.size(), -1);
        for (std::size_t n = 0; n < graph_.nodes.size(); ++n) {
            const auto& room = planner_->rooms()[n];
            if (!room) continue;
            areaOf[n] = level.addArea(AreaKind::Room, depth_, room->floor).id;
            Area& area = level.areas.back();
            area.node = graph_.nodes[n].id;
            area.tags = graph_.nodes[n].tags;
            for (const char* marker : {"start", "exit"})
                if (graph_.nodes[n].hasTag(marker)) addMarker(level, marker, room->floor);
        }
        for (const PlannedPassage& p : planner_->passages()) {
            for (const Rect& leg : p.legs) level.addArea(AreaKind::Hallway, depth_, leg);
            const RoomEdge& e = graph_.edges[static_cast<std::size_t>(p.edge)];
            if (e.kind != RoomEdge::Kind::Corridor)
                level.doors.push_back({{p.endA.x, p.endA.y, depth_}, areaOf[static_cast<std::size_t>(p.roomA)], areaOf[static_cast<std::size_t>(p.roomB)],
                                       e.kind == RoomEdge::Kind::Locked ? e.lock : std::string()});
        }
    }

    // The walkable cell nearest the room's centre; one start for the level (the first
    // depth's), an exit on each depth that has one.
    void addMarker(Level& level, const char* name, const Rect& r) {
        if (std::string(name) == "start")
            for (const Marker& m : level.markers)
                if (m.name == "start") return;
        const Point c = r.center();
        std::optional<Point> best;
        int bestDistance = 0;
        for (int y = r.y; y < r.bottom(); ++y)
            for (int x = r.x; x < r.right(); ++x)
                if (level.kinds.walkable(level.at(x, y, depth_)) && !isPassage(level.at(x, y, depth_))) {
                    const int d = std::abs(x - c.x) + std::abs(y - c.y);
                    if (!best || d < bestDistance) best = Point{x, y}, bestDistance = d;
                }
        if (best) level.markers.push_back({name, {best->x, best->y, depth_}});
    }

    int depth_;
    Rng rng_;
    RoomGraph graph_;
    std::vector<Prefab> prefabs_;
    std::unique_ptr<RoomGraphPlanner> planner_; // reads graph_: declared after it
    std::vector<Rect> drawn_;                   // this attempt's rooms and passages
    bool started_ = false;
};

} // namespace room_graph_detail

StageType roomGraphStage() {
    StageType type;
    type.id = "room_graph";
    type.label = "Room graph";
    type.technique = "Lays out the designer's graph of rooms: each room one of its templates, each join a door or a corridor";
    type.params = {
        roomGraphParam("graph", "Graph", "The project's room graph to lay out (\"room_graphs\")"),
        intParam("corridor_min", "Shortest corridor", 2, 2, 40, "The fewest cells a corridor join runs between its rooms' walls"),
        intParam("corridor_max", "Longest corridor", 6, 2, 40, "The most cells a corridor join runs between its rooms' walls"),
        intParam("attempts", "Attempts", 20, 1, 1000, "How often to start the layout again when a room fits nowhere, before giving up with a warning"),
    };
    type.crossCheck = [](const ParamValues& v) {
        std::vector<std::pair<std::string, std::string>> problems;
        if (v.integer("corridor_min") > v.integer("corridor_max"))
            problems.emplace_back("corridor_min", "must be at most corridor_max (" + std::to_string(v.integer("corridor_max")) + ")");
        return problems;
    };
    type.create = stageFactory<room_graph_detail::RoomGraphStage>();
    return type;
}

} // namespace burrow
