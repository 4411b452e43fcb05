#pragma once
// The one way a project and a seed become a level, at once or step by step. A
// LevelBuild runs every stage of the recipe with the project's size and movement
// (its Generation), and when the last stage's last step is done it finishes the
// level: the hand edits laid over the result, the templates of placed things
// resolved into it. The editor steps, scrubs and paints on one; every command, the
// breakpoints, the exporters, the play-test, the bench and the tests make theirs
// with makeLevel() (pipeline/make_level.h), which runs one to the end. Nobody else
// joins generating and finishing: if two places did, they could disagree.
//
// Before the end the build holds a partial level: level() is the level as it
// grows, hash() is marked partial, and unfinished() says what such a level lacks.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "generation/cell_change.h"
#include "generation/generation.h"
#include "model/level.h"
#include "pipeline/builtin_stages.h"
#include "project/project.h"

namespace burrow {

class LevelBuild {
public:
    // `project` is read again when the level is finished (its edits, kinds and
    // templates) and must outlive the build. Its recipe is copied into the generation.
    LevelBuild(const Project& project, std::uint64_t seed, GenerationOptions options = {},
               const StageCatalog& catalog = builtinStages());

    // The stages, one step at a time: each of these finishes the level when the
    // generation reaches its end, and unfinishes it when scrubbed back.
    bool step();
    bool stepBack();
    void seek(std::size_t stepIndex);
    void finishStageRun();
    void run();
    // Brings the build up to date after its generation was stepped directly (a
    // breakpoint's run): finishes the level at the end, unfinishes it before.
    void settle();

    // The project's recipe changed: the generation keeps what comes before the
    // first stage that differs (Generation::replaceRecipe).
    void recipeChanged();
    // The project's hand edits changed. Returns the cells whose tile changed when
    // that was all (the finished level updated in place), or nothing when the level
    // was finished again (an edit on a thing, stairs or a marker; the first edit).
    std::optional<std::vector<CellChange>> editsChanged(std::span<const Cell> cells);
    // Many edits changed at once (all cleared, a new set): the level finished again.
    void refinish();

    // Every stage ran and the level is finished.
    bool finished() const { return finished_; }
    // The finished level once finished(), else the level as it grows.
    const Level& level() const;
    // Warnings of the stages run so far, then (once finished) the hand edits'.
    std::vector<StageWarning> warnings() const;
    // levelHash() of the finished level; of a partial level, "partial-" and its hash.
    std::string hash() const;
    // What a level taken now lacks, in words ("the stages from caves (depth 2) on",
    // "the hand edits", ...); empty once finished.
    std::vector<std::string> unfinished() const;

    const Generation& generation() const { return generation_; }
    Generation& generation() { return generation_; }
    const Project& project() const { return *project_; }
    std::uint64_t seed() const { return seed_; }

    // The finished level and every warning, the build given up (run() first).
    Level takeLevel() &&;

private:
    void finish();

    const Project* project_;
    std::uint64_t seed_;
    Generation generation_;
    // The finished level is the generated one itself when there are no hand edits
    // (finishing then only names templates: no copy of a gigabyte on 4096 x 4096 x
    // 64; the timeline never reads templates, so scrubbing is unaffected), else a copy
    // with the edits laid over it.
    bool finished_ = false;
    std::size_t finishedAtStep_ = 0; // the generation's stepsDone() when finished
    bool inPlace_ = false;
    Level finishedCopy_{LevelSize{1, 1, 1}};
    std::vector<StageWarning> finishWarnings_;
    mutable std::string hash_; // cached: hashing a big level takes milliseconds
};

} // namespace burrow
