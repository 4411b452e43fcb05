#include "structure/room_graph_planner.h"

#include <algorithm>
#include <limits>

namespace burrow {
namespace room_layout {

// Candidates tried for one room.
constexpr int kRoomCandidates = 24;
// How far beyond two rooms a cycle's passage may wander.
constexpr int kCycleReach = 12;

Rect grown(const Rect& r, int by) { return {r.x - by, r.y - by, r.width + 2 * by, r.height + 2 * by}; }

bool overlaps(const Rect& a, const Rect& b) { return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom(); }

// Cells between two rectangles, along x and y (0 when they overlap on that axis).
int gapBetween(const Rect& a, const Rect& b) {
    const int dx = std::max({0, b.x - a.right(), a.x - b.right()});
    const int dy = std::max({0, b.y - a.bottom(), a.y - b.bottom()});
    return dx + dy;
}

// Walks a path cell by cell into straight legs: a cell in line with the last leg
// (and beside its end) lengthens it, else it starts the next.
void addToLegs(std::vector<Rect>& legs, Point cell) {
    if (!legs.empty()) {
        Rect& last = legs.back();
        const bool row = last.height == 1 && cell.y == last.y && (cell.x == last.x - 1 || cell.x == last.right());
        const bool column = last.width == 1 && cell.x == last.x && (cell.y == last.y - 1 || cell.y == last.bottom());
        if (row && (last.width > 1 || last.height == 1)) {
            last = {std::min(last.x, cell.x), last.y, last.width + 1, 1};
            return;
        }
        if (column) {
            last = {last.x, std::min(last.y, cell.y), 1, last.height + 1};
            return;
        }
    }
    legs.push_back({cell.x, cell.y, 1, 1});
}

} // namespace room_layout

RoomGraphPlanner::RoomGraphPlanner(const RoomGraph& graph, std::vector<std::vector<SizeRange>> templateSizes, LevelSize size, Rng rng,
                                   RoomGraphPlanSettings settings)
    : graph_(graph), sizes_(std::move(templateSizes)), size_(size), rng_(rng), settings_(settings) {
    const std::size_t n = graph.nodes.size();
    treeEdge_.assign(n, -1);
    std::vector<char> reached(n, 0), inTree(graph.edges.size(), 0);
    const int start = graph.startNode();
    if (start < 0) {
        finished_ = true;
        return;
    }
    // Each edge's rooms by index, once: the searches below never compare names.
    for (const RoomEdge& e : graph.edges) ends_.emplace_back(graph.nodeIndex(e.from), graph.nodeIndex(e.to));
    order_.push_back(start);
    reached[static_cast<std::size_t>(start)] = 1;
    for (std::size_t head = 0; head < order_.size(); ++head)
        for (std::size_t e = 0; e < graph.edges.size(); ++e) {
            const auto [a, b] = ends_[e];
            const int other = a == order_[head] ? b : b == order_[head] ? a : -1;
            if (other < 0 || reached[static_cast<std::size_t>(other)]) continue;
            reached[static_cast<std::size_t>(other)] = 1;
            treeEdge_[static_cast<std::size_t>(other)] = static_cast<int>(e);
            inTree[e] = 1;
            order_.push_back(other);
        }
    partners_.resize(n);
    for (std::size_t e = 0; e < graph.edges.size(); ++e)
        if (!inTree[e]) {
            cycleEdges_.push_back(static_cast<int>(e));
            partners_[static_cast<std::size_t>(ends_[e].first)].push_back(ends_[e].second);
            partners_[static_cast<std::size_t>(ends_[e].second)].push_back(ends_[e].first);
        }
    rooms_.assign(n, std::nullopt);
}

void RoomGraphPlanner::beginAttempt() {
    ++attempt_;
    std::fill(rooms_.begin(), rooms_.end(), std::nullopt);
    passages_.clear();
    placed_ = joined_ = 0;
}

RoomGraphPlanner::Event RoomGraphPlanner::next() {
    if (finished_) return Event::Done;
    if (attempt_ == 0) beginAttempt();
    if (placed_ < order_.size()) return placeNext();
    if (joined_ < cycleEdges_.size()) return joinNext();
    finished_ = true;
    return Event::Done;
}

RoomGraphPlanner::Event RoomGraphPlanner::placeNext() {
    const int node = order_[placed_];
    lastNode_ = node;
    const int edge = treeEdge_[static_cast<std::size_t>(node)];
    if (edge < 0) {
        // The start: anywhere its walls fit, drawn from the middle half so the others have room around it.
        const auto& options = sizes_[static_cast<std::size_t>(node)];
        PlannedRoom room;
        room.templateIndex = static_cast<int>(rng_.below(static_cast<std::uint32_t>(options.size())));
        const SizeRange& s = options[static_cast<std::size_t>(room.templateIndex)];
        const int w = std::min(rng_.range(s.minWidth, s.maxWidth), size_.width - 2), h = std::min(rng_.range(s.minHeight, s.maxHeight), size_.height - 2);
        const int spanX = size_.width - 2 - w, spanY = size_.height - 2 - h;
        room.floor = {1 + spanX / 4 + rng_.range(0, spanX / 2), 1 + spanY / 4 + rng_.range(0, spanY / 2), w, h};
        rooms_[static_cast<std::size_t>(node)] = room;
        ++placed_;
        return Event::Placed;
    }
    const auto [a, b] = ends_[static_cast<std::size_t>(edge)];
    const int parent = a == node ? b : a;
    auto placed = besideParent(node, parent, edge);
    if (!placed) {
        lastEdge_ = edge;
        if (attempt_ < settings_.attempts) {
            beginAttempt();
            return Event::Restarted;
        }
        finished_ = true;
        return Event::GaveUp;
    }
    rooms_[static_cast<std::size_t>(node)] = placed->first;
    passages_.push_back(std::move(placed->second));
    ++placed_;
    return Event::Placed;
}

std::optional<std::pair<PlannedRoom, PlannedPassage>> RoomGraphPlanner::besideParent(int node, int parent, int edge) {
    const auto& options = sizes_[static_cast<std::size_t>(node)];
    const Rect p = rooms_[static_cast<std::size_t>(parent)]->floor;
    const bool door = graph_.edges[static_cast<std::size_t>(edge)].kind != RoomEdge::Kind::Corridor;
    std::optional<std::pair<PlannedRoom, PlannedPassage>> best;
    int bestDistance = std::numeric_limits<int>::max();
    for (int attempt = 0; attempt < room_layout::kRoomCandidates; ++attempt) {
        PlannedRoom room;
        room.templateIndex = static_cast<int>(rng_.below(static_cast<std::uint32_t>(options.size())));
        const SizeRange& s = options[static_cast<std::size_t>(room.templateIndex)];
        const int w = rng_.range(s.minWidth, s.maxWidth), h = rng_.range(s.minHeight, s.maxHeight);
        const int side = static_cast<int>(rng_.below(4)); // 0 right, 1 down, 2 left, 3 up
        const int gap = door ? 1 : rng_.range(std::max(2, settings_.corridorMin), std::max(2, settings_.corridorMax));
        PlannedPassage passage{edge, parent, node, {}, {}, {}, {}, {}};
        if (side == 0 || side == 2) {
            const int y = rng_.range(p.y - h + 1, p.bottom() - 1);
            const int row = rng_.range(std::max(p.y, y), std::min(p.bottom(), y + h) - 1);
            const int x = side == 0 ? p.right() + gap : p.x - gap - w;
            room.floor = {x, y, w, h};
            const int from = side == 0 ? p.right() : p.x - gap;
            passage.legs = {{from, row, gap, 1}};
            const int dir = side == 0 ? 1 : -1;
            passage.endA = {side == 0 ? from : from + gap - 1, row};
            passage.stepA = {-dir, 0};
            passage.endB = {side == 0 ? from + gap - 1 : from, row};
            passage.stepB = {dir, 0};
        } else {
            const int x = rng_.range(p.x - w + 1, p.right() - 1);
            const int column = rng_.range(std::max(p.x, x), std::min(p.right(), x + w) - 1);
            const int y = side == 1 ? p.bottom() + gap : p.y - gap - h;
            room.floor = {x, y, w, h};
            const int from = side == 1 ? p.bottom() : p.y - gap;
            passage.legs = {{column, from, 1, gap}};
            const int dir = side == 1 ? 1 : -1;
            passage.endA = {column, side == 1 ? from : from + gap - 1};
            passage.stepA = {0, -dir};
            passage.endB = {column, side == 1 ? from + gap - 1 : from};
            passage.stepB = {0, dir};
        }
        if (!roomFits(room.floor, node) || !passageFits(passage.legs, parent, node)) continue;
        const int distance = distanceToPartners(room.floor, node);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = std::make_pair(room, passage);
            if (distance == 0) break; // no cycle partner placed yet, or touching them all
        }
    }
    return best;
}

bool RoomGraphPlanner::roomFits(const Rect& floor, int except) const {
    if (floor.x < 1 || floor.y < 1 || floor.right() > size_.width - 1 || floor.bottom() > size_.height - 1) return false;
    const Rect around = room_layout::grown(floor, 1);
    for (std::size_t i = 0; i < rooms_.size(); ++i)
        if (rooms_[i] && static_cast<int>(i) != except && room_layout::overlaps(around, rooms_[i]->floor)) return false;
    for (const PlannedPassage& p : passages_)
        for (const Rect& leg : p.legs)
            if (room_layout::overlaps(around, leg)) return false;
    return true;
}

// Each leg inside the level's border, and no cell of it beside (diagonals too) a room
// other than the two it joins, or another passage.
bool RoomGraphPlanner::passageFits(const std::vector<Rect>& legs, int a, int b) const {
    for (const Rect& leg : legs) {
        if (leg.x < 1 || leg.y < 1 || leg.right() > size_.width - 1 || leg.bottom() > size_.height - 1) return false;
        const Rect around = room_layout::grown(leg, 1);
        for (std::size_t i = 0; i < rooms_.size(); ++i)
            if (rooms_[i] && static_cast<int>(i) != a && static_cast<int>(i) != b && room_layout::overlaps(around, rooms_[i]->floor)) return false;
        for (const PlannedPassage& p : passages_)
            for (const Rect& other : p.legs)
                if (room_layout::overlaps(around, other)) return false;
    }
    return true;
}

int RoomGraphPlanner::distanceToPartners(const Rect& floor, int node) const {
    int total = 0;
    for (int other : partners_[static_cast<std::size_t>(node)])
        if (rooms_[static_cast<std::size_t>(other)]) total += room_layout::gapBetween(floor, rooms_[static_cast<std::size_t>(other)]->floor);
    return total;
}

RoomGraphPlanner::Event RoomGraphPlanner::joinNext() {
    const int edge = cycleEdges_[joined_++];
    lastEdge_ = edge;
    if (auto passage = cyclePassage(edge)) {
        passages_.push_back(std::move(*passage));
        return Event::Joined;
    }
    // A cycle is part of the design: laid out again while attempts remain, else left out with a warning.
    if (attempt_ < settings_.attempts) {
        beginAttempt();
        return Event::Restarted;
    }
    return Event::Unjoined;
}

// The shortest passage from one room's wall to the other's through cells that touch
// no other room and no other passage (a breadth-first search, so no draw and no
// luck), within the two rooms' bounds grown by kCycleReach cells: a cycle's join is
// worth laying only where the rooms are near, and the search stays bounded.
std::optional<PlannedPassage> RoomGraphPlanner::cyclePassage(int edge) {
    const auto [a, b] = ends_[static_cast<std::size_t>(edge)];
    const Rect ra = rooms_[static_cast<std::size_t>(a)]->floor, rb = rooms_[static_cast<std::size_t>(b)]->floor;
    if (room_layout::gapBetween(ra, rb) > 2 * room_layout::kCycleReach) return std::nullopt; // too far apart to join within reach
    const int x0 = std::max(1, std::min(ra.x, rb.x) - room_layout::kCycleReach), y0 = std::max(1, std::min(ra.y, rb.y) - room_layout::kCycleReach);
    const int x1 = std::min(size_.width - 1, std::max(ra.right(), rb.right()) + room_layout::kCycleReach);
    const int y1 = std::min(size_.height - 1, std::max(ra.bottom(), rb.bottom()) + room_layout::kCycleReach);
    const Rect window{x0, y0, x1 - x0, y1 - y0};
    Grid<std::int32_t> from(window.width, window.height, -2); // -2 blocked, -1 free and unreached, else the cell it was reached from
    const auto mark = [&](const Rect& r, std::int32_t value) {
        for (int y = std::max(r.y, window.y); y < std::min(r.bottom(), window.bottom()); ++y)
            for (int x = std::max(r.x, window.x); x < std::min(r.right(), window.right()); ++x) from(x - window.x, y - window.y) = value;
    };
    mark(window, -1);
    for (std::size_t i = 0; i < rooms_.size(); ++i)
        if (rooms_[i]) mark(static_cast<int>(i) == a || static_cast<int>(i) == b ? rooms_[i]->floor : room_layout::grown(rooms_[i]->floor, 1), -2);
    for (const PlannedPassage& p : passages_)
        for (const Rect& leg : p.legs) mark(room_layout::grown(leg, 1), -2);
    static constexpr int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    const auto beside = [](const Rect& r, int x, int y) {
        for (int d = 0; d < 4; ++d)
            if (r.contains(x + dx[d], y + dy[d])) return d;
        return -1;
    };
    std::vector<std::int32_t> queue;
    for (int y = 0; y < window.height; ++y)
        for (int x = 0; x < window.width; ++x)
            if (from(x, y) == -1 && beside(ra, x + window.x, y + window.y) >= 0) {
                from(x, y) = y * window.width + x; // a start: reached from itself
                queue.push_back(y * window.width + x);
            }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int x = queue[head] % window.width, y = queue[head] / window.width;
        if (const int into = beside(rb, x + window.x, y + window.y); into >= 0) {
            PlannedPassage passage{edge, a, b, {}, {}, {}, {}, {}};
            passage.endB = {x + window.x, y + window.y};
            passage.stepB = {dx[into], dy[into]};
            for (std::int32_t at = queue[head];; at = from(at % window.width, at / window.width)) {
                const Point cell{at % window.width + window.x, at / window.width + window.y};
                room_layout::addToLegs(passage.legs, cell);
                if (from(at % window.width, at / window.width) == at) {
                    const int out = beside(ra, cell.x, cell.y);
                    passage.endA = cell;
                    passage.stepA = {dx[out], dy[out]};
                    break;
                }
            }
            return passage;
        }
        for (int d = 0; d < 4; ++d) {
            const int nx = x + dx[d], ny = y + dy[d];
            if (nx < 0 || ny < 0 || nx >= window.width || ny >= window.height || from(nx, ny) != -1) continue;
            from(nx, ny) = queue[head];
            queue.push_back(ny * window.width + nx);
        }
    }
    return std::nullopt;
}

} // namespace burrow
