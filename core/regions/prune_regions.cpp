// Pruning regions (seed 004).
//
// Label the depth's regions, then turn every region of at most `max_size` tiles
// (20 in the seed) back into wall, one region a step so the designer sees the
// specks vanish. Optionally keep only the largest region.
//
// Caves are not recorded as areas here: later stages (connecting, another prune)
// reshape them, so a cave is a region of the finished level, labelled when needed.
#include "regions/prune_regions.h"

#include "regions/region_map.h"

namespace burrow {
namespace {

class PruneRegions final : public Stage {
public:
    PruneRegions(const ParamValues& params, StageSetup setup /* pruning draws nothing at random */)
        : maxSize_(params.integer("max_size")), keepLargestOnly_(params.flag("keep_largest_only")),
          connectivity_(setup.movement) {}

    void step(LevelCanvas& canvas) override {
        if (finished()) return;
        if (!labelled_) {
            label(canvas);
            groups_ = regions_.byRegion();
            describe("found " + std::to_string(regions_.regions.size()) + " regions; " + std::to_string(doomed_.size()) + " to fill");
        } else if (next_ < doomed_.size()) {
            const RegionInfo& r = regions_.regions[static_cast<std::size_t>(doomed_[next_] - 1)];
            for (auto i = groups_.offset[static_cast<std::size_t>(r.label - 1)]; i < groups_.offset[static_cast<std::size_t>(r.label)]; ++i)
                fill(canvas, regions_.runs[groups_.runIndex[i]]);
            current_ = r.bounds;
            ++next_;
            describe("filled region " + std::to_string(r.label) + " (" + std::to_string(r.size) + " tiles), " + std::to_string(next_) +
                     " of " + std::to_string(doomed_.size()));
        }
        if (labelled_ && next_ >= doomed_.size()) finish();
    }

    // All at once: one pass over the runs, touching only the cells that change.
    void run(LevelCanvas& canvas) override {
        if (finished()) return;
        if (!labelled_) label(canvas);
        std::vector<std::uint8_t> doomed(regions_.regions.size() + 1, 0);
        for (std::size_t i = next_; i < doomed_.size(); ++i) doomed[static_cast<std::size_t>(doomed_[i])] = 1;
        for (const CellRun& run : regions_.runs)
            if (doomed[static_cast<std::size_t>(run.label)]) fill(canvas, run);
        next_ = doomed_.size();
        describe("filled " + std::to_string(doomed_.size()) + " small regions");
        finish();
    }

    void annotate(std::vector<Annotation>& out) const override {
        if (current_.width > 0) out.push_back(Annotation::over(Annotation::Kind::Area, current_.x, current_.y, current_.width, current_.height));
    }

private:
    void label(LevelCanvas& canvas) {
        labelled_ = true;
        regions_ = labelRuns(canvas.grid(), connectivity_);
        int largest = 0;
        for (const RegionInfo& r : regions_.regions)
            if (largest == 0 || r.size > regions_.regions[static_cast<std::size_t>(largest - 1)].size) largest = r.label;
        for (const RegionInfo& r : regions_.regions)
            if (r.size <= maxSize_ || (keepLargestOnly_ && r.label != largest)) doomed_.push_back(r.label);
    }

    static void fill(LevelCanvas& canvas, const CellRun& run) { canvas.fillRect({run.x0, run.y, run.x1 - run.x0, 1}, Tile::Wall); }

    int maxSize_;
    bool keepLargestOnly_;
    Connectivity connectivity_;
    bool labelled_ = false;
    RegionRuns regions_;
    RegionRuns::ByRegion groups_;
    std::vector<int> doomed_;
    std::size_t next_ = 0;
    Rect current_;
};

} // namespace

StageType pruneRegionsStage() {
    StageType type;
    type.id = "prune_regions";
    type.label = "Prune small regions";
    type.technique = "Regions of at most a few tiles are filled back with wall";
    type.params = {
        intParam("max_size", "Largest region removed", 20, 0, kMaxLevelWidth * kMaxLevelHeight,
                 "Regions of at most this many tiles become wall (the seed: 20)"),
        boolParam("keep_largest_only", "Keep only the largest", false, "Fill every region but the largest one"),
    };
    type.create = stageFactory<PruneRegions>();
    return type;
}

} // namespace burrow
