// Cave walkers (seed 000's corridors and water).
//
// "Corridor and water generation are done in a very similar way by randomly
// navigating the caves": walkers start on random open cells and wander, one
// random open neighbour a tick, laying their tile under their brush. They never
// dig: only open ground (floor, corridor, water, the project's walkable kinds and
// their own tile) is painted, so the cave's shape stays as the drones left it. Their
// tile may be a kind of the project's own, walkable or not: a lava walker leaves a
// river of lava across the cave (join what it cuts apart with connect_regions).
#include "generators/cave_walkers.h"

#include <array>
#include <span>

#include "generators/brush.h"
#include "model/directions.h"

namespace burrow {
namespace {

// Which tiles are open ground to a walker laying `tile`: a table, so the walk's
// inner loop stays one lookup whatever the project's kinds.
std::array<bool, 256> openGround(const TileKinds& kinds, Tile tile) {
    std::array<bool, 256> open{};
    for (Tile t : {Tile::Floor, Tile::Corridor, Tile::Water, tile}) open[static_cast<std::uint8_t>(t)] = true;
    for (int i = kTileKindCount; i < kinds.count(); ++i) open[static_cast<std::size_t>(i)] = kinds.walkable(kinds.tileAt(i));
    open[static_cast<std::uint8_t>(tile)] = true;
    return open;
}

struct Walker {
    int x = 0;
    int y = 0;
    int life = 0;
    std::uint32_t id = 0;
};

class CaveWalkers final : public Stage {
public:
    CaveWalkers(const ParamValues& params, StageSetup setup)
        : rng_(setup.rng), tile_(params.tile("tile", *setup.kinds)), tileName_((*setup.kinds)[tile_].id), open_(openGround(*setup.kinds, tile_)),
          walkersMin_(params.integer("walkers_min")), walkersMax_(params.integer("walkers_max")),
          lifeMin_(params.integer("life_min")), lifeMax_(params.integer("life_max")),
          ticksPerStep_(params.integer("ticks_per_step")), brush_(brushOffsets(params.choice("brush"))) {}

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (!started_) {
            start(canvas);
            return;
        }
        for (int i = 0; i < ticksPerStep_ && !walkers_.empty(); ++i) tick(canvas);
        describe("tick " + std::to_string(ticks_) + ": " + std::to_string(walkers_.size()) + " " + tileName() + " walkers");
        if (walkers_.empty()) finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        for (const Walker& w : walkers_) out.push_back(Annotation::at(Annotation::Kind::Walker, w.x, w.y, w.id));
    }

private:
    const std::string& tileName() const { return tileName_; }
    bool paintable(Tile t) const { return open_[static_cast<std::uint8_t>(t)]; }

    // Walkers start on open cells drawn uniformly from every open cell of the depth:
    // one pass to list them, so a nearly solid map costs no more than an open one.
    void start(LevelCanvas& canvas) {
        started_ = true;
        std::vector<Point> open;
        for (int y = 0; y < canvas.height(); ++y)
            for (int x = 0; x < canvas.width(); ++x)
                if (paintable(canvas.get(x, y))) open.push_back({x, y});
        const int count = rng_.range(walkersMin_, walkersMax_);
        if (open.empty()) {
            if (count > 0) warn("no_ground", "no open ground to walk: dig caves before this stage");
            describe("no open ground for " + tileName() + " walkers");
            finish();
            return;
        }
        for (int i = 0; i < count; ++i) {
            const Point at = open[rng_.below(static_cast<std::uint32_t>(open.size()))];
            walkers_.push_back({at.x, at.y, rng_.range(lifeMin_, lifeMax_), static_cast<std::uint32_t>(i)});
        }
        describe(std::to_string(walkers_.size()) + " " + tileName() + " walkers set down");
        if (walkers_.empty()) finish();
    }

    void tick(LevelCanvas& canvas) {
        for (Walker& w : walkers_) {
            for (const Point& o : brush_) {
                const int x = w.x + o.x, y = w.y + o.y;
                if (canvas.grid().contains(x, y) && paintable(canvas.get(x, y))) canvas.set(x, y, tile_);
            }
            // Move to a random open neighbour; a walker boxed in stays where it is.
            std::array<Point, 4> choices;
            std::uint32_t n = 0;
            for (const Point& s : std::span(kSteps).first<4>()) {
                const int x = w.x + s.x, y = w.y + s.y;
                if (canvas.grid().contains(x, y) && paintable(canvas.get(x, y))) choices[n++] = {x, y};
            }
            if (n > 0) {
                const Point next = choices[rng_.below(n)];
                w.x = next.x;
                w.y = next.y;
            }
            --w.life;
        }
        std::erase_if(walkers_, [](const Walker& w) { return w.life <= 0; });
        ++ticks_;
    }

    Rng rng_;
    Tile tile_;
    std::string tileName_;
    std::array<bool, 256> open_;
    int walkersMin_, walkersMax_, lifeMin_, lifeMax_, ticksPerStep_;
    std::vector<Point> brush_;
    std::vector<Walker> walkers_;
    bool started_ = false;
    int ticks_ = 0;
};

} // namespace

StageType caveWalkersStage() {
    StageType type;
    type.id = "cave_walkers";
    type.label = "Cave walkers";
    type.technique = "Corridor and water walkers wander the dug caves";
    type.params = {
        tileParam("tile", "Tile", "corridor", {"corridor", "water"}, ProjectKinds::Any,
                  "What the walkers lay on open ground: corridor, water or a tile kind of the project's own"),
        intParam("walkers_min", "Walkers (min)", 2, 0, 100000, "Fewest walkers"),
        intParam("walkers_max", "Walkers (max)", 4, 0, 100000, "Most walkers"),
        intParam("life_min", "Life (min)", 30, 1, 10000000, "Shortest walk, in ticks"),
        intParam("life_max", "Life (max)", 80, 1, 10000000, "Longest walk, in ticks"),
        choiceParam("brush", "Brush", "single", kBrushNames, "What a walker paints around itself each tick"),
        intParam("ticks_per_step", "Ticks per step", 1, 1, 1000000, "Walker ticks in one visible step"),
    };
    type.crossCheck = [](const ParamValues& v) {
        std::vector<std::pair<std::string, std::string>> problems;
        checkMinMax(v, "walkers_min", "walkers_max", problems);
        checkMinMax(v, "life_min", "life_max", problems);
        return problems;
    };
    type.create = stageFactory<CaveWalkers>();
    // A walker's tick costs what a drone's does (a move and a brush).
    type.estimate = [](const ParamValues& v, const LevelSize&) {
        const double ticks = static_cast<double>(v.integer("walkers_max")) * static_cast<double>(v.integer("life_max"));
        return WorkEstimate{ticks, "walker ticks", 6.0 + static_cast<double>(brushOffsets(v.choice("brush")).size()), "walkers_max or life_max"};
    };
    return type;
}

} // namespace burrow
