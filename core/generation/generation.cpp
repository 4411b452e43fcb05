#include "generation/generation.h"

#include "generation/vector_state.h"

#include <stdexcept>

namespace burrow {

Generation::Generation(LevelSize size, std::uint64_t seed, Recipe recipe, const StageCatalog& catalog,
                       GenerationOptions options)
    : size_(size), seed_(seed), recipe_(std::move(recipe)), catalog_(&catalog), options_(options), level_(size),
      timeline_(options.timelineBudget) {
    planRuns();
}

void Generation::planRuns() {
    runs_.clear();
    for (std::size_t i = 0; i < recipe_.stages.size(); ++i) {
        const StageEntry& entry = recipe_.stages[i];
        const StageType* type = catalog_->find(entry.type);
        if (!type) throw std::invalid_argument("unknown stage type \"" + entry.type + "\"");
        if (!entry.enabled) continue;
        if (type->scope == StageScope::WholeLevel) {
            runs_.push_back({i, 0, entry.name});
            continue;
        }
        std::vector<int> depths = entry.depths;
        if (depths.empty())
            for (int z = 0; z < size_.depth; ++z) depths.push_back(z);
        for (int z : depths) {
            if (z < 0 || z >= size_.depth) continue; // a recipe written for more depths than this level has
            runs_.push_back({i, z, size_.depth > 1 ? entry.name + " (depth " + std::to_string(z) + ")" : entry.name});
        }
    }
}

void Generation::replaceRecipe(Recipe recipe) {
    for (const StageEntry& entry : recipe.stages)
        if (!catalog_->find(entry.type)) throw std::invalid_argument("unknown stage type \"" + entry.type + "\"");
    std::size_t same = 0;
    while (same < recipe.stages.size() && same < recipe_.stages.size() && recipe.stages[same] == recipe_.stages[same]) ++same;
    if (!options_.recordTimeline) {
        GenerationObserver* observer = observer_;
        *this = Generation(size_, seed_, std::move(recipe), *catalog_, options_);
        observer_ = observer;
        return;
    }
    // Runs of the kept entries come first in the plan, in the same order, so their
    // indices are the same before and after.
    std::size_t keptRuns = 0;
    while (keptRuns < runs_.size() && runs_[keptRuns].entry < same) ++keptRuns;
    // The first recorded step of a changed entry: everything before it is kept.
    std::size_t keep = 0;
    while (keep < timeline_.stepCount() && timeline_.runOf(keep) < keptRuns) ++keep;
    const bool activeKeptUnfinished = activeRun_ && *activeRun_ < keptRuns && stage_ && !stage_->finished();
    // Every kept run is done when the recording already went past them, or when the
    // next run to start is not a kept one and none is still at work.
    const bool keptRunsDone = keep < timeline_.stepCount() || (nextRun_ >= keptRuns && !activeKeptUnfinished);
    // A kept run that ended at this very boundary still owes its warnings.
    if (activeRun_ && *activeRun_ < keptRuns && stage_ && stage_->finished()) finishActiveRun();
    moveTimeline(keep);
    timeline_.truncate();
    recipe_ = std::move(recipe);
    planRuns();
    if (keptRunsDone) {
        nextRun_ = keptRuns;
        stage_.reset();
        activeRun_.reset();
    } else if (!activeKeptUnfinished) {
        // Paused between two kept runs: the next one (nextRun_) has not started yet
        // and must still run, then the changed stages after it.
        stage_.reset();
        activeRun_.reset();
    }
    // Otherwise a kept stage is still at work: it carries on, and the changed
    // stages run after it as before.
    std::size_t w = 0;
    for (std::size_t i = 0; i < warnings_.size(); ++i)
        if (warningRuns_[i] < keptRuns) {
            warnings_[w] = std::move(warnings_[i]);
            warningRuns_[w++] = warningRuns_[i];
        }
    warnings_.resize(w);
    warningRuns_.resize(w);
    lastDescription_ = keep == 0 ? std::string() : timeline_.description(keep - 1);
}

bool Generation::startNextRun() {
    while (nextRun_ < runs_.size()) {
        const StageRun& run = runs_[nextRun_];
        const StageEntry& entry = recipe_.stages[run.entry];
        const StageType* type = catalog_->find(entry.type);
        activeRun_ = nextRun_++;
        if (observer_) observer_->stageStarted(run, *activeRun_);
        auto problems = paramProblems(*type, entry.params, level_.kinds);
        if (problems.empty())
            if (auto tooMuch = workProblem(*type, entry.params, size_)) problems.emplace_back("params", *tooMuch);
        if (!problems.empty()) {
            // The loader rejects such files; this guards values set by other means
            // (the editor's size and parameter fields).
            stage_.reset();
            for (const auto& [key, message] : problems) {
                warnings_.push_back({"bad_parameter", entry.name, type->scope == StageScope::PerDepth ? run.depth : -1, {},
                                     "skipped, " + key + ": " + message});
                warningRuns_.push_back(*activeRun_);
                if (observer_) observer_->warned(warnings_.back());
            }
            if (observer_) observer_->stageFinished(run, *activeRun_);
            continue;
        }
        stage_ = makeStage(run);
        if (!stage_->finished()) return true;
        finishActiveRun();
    }
    stage_.reset();
    return false;
}

std::unique_ptr<Stage> Generation::makeStage(const StageRun& run) const {
    const StageEntry& entry = recipe_.stages[run.entry];
    StageSetup setup{size_, run.depth, RandomStreams(seed_).stream(streamName(entry, run.depth)), options_.movement, entry.rules, &level_.kinds,
                     prefabs_.get(), roomGraphs_.get()};
    return catalog_->find(entry.type)->create(entry.params, std::move(setup));
}

// Moves the recorded timeline, regenerating what it dropped to keep in its budget:
// a fresh stage for the same run, on the level as the run found it, repeats the
// run's steps exactly. It tells the observer nothing; nothing new happened.
void Generation::moveTimeline(std::size_t position) {
    timeline_.moveTo(level_, position, [this](std::uint32_t run, std::size_t steps, Level& level, StepLog& log) {
        const StageRun& stageRun = runs_.at(run);
        const std::unique_ptr<Stage> stage = makeStage(stageRun);
        std::vector<Annotation> marks;
        for (std::size_t i = 0; i < steps && !stage->finished(); ++i) {
            LevelCanvas canvas(level, stageRun.depth, &log.changes, log.rowRecorder());
            stage->step(canvas);
            annotate(*stage, stageRun, marks);
            log.endStep(marks, stage->stepDescription());
        }
    });
}

// The marks of the step `stage` just took; a per-depth stage marks cells of its
// own depth, stages spanning depths say which.
void Generation::annotate(const Stage& stage, const StageRun& run, std::vector<Annotation>& marks) const {
    marks.clear();
    stage.annotate(marks);
    if (catalog_->find(recipe_.stages[run.entry].type)->scope == StageScope::PerDepth)
        for (Annotation& a : marks) a.z = static_cast<std::uint8_t>(run.depth);
}

void Generation::setTimelineBudget(std::size_t bytes) {
    options_.timelineBudget = bytes;
    timeline_.setBudget(bytes);
}

// Collects the finished run's warnings (once: the stage is dropped afterwards).
void Generation::finishActiveRun() {
    if (!stage_ || !activeRun_) return;
    const StageRun& run = runs_[*activeRun_];
    const bool perDepth = catalog_->find(recipe_.stages[run.entry].type)->scope == StageScope::PerDepth;
    for (StageWarning warning : stage_->warnings()) {
        warning.stage = recipe_.stages[run.entry].name;
        warning.depth = perDepth ? run.depth : -1;
        warnings_.push_back(std::move(warning));
        warningRuns_.push_back(*activeRun_);
        if (observer_) observer_->warned(warnings_.back());
    }
    if (observer_) observer_->stageFinished(run, *activeRun_);
    stage_.reset();
}

bool Generation::finished() const {
    if (options_.recordTimeline && !timeline_.atEnd()) return false;
    return (!stage_ || stage_->finished()) && nextRun_ >= runs_.size();
}

void Generation::generateOneStep() {
    // The editor's steps come between Qt's, which may leave the state dirty
    // (generation/vector_state.h). Cleared every 16th step, not every one: a clear
    // costs 2 ns, a fifth of a drone's tick, and a caller's run of steps then starts
    // with at most 15 slow ones.
    if (stepsGenerated_ % 16 == 0) clearUpperVectorState();
    if (!stage_ || stage_->finished()) {
        finishActiveRun();
        if (!startNextRun()) return;
    }
    const int depth = runs_[*activeRun_].depth;
    std::vector<CellChange>* record = nullptr;
    RowRecorder* rows = nullptr;
    const bool cellsWanted = observer_ && observer_->wantsCells() && observer_->wantsCellsOfStep(runs_[*activeRun_], *activeRun_);
    if (options_.recordTimeline) {
        record = &timeline_.recordingBuffer(static_cast<std::uint32_t>(*activeRun_), level_);
        // Whole rows may skip the list unless the observer reads the step's cells.
        if (!cellsWanted) rows = timeline_.rowRecorder();
    } else if (cellsWanted) {
        observed_.clear();
        record = &observed_;
    }
    const std::size_t firstChange = record ? record->size() : 0;
    LevelCanvas canvas(level_, depth, record, rows);
    stage_->step(canvas);
    ++stepsGenerated_;
    lastDescription_ = stage_->stepDescription();
    if (observer_) {
        const std::span<const CellChange> changes = record ? std::span<const CellChange>(*record).subspan(firstChange) : std::span<const CellChange>();
        observer_->stepDone(runs_[*activeRun_], *activeRun_, changes);
    }
    const bool marksWanted = observer_ && observer_->wantsMarks();
    if (options_.recordTimeline || marksWanted) {
        annotate(*stage_, runs_[*activeRun_], stepAnnotations_);
        if (marksWanted) observer_->stepMarked(runs_[*activeRun_], *activeRun_, stepAnnotations_);
        if (options_.recordTimeline) timeline_.commitStep(lastDescription_, stepAnnotations_, level_);
    }
    // A run ends with its last step (not when the next one starts), so an observer
    // hears "stage finished" right after the step that finished it.
    if (stage_->finished()) finishActiveRun();
}

bool Generation::step() {
    if (options_.recordTimeline && !timeline_.atEnd()) {
        moveTimeline(timeline_.position() + 1);
        return true;
    }
    if (finished()) return false;
    generateOneStep();
    return true;
}

void Generation::finishStageRun() {
    const auto run = currentRun();
    if (!run) return;
    while (!finished() && currentRun() == run) step();
}

void Generation::run() {
    if (options_.recordTimeline || (observer_ && (observer_->wantsCells() || observer_->wantsMarks()))) {
        while (step()) {}
        return;
    }
    // Full speed: every stage's own run(), no recording. An observer that does not
    // want cells hears each stage start and finish, and one stepDone per run.
    clearUpperVectorState();
    for (;;) {
        if (!stage_ || stage_->finished()) {
            finishActiveRun();
            if (!startNextRun()) break;
        }
        LevelCanvas canvas(level_, runs_[*activeRun_].depth, nullptr);
        if (observer_)
            stage_->setPoll([this, index = *activeRun_] {
                observer_->whileRunning(runs_[index], index);
                clearUpperVectorState(); // the observer may be the editor's
            });
        stage_->setDescribing(false); // no step of a run is shown
        stage_->run(canvas);
        lastDescription_.clear(); // nor described: its stages skip the words
        if (observer_) observer_->stepDone(runs_[*activeRun_], *activeRun_, {});
    }
}

bool Generation::stepBack() {
    if (!options_.recordTimeline || timeline_.position() == 0) return false;
    moveTimeline(timeline_.position() - 1);
    return true;
}

void Generation::seek(std::size_t stepIndex) {
    if (!options_.recordTimeline) throw std::logic_error("Generation::seek needs a recorded timeline");
    if (stepIndex <= timeline_.stepCount()) {
        moveTimeline(stepIndex);
        return;
    }
    moveTimeline(timeline_.stepCount());
    while (timeline_.stepCount() < stepIndex && step()) {}
}

std::size_t Generation::stepsDone() const { return options_.recordTimeline ? timeline_.position() : stepsGenerated_; }

std::optional<std::size_t> Generation::currentRun() const {
    if (options_.recordTimeline && !timeline_.atEnd()) return timeline_.runOf(timeline_.position());
    if (stage_ && !stage_->finished()) return activeRun_;
    if (nextRun_ < runs_.size()) return nextRun_;
    return activeRun_;
}

std::optional<std::size_t> Generation::shownRun() const {
    if (stepsDone() == 0) return runs_.empty() ? std::nullopt : std::optional<std::size_t>(0);
    if (options_.recordTimeline) return timeline_.runOf(timeline_.position() - 1);
    return activeRun_;
}

std::string Generation::lastStepDescription() const {
    if (options_.recordTimeline) return timeline_.position() == 0 ? std::string() : timeline_.description(timeline_.position() - 1);
    return lastDescription_;
}

std::vector<Annotation> Generation::currentAnnotations() const {
    if (!options_.recordTimeline || timeline_.position() == 0) return {};
    const auto marks = timeline_.annotations(timeline_.position() - 1);
    return {marks.begin(), marks.end()};
}

} // namespace burrow
