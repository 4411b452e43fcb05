#pragma once
// Runs a recipe on a level: stage after stage, depth after depth, one step at a
// time or all at once, recording a timeline when the editor wants to scrub.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "content/prefab.h"
#include "generation/generation_observer.h"
#include "generation/recipe.h"
#include "generation/stage_catalog.h"
#include "generation/timeline.h"
#include "model/level.h"

namespace burrow {

// One stage of the recipe applied to one depth (or to the whole level).
struct StageRun {
    std::size_t entry = 0; // index in Recipe::stages
    int depth = 0;
    std::string label;     // "caves (depth 2)"
};

struct GenerationOptions {
    bool recordTimeline = false; // the editor records; headless runs do not
    // The most a recorded timeline may hold (Timeline::setBudget).
    std::size_t timelineBudget = kDefaultTimelineBudget;
    // The project's movement, handed to every stage that joins cells into regions.
    Connectivity movement = Connectivity::Eight;
};

class Generation {
public:
    // Throws std::invalid_argument for an unknown stage type or a bad size; the
    // project loader reports those earlier, with JSON paths.
    Generation(LevelSize size, std::uint64_t seed, Recipe recipe, const StageCatalog& catalog,
               GenerationOptions options = {});

    const Level& level() const { return level_; }
    Level& level() { return level_; }
    // The project's prefabs, for stages that grow the level from one (a wave function
    // collapse sample). Shared, never changed: a level made on another thread or
    // rebuilt by the timeline reads the prefabs it began with. Set before the first step.
    void setPrefabs(std::shared_ptr<const std::vector<Prefab>> prefabs) { prefabs_ = std::move(prefabs); }
    void setRoomGraphs(std::shared_ptr<const RoomGraphs> graphs) { roomGraphs_ = std::move(graphs); }
    const Recipe& recipe() const { return recipe_; }
    const StageCatalog& catalog() const { return *catalog_; }
    const std::vector<StageRun>& runs() const { return runs_; }

    // True when every stage has run and the timeline (if any) is at its end.
    bool finished() const;
    // One step forwards: re-applied from the timeline when scrubbed back, else
    // generated. Returns false when there was nothing left to do.
    bool step();
    // Steps to the end of the current stage run.
    void finishStageRun();
    // Generates everything left at full speed.
    void run();

    // A new recipe: everything before the first stage that differs is kept (its
    // output and its timeline steps); the level is rewound to where that stage
    // began and generation goes on from there. Without a timeline, starts over.
    void replaceRecipe(Recipe recipe);

    // Scrubbing (needs recordTimeline): back one step, or to any recorded step.
    bool stepBack();
    void seek(std::size_t stepIndex);

    // Steps taken so far (the timeline position when recording).
    std::size_t stepsDone() const;
    // The stage run the next step belongs to, or the last one when finished.
    std::optional<std::size_t> currentRun() const;
    // The run whose step is shown (the one lastStepDescription() describes): at the
    // end of a run, that run, where currentRun() is the next. The first run at the start.
    std::optional<std::size_t> shownRun() const;
    // What the step shown did, in words; empty after run(), which shows no step.
    std::string lastStepDescription() const;
    std::vector<Annotation> currentAnnotations() const;

    const Timeline* timeline() const { return options_.recordTimeline ? &timeline_ : nullptr; }
    void setTimelineBudget(std::size_t bytes);
    const GenerationOptions& options() const { return options_; }
    // Warnings from every stage run that has finished, in run order.
    const std::vector<StageWarning>& warnings() const { return warnings_; }

    // Tells `observer` (or nobody, with nullptr) what happens from now on. Not owned.
    void setObserver(GenerationObserver* observer) {
        observer_ = observer;
        if (observer_) observer_->runsPlanned(runs_.size());
    }

private:
    void planRuns();
    bool startNextRun();
    void generateOneStep();
    void finishActiveRun();
    std::unique_ptr<Stage> makeStage(const StageRun& run) const;
    void annotate(const Stage& stage, const StageRun& run, std::vector<Annotation>& marks) const;
    void moveTimeline(std::size_t position);

    LevelSize size_;
    std::uint64_t seed_;
    Recipe recipe_;
    const StageCatalog* catalog_;
    GenerationOptions options_;
    std::shared_ptr<const std::vector<Prefab>> prefabs_;
    std::shared_ptr<const RoomGraphs> roomGraphs_;
    Level level_;
    std::vector<StageRun> runs_;
    std::size_t nextRun_ = 0;         // the run to start when the current one ends
    std::optional<std::size_t> activeRun_;
    std::unique_ptr<Stage> stage_;
    std::size_t stepsGenerated_ = 0;
    std::string lastDescription_;
    std::vector<Annotation> stepAnnotations_;
    Timeline timeline_;
    std::vector<StageWarning> warnings_;
    std::vector<std::size_t> warningRuns_; // the run each warning came from
    GenerationObserver* observer_ = nullptr;
    std::vector<CellChange> observed_;     // a step's changes for an observer when no timeline records them
};

} // namespace burrow
