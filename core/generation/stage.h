#pragma once
// A stage is one technique at work on one depth of a level: created from its
// parameters and its own random stream, it advances in small visible steps.
//
// Like Hauberk's generators, a stage is a sequence of steps; unlike a coroutine it
// is a plain object whose state can be inspected between steps (drone positions,
// the room being dug), which is what the editor draws.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "content/prefab.h"
#include "generation/cell_change.h"
#include "generation/level_canvas.h"
#include "generation/parameter.h"
#include "generation/stage_warning.h"
#include "model/connectivity.h"
#include "model/level.h"
#include "random/rng.h"
#include "structure/room_graph.h"

namespace burrow {

class Stage {
public:
    virtual ~Stage() = default;

    bool finished() const { return finished_; }
    // One small visible unit of work. Does nothing once finished().
    virtual void step(LevelCanvas& canvas) = 0;
    // All remaining steps at full speed. Stages with a faster whole-run path override
    // it, and poll() now and then as this does.
    virtual void run(LevelCanvas& canvas) {
        for (unsigned steps = 1; !finished(); ++steps) {
            step(canvas);
            if (steps % kStepsBetweenPolls == 0) poll();
        }
    }
    // What run() calls now and then: the generation's chance to stop a long run (a
    // game that no longer wants the level) by throwing. Stopped, the level is dropped.
    void setPoll(std::function<void()> poll) { poll_ = std::move(poll); }
    // What the last step did, in a designer's words ("drone tick 12: 5 drones mining").
    const std::string& stepDescription() const { return description_; }
    // Whether anyone reads the steps' descriptions: not a run at full speed (the
    // generation says so), where stages with a step a room or a tick skip writing
    // them (a room grid of 65,536 rooms spent a third of its time on them).
    void setDescribing(bool describing) { describing_ = describing; }
    // Marks for the view that describe the state after the last step.
    virtual void annotate(std::vector<Annotation>& /*out*/) const {}
    // Things the stage could not do as asked ("placed 3 of 5 rooms: the map is too small").
    // The generation fills in each warning's stage and depth.
    const std::vector<StageWarning>& warnings() const { return warnings_; }

protected:
    static constexpr unsigned kStepsBetweenPolls = 64;
    void poll() {
        if (poll_) poll_();
    }
    void finish() { finished_ = true; }
    void describe(std::string text) { description_ = std::move(text); }
    bool describing() const { return describing_; }
    void warn(std::string code, std::string text, std::string group = {}) {
        warnings_.push_back({std::move(code), {}, -1, std::move(group), std::move(text)});
    }

private:
    bool finished_ = false;
    bool describing_ = true;
    std::function<void()> poll_;
    std::string description_;
    std::vector<StageWarning> warnings_;
};

struct PopulationRules;

// Everything a stage is made from, besides its parameters.
struct StageSetup {
    LevelSize size;
    int depth = 0;
    Rng rng;
    // The project's movement rule: how cells join into regions, caves and paths.
    // One rule for every stage, so "one region" always means "a player can walk it".
    Connectivity movement = Connectivity::Eight;
    std::shared_ptr<const PopulationRules> population; // the populate stage's rules, if any
    // The project's tile kinds, for parameters that name one ("hall_tile": "bridge")
    // and for telling open ground from rock. Read while the stage is made: a stage
    // keeps what it needs, not the pointer.
    const TileKinds* kinds = &builtInTileKinds();
    // The project's prefabs (a sample to grow the level from), or none. Read while
    // the stage is made, like the kinds.
    const std::vector<Prefab>* prefabs = nullptr;
    // The project's room graphs (the room_graph stage lays one out), or none.
    const RoomGraphs* roomGraphs = nullptr;
};

// Whether a stage runs once for each depth it is given, or once for the whole level
// (stages that join depths).
enum class StageScope { PerDepth, WholeLevel };

// The worst case of one run of a stage whose work is not bounded by the level's area
// (drone ticks, generations, rooms dug), so a recipe that would run for hours is
// refused up front with the estimate instead of left running.
struct WorkEstimate {
    double units = 0;        // 1e12
    std::string unit;        // "drone ticks"
    double nanosecondsEach = 0; // measured on the reference machine (2 cores, release build), rounded up
    std::string lower;       // what to lower: "drones_max or life_max"
};

// The most one stage may cost, over all its depths, on the reference machine. A user
// waits half a minute for a level; beyond that a mistake is far likelier than intent.
inline constexpr double kStageSecondsLimit = 30;

struct StageType {
    std::string id;          // in project files: "cellular_caves"
    std::string label;       // in the editor: "Cellular caves"
    std::string technique;   // the seed it comes from, one line
    StageScope scope = StageScope::PerDepth;
    std::vector<ParamSpec> params;
    // Whether the stage places things by population rules ("rules" in the project):
    // a stage that does not is refused rules, never silently ignores them.
    bool takesRules = false;
    // Checks that span several parameters (min <= max). Returns {key, message} pairs.
    std::function<std::vector<std::pair<std::string, std::string>>(const ParamValues&)> crossCheck;
    std::function<std::unique_ptr<Stage>(const ParamValues&, StageSetup)> create;
    // Stages whose cost can outgrow the level's area say how much work one run is
    // (valid parameters only); the others are linear in the area and have none.
    std::function<WorkEstimate(const ParamValues&, const LevelSize&)> estimate;
    // Stages that need a least level (a maze needs room for two passages each way) say
    // why `size` is too small for them; refused up front like too much work.
    std::function<std::optional<std::string>(const ParamValues&, const LevelSize&)> sizeProblem;
    // Stages that grow the level from a prefab (a wave function collapse sample) say
    // what is wrong with the one named, for these values and this size: too small for
    // its pattern, or more memory than a level may take. Empty when it will do.
    std::function<std::optional<std::string>(const ParamValues&, const Prefab&, const LevelSize&)> prefabProblem;

    const ParamSpec* param(const std::string& key) const;
};

// Why `type` with `values` may not run on a level of `size`: the level is too small
// for it, or its estimated work over every depth it runs on is above
// kStageSecondsLimit ("would take about 4.7 hours (1e12 drone ticks on 64 depths);
// ..."). Empty when it may, or has no such limits.
std::optional<std::string> workProblem(const StageType& type, const ParamValues& values, const LevelSize& size);

// Every problem with `values` for this type: each parameter against its spec (tile
// kind choices against `kinds`), then the cross checks. Empty when the stage can be created.
std::vector<std::pair<std::string, std::string>> paramProblems(const StageType& type, const ParamValues& values,
                                                               const TileKinds& kinds = builtInTileKinds());

// The `create` of a stage class constructed from (params, setup).
template <typename S>
std::function<std::unique_ptr<Stage>(const ParamValues&, StageSetup)> stageFactory() {
    return [](const ParamValues& params, StageSetup setup) -> std::unique_ptr<Stage> { return std::make_unique<S>(params, std::move(setup)); };
}

// A crossCheck for stages whose only cross check is `key` being 4 or 8 (a neighbourhood).
std::function<std::vector<std::pair<std::string, std::string>>(const ParamValues&)> requireFourOrEight(std::string key);

// Helper for crossCheck: reports `minKey` when it is above `maxKey`.
void checkMinMax(const ParamValues& values, const std::string& minKey, const std::string& maxKey,
                 std::vector<std::pair<std::string, std::string>>& problems);

} // namespace burrow
