// Cellular caves (seed 004, rot.js Map.Cellular as jsrogue uses it).
//
// Each cell starts as floor with probability `fill` (0.5). Then, for a number of
// generations (3), every cell looks at its neighbours (8 by default): a wall with a
// floor count in `born` ({5,6,7,8}) becomes floor, a floor with a count in
// `survive` ({4,5,6,7,8}) stays floor, every other cell becomes wall. All cells
// change at once (double-buffered). Cells beyond the edge count as wall, as in
// rot.js, unless `border` says floor.
//
// Steps: the noise, then one generation each (or one band of rows of it when
// rows_per_step is set, so a big map can be watched row by row).
#include "generators/cellular_caves.h"

#include <algorithm>

#include "generators/cell_automaton.h"

namespace burrow {
namespace {

class CellularCaves final : public Stage {
public:
    CellularCaves(const ParamValues& params, StageSetup setup)
        : rng_(setup.rng), randomize_(params.flag("randomize")), fill_(params.real("fill")),
          generations_(params.integer("generations")), rowsPerStep_(params.integer("rows_per_step")),
          outsideAlive_(params.choice("border") == "floor"),
          current_(setup.size.width, setup.size.height, outsideAlive_), next_(setup.size.width, setup.size.height, outsideAlive_),
          toTiles_(Tile::Floor, Tile::Wall), row_(static_cast<std::size_t>(setup.size.width)) {
        rule_.born = countMask(params.intSet("born"));
        rule_.survive = countMask(params.intSet("survive"));
        rule_.neighbourhood = params.integer("neighbours");
        rule_.outsideAlive = outsideAlive_;
        if (!randomize_ && generations_ == 0) finish();
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (bandStart_ == 0) computePhase(canvas);
        const int height = current_.height();
        const int band = rowsPerStep_ > 0 ? rowsPerStep_ : height;
        const int end = std::min(height, bandStart_ + band);
        for (int y = bandStart_; y < end; ++y) writeRow(canvas, y);
        describe(phaseName() + (band < height ? ", rows " + std::to_string(bandStart_) + " to " + std::to_string(end - 1) : ""));
        lastBand_ = {bandStart_, end};
        bandStart_ = end;
        if (bandStart_ >= height) {
            bandStart_ = 0;
            ++phase_;
            if (phase_ > lastPhase()) finish();
        }
    }

    // Straight to the end: all generations on bits, one conversion to tiles.
    void run(LevelCanvas& canvas) override {
        if (finished()) return;
        if (bandStart_ == 0) computePhase(canvas);
        for (++phase_; phase_ <= lastPhase(); ++phase_) {
            poll(); // a generation is a pass over the area: the generation may stop between them
            computePhase(canvas);
        }
        for (int y = 0; y < current_.height(); ++y) writeRow(canvas, y);
        describe(phaseName(lastPhase()));
        finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        out.push_back(Annotation::over(Annotation::Kind::Band, 0, lastBand_.first, current_.width(), lastBand_.second - lastBand_.first));
    }

private:
    // Phase 0 is the noise (or reading the map as it is); phase g is generation g.
    int lastPhase() const { return generations_; }
    std::string phaseName(int phase) const {
        if (phase == 0) return randomize_ ? "noise: each cell floor with chance " + std::to_string(fill_).substr(0, 4) : "read the map";
        return "generation " + std::to_string(phase) + " of " + std::to_string(generations_);
    }
    std::string phaseName() const { return phaseName(phase_); }

    void computePhase(LevelCanvas& canvas) {
        if (phase_ == 0) {
            if (randomize_) current_.randomize(rng_, fill_);
            else
                for (int y = 0; y < current_.height(); ++y) current_.fromTiles(canvas.grid().row(y), y, canvas.level().kinds);
            return;
        }
        advanceGeneration(current_, next_, rule_);
        std::swap(current_, next_);
    }

    void writeRow(LevelCanvas& canvas, int y) {
        toTiles_.row(current_, y, row_.data());
        if (phase_ == 0 || !canvas.recording()) {
            canvas.writeRow(y, row_.data());
            return;
        }
        // After the noise the map holds the previous generation (now in next_), so
        // the cells that change are exactly the bits that differ.
        const std::uint64_t* now = current_.row(y);
        const std::uint64_t* before = next_.row(y);
        for (int w = 0; w < current_.wordsPerRow(); ++w) changed_[static_cast<std::size_t>(w)] = now[w] ^ before[w];
        canvas.writeRowChanged(y, row_.data(), changed_.data());
    }

    Rng rng_;
    bool randomize_;
    double fill_;
    int generations_;
    int rowsPerStep_;
    bool outsideAlive_;
    LifeRule rule_;
    BitGrid current_, next_;
    BitsToTiles toTiles_;
    std::vector<Tile> row_;
    std::vector<std::uint64_t> changed_ = std::vector<std::uint64_t>(static_cast<std::size_t>(current_.wordsPerRow()));
    int phase_ = 0;
    int bandStart_ = 0;
    std::pair<int, int> lastBand_{0, 0};
};

} // namespace

StageType cellularCavesStage() {
    StageType type;
    type.id = "cellular_caves";
    type.label = "Cellular caves";
    type.technique = "Noise smoothed into caves by a born/survive cellular automaton (as rot.js Map.Cellular)";
    type.params = {
        boolParam("randomize", "Start from noise", true, "Start from random noise; off smooths the map as it is (open ground counts as floor)"),
        realParam("fill", "Floor chance", 0.5, 0.0, 1.0, "Chance that a cell starts as floor (rot.js randomize)"),
        setParam("born", "Born on", {5, 6, 7, 8}, 0, 8, "Floor neighbour counts at which a wall becomes floor"),
        setParam("survive", "Survive on", {4, 5, 6, 7, 8}, 0, 8, "Floor neighbour counts at which a floor stays floor"),
        intParam("generations", "Generations", 3, 0, 1000, "How many times the rule is applied"),
        intParam("neighbours", "Neighbours", 8, 4, 8, "8: the surrounding ring; 4: north, east, south and west only"),
        choiceParam("border", "Beyond the edge", "wall", {"wall", "floor"}, "How cells outside the map count (rot.js: wall)"),
        intParam("rows_per_step", "Rows per step", 0, 0, kMaxLevelHeight, "Rows rewritten in one visible step; 0 = a whole generation"),
    };
    type.crossCheck = requireFourOrEight("neighbours");
    type.create = stageFactory<CellularCaves>();
    // Measured: 200 generations of 2000 x 2000 take 0.23 s (64 cells a word); stepping
    // a row band at a time costs more, so the figure is rounded well up.
    type.estimate = [](const ParamValues& v, const LevelSize& size) {
        const double cells = static_cast<double>(v.integer("generations") + 1) * size.width * size.height;
        return WorkEstimate{cells, "cell updates", 0.5, "generations"};
    };
    return type;
}

} // namespace burrow
