// Connecting regions.
//
// rot.js's Cellular.connect() tunnels from each region to its nearest neighbour by
// rescanning the map per tunnel (minutes at 1000 x 1000). Here one breadth-first
// search grows every region through diggable rock at once; where two regions'
// growth meets, the two halves form the shortest tunnel between those regions.
// Of all such meetings, a minimum spanning tree (Kruskal: shortest first, skipping
// pairs already joined) picks the tunnels that join every region with the least
// digging. Each tunnel is one step. Tunnels run in four directions, so they can be
// walked whatever the movement rule.
#include "regions/connect_regions.h"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "model/directions.h"
#include "regions/region_map.h"

namespace burrow {
namespace {

constexpr std::uint8_t kSource = 255;

struct Meeting {
    int length = 0;          // rock cells to dig
    std::uint32_t a = 0, b = 0; // the two cells where the regions' growth touched
    int regionA = 0, regionB = 0;
};

class ConnectRegions final : public Stage {
public:
    ConnectRegions(const ParamValues& params, StageSetup setup /* the tunnels are the shortest: nothing is drawn at random */)
        : connectivity_(setup.movement),
          tile_(params.tile("tile", *setup.kinds)) {}

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (!planned_) {
            plan(canvas.grid(), canvas.level().kinds);
        } else if (next_ < tunnels_.size()) {
            dig(canvas, tunnels_[next_]);
            ++next_;
            describe("tunnel " + std::to_string(next_) + " of " + std::to_string(tunnels_.size()) + " (" +
                     std::to_string(tunnels_[next_ - 1].length) + " cells dug)");
        }
        if (planned_ && next_ >= tunnels_.size()) finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (current_.width > 0) out.push_back(Annotation::over(Annotation::Kind::Area, current_.x, current_.y, current_.width, current_.height));
    }

private:
    void plan(const TileGrid& grid, const TileKinds& kinds) {
        planned_ = true;
        width_ = grid.width();
        const RegionMap regions = labelRegions(grid, connectivity_, kinds);
        if (regions.count() <= 1) {
            describe(regions.count() == 0 ? "no regions to connect" : "one region: nothing to connect");
            return;
        }
        const std::vector<Meeting> meetings = growRegions(grid, regions, kinds);
        chooseTunnels(meetings, regions.count());
        describe(std::to_string(regions.count()) + " regions; " + std::to_string(tunnels_.size()) + " tunnels to dig");
    }

    // Multi-source BFS from every walkable cell through diggable rock, noting for
    // each pair of regions the shortest meeting of their growth.
    std::vector<Meeting> growRegions(const TileGrid& grid, const RegionMap& regions, const TileKinds& kinds) {
        const std::size_t cells = grid.size();
        owner_.assign(cells, 0);
        back_.assign(cells, kSource);
        std::vector<std::int32_t> distance(cells, -1);
        std::vector<std::uint32_t> queue;
        queue.reserve(cells);
        const std::int32_t* labels = regions.labels.data();
        for (std::uint32_t i = 0; i < cells; ++i)
            if (labels[i]) {
                owner_[i] = labels[i];
                distance[i] = 0;
                queue.push_back(i);
            }
        std::unordered_map<std::uint64_t, Meeting> best;
        const int h = grid.height();
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const std::uint32_t c = queue[head];
            const int x = static_cast<int>(c % static_cast<std::uint32_t>(width_)), y = static_cast<int>(c / static_cast<std::uint32_t>(width_));
            for (std::uint8_t d = 0; d < 4; ++d) {
                const int nx = x + kSteps[d].x, ny = y + kSteps[d].y;
                if (nx < 0 || ny < 0 || nx >= width_ || ny >= h) continue;
                const auto n = static_cast<std::uint32_t>(ny * width_ + nx);
                if (owner_[n] == 0) {
                    if (!kinds.diggable(grid.data()[n])) continue;
                    owner_[n] = owner_[c];
                    distance[n] = distance[c] + 1;
                    back_[n] = static_cast<std::uint8_t>((d + 2) % 4); // the way back toward the source
                    queue.push_back(n);
                } else if (owner_[n] != owner_[c]) {
                    const int a = std::min(owner_[c], owner_[n]), b = std::max(owner_[c], owner_[n]);
                    const Meeting m{distance[c] + distance[n], c, n, owner_[c], owner_[n]};
                    const auto key = (static_cast<std::uint64_t>(a) << 32) | static_cast<std::uint32_t>(b);
                    auto [it, added] = best.try_emplace(key, m);
                    if (!added && m.length < it->second.length) it->second = m;
                }
            }
        }
        std::vector<Meeting> meetings;
        meetings.reserve(best.size());
        for (const auto& [key, m] : best) meetings.push_back(m);
        // A total order, so the choice never depends on the hash map's layout.
        std::sort(meetings.begin(), meetings.end(), [](const Meeting& p, const Meeting& q) {
            return std::tie(p.length, p.a, p.b) < std::tie(q.length, q.a, q.b);
        });
        return meetings;
    }

    void chooseTunnels(const std::vector<Meeting>& meetings, int regionCount) {
        std::vector<int> parent(static_cast<std::size_t>(regionCount) + 1);
        for (std::size_t i = 0; i < parent.size(); ++i) parent[i] = static_cast<int>(i);
        auto find = [&](int x) {
            while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
            return x;
        };
        int joined = 1;
        for (const Meeting& m : meetings) {
            const int a = find(m.regionA), b = find(m.regionB);
            if (a == b) continue;
            parent[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
            tunnels_.push_back(m);
            ++joined;
        }
        if (joined < regionCount)
            warn("regions_apart", std::to_string(regionCount - joined + 1) + " groups of regions stay apart: no diggable rock joins them");
    }

    // Walks from each meeting cell back to its region, digging the rock on the way.
    void dig(LevelCanvas& canvas, const Meeting& m) {
        int x0 = width_, y0 = canvas.height(), x1 = -1, y1 = -1;
        for (std::uint32_t c : {m.a, m.b}) {
            for (;;) {
                const int x = static_cast<int>(c % static_cast<std::uint32_t>(width_)), y = static_cast<int>(c / static_cast<std::uint32_t>(width_));
                x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
                if (back_[c] == kSource) break;
                canvas.set(x, y, tile_);
                const Point s = kSteps[back_[c]];
                c = static_cast<std::uint32_t>((y + s.y) * width_ + x + s.x);
            }
        }
        current_ = {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    }

    Connectivity connectivity_;
    Tile tile_;
    bool planned_ = false;
    int width_ = 0;
    std::vector<std::int32_t> owner_;
    std::vector<std::uint8_t> back_;
    std::vector<Meeting> tunnels_;
    std::size_t next_ = 0;
    Rect current_;
};

} // namespace

StageType connectRegionsStage() {
    StageType type;
    type.id = "connect_regions";
    type.label = "Connect regions";
    type.technique = "Joins every region of a depth into one with the shortest tunnels through rock";
    type.params = {
        tileParam("tile", "Tunnel tile", "floor", {"floor", "corridor"}, ProjectKinds::Walkable,
                  "What the tunnels are dug as: floor, corridor or a walkable tile kind of the project's own"),
    };
    type.create = stageFactory<ConnectRegions>();
    return type;
}

} // namespace burrow
