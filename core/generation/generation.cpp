#include "generation/generation.h"

#include <stdexcept>

namespace burrow {

Generation::Generation(LevelSize size, std::uint64_t seed, Recipe recipe, const StageCatalog& catalog,
                       GenerationOptions options)
    : size_(size), seed_(seed), recipe_(std::move(recipe)), catalog_(&catalog), options_(options), level_(size) {
    if (options_.recordTimeline) timeline_.reserveChanges(static_cast<std::size_t>(size.width) * static_cast<std::size_t>(size.height) *
                                                          static_cast<std::size_t>(size.depth) * 2);
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
        *this = Generation(size_, seed_, std::move(recipe), *catalog_, options_);
        return;
    }
    // The first recorded step of a run whose entry changed: keep everything before it.
    std::size_t keep = 0;
    while (keep < timeline_.stepCount() && runs_[timeline_.step(keep).run].entry < same) ++keep;
    const bool keptStagesDone = keep < timeline_.stepCount() || nextRun_ >= runs_.size() ||
                                (nextRun_ < runs_.size() && runs_[nextRun_].entry >= same && (!stage_ || stage_->finished()));
    timeline_.moveTo(level_, keep);
    timeline_.truncate();
    recipe_ = std::move(recipe);
    planRuns(); // runs of the kept entries come first and are unchanged, so indices still match
    const bool activeKept = activeRun_ && *activeRun_ < runs_.size() && runs_[*activeRun_].entry < same && stage_ && !stage_->finished();
    if (keptStagesDone || !activeKept) {
        nextRun_ = 0;
        while (nextRun_ < runs_.size() && runs_[nextRun_].entry < same) ++nextRun_;
        stage_.reset();
        activeRun_.reset();
    }
    // Otherwise a kept stage is still at work: it carries on, and the changed
    // stages run after it as before.
    warnings_.clear(); // stale: the kept stages' warnings are not recorded per step
    lastDescription_ = keep == 0 ? std::string() : timeline_.step(keep - 1).description;
}

bool Generation::startNextRun() {
    while (nextRun_ < runs_.size()) {
        const StageRun& run = runs_[nextRun_];
        const StageEntry& entry = recipe_.stages[run.entry];
        const StageType* type = catalog_->find(entry.type);
        if (const auto problems = paramProblems(*type, entry.params); !problems.empty()) {
            // The loader rejects such files; this guards values set by other means.
            for (const auto& [key, message] : problems) warnings_.push_back(run.label + ": skipped, " + key + ": " + message);
            ++nextRun_;
            continue;
        }
        StageSetup setup{size_, run.depth, RandomStreams(seed_).stream(streamName(entry, run.depth)), entry.rules};
        stage_ = type->create(entry.params, std::move(setup));
        activeRun_ = nextRun_++;
        if (!stage_->finished()) return true;
        collectWarnings();
    }
    stage_.reset();
    return false;
}

void Generation::collectWarnings() {
    if (!stage_ || !activeRun_) return;
    for (const auto& warning : stage_->warnings()) warnings_.push_back(runs_[*activeRun_].label + ": " + warning);
}

bool Generation::finished() const {
    if (options_.recordTimeline && !timeline_.atEnd()) return false;
    return (!stage_ || stage_->finished()) && nextRun_ >= runs_.size();
}

void Generation::generateOneStep() {
    if (!stage_ || stage_->finished()) {
        collectWarnings();
        if (!startNextRun()) return;
    }
    const int depth = runs_[*activeRun_].depth;
    LevelCanvas canvas(level_, depth, options_.recordTimeline ? &timeline_.recordingBuffer() : nullptr);
    stage_->step(canvas);
    ++stepsGenerated_;
    lastDescription_ = stage_->stepDescription();
    if (options_.recordTimeline) {
        stepAnnotations_.clear();
        stage_->annotate(stepAnnotations_);
        // A per-depth stage marks cells of its own depth; stages spanning depths say which.
        if (catalog_->find(recipe_.stages[runs_[*activeRun_].entry].type)->scope == StageScope::PerDepth)
            for (Annotation& a : stepAnnotations_) a.z = static_cast<std::uint8_t>(depth);
        timeline_.commitStep(static_cast<std::uint32_t>(*activeRun_), lastDescription_, stepAnnotations_, level_);
    }
    if (stage_->finished() && nextRun_ >= runs_.size()) {
        collectWarnings();
        stage_.reset();
    }
}

bool Generation::step() {
    if (options_.recordTimeline && !timeline_.atEnd()) {
        timeline_.moveTo(level_, timeline_.position() + 1);
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
    if (options_.recordTimeline) {
        while (step()) {}
        return;
    }
    // Full speed: every stage's own run(), no recording.
    for (;;) {
        if (!stage_ || stage_->finished()) {
            collectWarnings();
            if (!startNextRun()) break;
        }
        LevelCanvas canvas(level_, runs_[*activeRun_].depth, nullptr);
        stage_->run(canvas);
        lastDescription_ = stage_->stepDescription();
    }
}

bool Generation::stepBack() {
    if (!options_.recordTimeline || timeline_.position() == 0) return false;
    timeline_.moveTo(level_, timeline_.position() - 1);
    return true;
}

void Generation::seek(std::size_t stepIndex) {
    if (!options_.recordTimeline) throw std::logic_error("Generation::seek needs a recorded timeline");
    if (stepIndex <= timeline_.stepCount()) {
        timeline_.moveTo(level_, stepIndex);
        return;
    }
    timeline_.moveTo(level_, timeline_.stepCount());
    while (timeline_.stepCount() < stepIndex && step()) {}
}

std::size_t Generation::stepsDone() const { return options_.recordTimeline ? timeline_.position() : stepsGenerated_; }

std::optional<std::size_t> Generation::currentRun() const {
    if (options_.recordTimeline && !timeline_.atEnd()) return timeline_.step(timeline_.position()).run;
    if (stage_ && !stage_->finished()) return activeRun_;
    if (nextRun_ < runs_.size()) return nextRun_;
    return activeRun_;
}

std::string Generation::lastStepDescription() const {
    if (options_.recordTimeline) return timeline_.position() == 0 ? std::string() : timeline_.step(timeline_.position() - 1).description;
    return lastDescription_;
}

std::vector<Annotation> Generation::currentAnnotations() const {
    if (!options_.recordTimeline || timeline_.position() == 0) return {};
    const auto marks = timeline_.annotations(timeline_.position() - 1);
    return {marks.begin(), marks.end()};
}

Level generateLevel(LevelSize size, std::uint64_t seed, const Recipe& recipe, const StageCatalog& catalog,
                    std::vector<std::string>* warnings) {
    Generation generation(size, seed, recipe, catalog);
    generation.run();
    if (warnings) *warnings = generation.warnings();
    return std::move(generation.level());
}

} // namespace burrow
