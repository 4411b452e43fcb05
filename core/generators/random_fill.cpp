// Random fill (seed 001, "first roguelike").
//
// Each cell becomes wall with probability wall_chance and floor otherwise, row by
// row. The seed wrote `Math.random() > 0.8` and called it 80% walls, which makes
// 20%; here the probability means what it says, and the default of 0.2 gives the
// map the tutorial actually shows.
//
// Steps: one band of rows each, so a designer sees the map fill from the top.
#include "generators/random_fill.h"

#include <algorithm>
#include <vector>

namespace burrow {
namespace {

class RandomFill final : public Stage {
public:
    RandomFill(const ParamValues& params, StageSetup setup)
        : rng_(setup.rng), wallChance_(params.real("wall_chance")), height_(setup.size.height) {
        const int rows = params.integer("rows_per_step");
        bandRows_ = rows > 0 ? rows : std::max(1, (height_ + 63) / 64);
        row_.resize(static_cast<std::size_t>(setup.size.width));
    }

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        const int end = std::min(nextRow_ + bandRows_, height_);
        for (int y = nextRow_; y < end; ++y) {
            for (Tile& tile : row_) tile = rng_.chance(wallChance_) ? Tile::Wall : Tile::Floor;
            canvas.writeRow(y, row_.data());
        }
        describe("filled rows " + std::to_string(nextRow_) + " to " + std::to_string(end - 1));
        band_ = {nextRow_, end - nextRow_};
        nextRow_ = end;
        if (nextRow_ >= height_) finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        out.push_back(Annotation::over(Annotation::Kind::Band, 0, band_.first, static_cast<int>(row_.size()), band_.second));
    }

private:
    Rng rng_;
    Odds wallChance_; // a draw a cell
    int height_;
    int bandRows_ = 1;
    int nextRow_ = 0;
    std::pair<int, int> band_{0, 0};
    std::vector<Tile> row_;
};

} // namespace

StageType randomFillStage() {
    StageType type;
    type.id = "random_fill";
    type.label = "Random fill";
    type.technique = "Each cell is wall with a fixed probability";
    type.params = {
        realParam("wall_chance", "Wall chance", 0.2, 0.0, 1.0,
                  "Probability that a cell becomes wall (0.2 gives the map seed 001 shows)"),
        intParam("rows_per_step", "Rows per step", 0, 0, kMaxLevelHeight,
                 "Rows filled in one visible step; 0 picks a band so the fill takes about 64 steps"),
    };
    type.create = stageFactory<RandomFill>();
    return type;
}

} // namespace burrow
