#include "document/project_document.h"

#include <QElapsedTimer>
#include <algorithm>
#include <utility>
#include <QFileInfo>
#include <QUndoStack>

#include "content/population_rules.h"
#include "document/project_file_watch.h"
#include "io/diagnostic.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "project/prefab_uses.h"

namespace burrow::ui {

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent), fileWatch_(new ProjectFileWatch(this)), undoStack_(new QUndoStack(this)) {
    project_.size = {40, 25, 1};
    restart();
    // Undone back to what was saved, the project is as saved again (as in Tiled):
    // unless something changed outside the history, which no undo takes back.
    connect(undoStack_, &QUndoStack::cleanChanged, this, [this](bool clean) { setModified(!clean || changedOutsideHistory_); });
}

ProjectDocument::~ProjectDocument() {
    // Tearing the stack down clears it, which signals: nobody should hear that from a
    // document being destroyed (its listeners may be half gone themselves).
    undoStack_->disconnect();
    delete undoStack_;
}

bool ProjectDocument::open(const QString& path, QString* error, QStringList* notices) {
    try {
        std::vector<std::string> found;
        project_ = loadProject(path.toStdString(), builtinStages(), &found);
        if (notices)
            for (const std::string& n : found) notices->push_back(QString::fromStdString(n));
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(errorText(e));
        return false;
    }
    replaceProject(QFileInfo(path).absoluteFilePath());
    fileWatch_->watch(project_, filePath_);
    return true;
}

QStringList ProjectDocument::diskConflicts(const QString& path) const {
    // Saving under a new name asks about the project file there through the file
    // dialog; only the files this editor read are watched.
    if (QFileInfo(path).absoluteFilePath() != filePath_) return {};
    return fileWatch_->conflicts(project_, filePath_);
}

void ProjectDocument::replaceProject(const QString& path) {
    filePath_ = path;
    undoStack_->clear();
    restart();
    // A first slice at once, so a small level opens finished; a big one goes on in
    // the editor's runner, in slices with progress and Cancel, never freezing it.
    const QElapsedTimer clock = [] {
        QElapsedTimer c;
        c.start();
        return c;
    }();
    while (!build_->finished() && clock.elapsed() < kOpenBudgetMs) build_->step();
    setModified(false);
    emit fileChanged(filePath_);
    emit recipeChanged();
    emit levelReset();
}

bool ProjectDocument::saveAs(const QString& path, QString* error) {
    if (path.isEmpty()) {
        if (error) *error = tr("The project has no file name yet.");
        return false;
    }
    // Core's one atomic writer: every write checked and flushed before the rename, so
    // a failed save (disk full, no permission) leaves the old file whole. (Qt 6.4's
    // QSaveFile reports success on a full disk and leaves a truncated file.)
    try {
        saveProject(project_, QFileInfo(path).absoluteFilePath().toStdString());
    } catch (const std::exception& e) {
        if (error) *error = tr("Could not save %1: %2").arg(path, QString::fromStdString(e.what()));
        return false;
    }
    const QString saved = QFileInfo(path).absoluteFilePath();
    if (saved == filePath_) fileWatch_->saved(project_, saved);
    else fileWatch_->watch(project_, saved);
    filePath_ = saved;
    undoStack_->setClean();
    setModified(false);
    emit fileChanged(filePath_);
    return true;
}

void ProjectDocument::reset(Project templateProject) {
    project_ = std::move(templateProject);
    replaceProject({});
    fileWatch_->clear();
}

const Level& ProjectDocument::level() const { return build_->level(); }

const Level& ProjectDocument::finishedLevel() {
    if (!build_->finished()) {
        build_->run();
        emit levelReset();
        emit progressChanged();
    }
    return build_->level();
}

void ProjectDocument::restart() {
    GenerationOptions options;
    options.recordTimeline = true;
    options.timelineBudget = timelineBudget_;
    build_ = std::make_unique<LevelBuild>(project_, project_.seed, options);
}

std::vector<StageWarning> ProjectDocument::warnings() const { return build_->warnings(); }

QString ProjectDocument::levelHash() const {
    if (!build_->finished()) return {};
    return QString::fromStdString(build_->hash());
}

void ProjectDocument::setModified(bool modified) {
    if (!modified) changedOutsideHistory_ = false; // opened or saved: as on disk
    if (modified_ == modified) return;
    modified_ = modified;
    emit modifiedChanged(modified_);
}

void ProjectDocument::afterStep(bool wasFinished, bool forward) {
    if (build_->finished() || wasFinished || !forward) {
        emit levelReset();
    } else if (const Timeline* t = build_->generation().timeline(); t && t->position() > 0) {
        // A step kept as a rewrite of a depth lists no cells: most of the depth changed.
        if (t->rewritesDepth(t->position() - 1)) emit levelReset();
        else emit cellsChanged(t->changes(t->position() - 1));
    }
    emit progressChanged();
}

bool ProjectDocument::step() {
    const bool wasFinished = build_->finished();
    if (!build_->step()) return false;
    afterStep(wasFinished, true);
    return true;
}

bool ProjectDocument::stepBack() {
    const bool wasFinished = build_->finished();
    if (!build_->stepBack()) return false;
    afterStep(wasFinished, false);
    return true;
}

void ProjectDocument::seek(std::size_t stepIndex) {
    const bool wasFinished = build_->finished();
    build_->seek(stepIndex);
    afterStep(wasFinished, false);
}

void ProjectDocument::setTimelineBudget(std::size_t bytes) {
    timelineBudget_ = bytes;
    build_->generation().setTimelineBudget(bytes);
    emit progressChanged();
}

void ProjectDocument::finishStage() {
    const bool wasFinished = build_->finished();
    build_->finishStageRun();
    afterStep(wasFinished, false);
}

bool ProjectDocument::generateFor(double budgetMs) {
    QElapsedTimer clock;
    clock.start();
    const bool wasFinished = build_->finished();
    while (!build_->finished() && clock.nsecsElapsed() < static_cast<qint64>(budgetMs * 1e6)) build_->step();
    afterStep(wasFinished, false);
    return build_->finished();
}

void ProjectDocument::setRecipe(Recipe recipe) {
    if (recipe == project_.recipe) return;
    project_.recipe = std::move(recipe);
    build_->recipeChanged();
    setModified(true);
    emit recipeChanged();
    emit levelReset();
    emit progressChanged();
}

void ProjectDocument::setSeed(std::uint64_t seed, const std::string& text) {
    if (seed == project_.seed && text == project_.seedText) return;
    project_.seed = seed;
    project_.seedText = text;
    restart();
    setModified(true);
    emit recipeChanged();
    emit levelReset();
    emit progressChanged();
}

void ProjectDocument::setSize(LevelSize size) {
    if (size == project_.size || levelSizeError(size)) return;
    project_.size = size;
    restart();
    setModified(true);
    emit recipeChanged();
    emit levelReset();
    emit progressChanged();
}

void ProjectDocument::setMovement(Connectivity movement) {
    if (movement == project_.movement) return;
    project_.movement = movement;
    restart(); // regions, caves and paths join by it: the level changes
    setModified(true);
    emit recipeChanged();
    emit levelReset();
    emit progressChanged();
}

void ProjectDocument::setPrefabs(ProjectPrefabs prefabs) {
    if (prefabs == project_.prefabs) return;
    const ProjectPrefabs before = std::exchange(project_.prefabs, std::move(prefabs));
    // Groups hold copies of the prefabs they stamp: keep them the project's.
    Recipe recipe = project_.recipe;
    for (StageEntry& entry : recipe.stages) {
        if (!entry.rules) continue;
        PopulationRules rules = *entry.rules;
        for (PopulationGroup& g : rules.groups) {
            if (g.kind != PopulationGroup::Kind::Prefabs) continue;
            std::vector<Prefab> now;
            for (const Prefab& p : g.prefabs)
                if (const Prefab* current = project_.prefabs.find(p.id)) now.push_back(*current);
            g.prefabs = std::move(now);
        }
        if (!(rules == *entry.rules)) entry.rules = std::make_shared<PopulationRules>(std::move(rules));
    }
    setModified(true);
    // A generation reads the prefabs a stage grows from (a wave function collapse
    // sample) as it begins: when one of those changed, it starts again, as for a new
    // room graph. Else only the groups' copies may have changed, which the recipe holds.
    if (stagesGrowFromChanged(project_, before, project_.prefabs, builtinStages())) {
        project_.recipe = std::move(recipe);
        restart();
        emit recipeChanged();
        emit levelReset();
        emit progressChanged();
    } else if (recipe == project_.recipe) {
        emit recipeChanged();
    } else {
        setRecipe(std::move(recipe));
    }
}

void ProjectDocument::setRoomGraphs(RoomGraphs graphs) {
    if (graphs == project_.roomGraphs) return;
    project_.roomGraphs = std::move(graphs);
    restart();
    setModified(true);
    emit recipeChanged();
    emit levelReset();
    emit progressChanged();
}

void ProjectDocument::setAcceptance(Acceptance acceptance) {
    if (acceptance == project_.acceptance) return;
    project_.acceptance = std::move(acceptance);
    setModified(true);
    emit recipeChanged();
}

void ProjectDocument::replaceTileKinds(Project project) {
    if (project == project_) return;
    project_ = std::move(project);
    restart();
    setModified(true);
    emit recipeChanged();
    emit levelReset();
    emit progressChanged();
}

void ProjectDocument::setPinnedSeeds(std::vector<std::uint64_t> seeds) {
    if (seeds == project_.pinnedSeeds) return;
    project_.pinnedSeeds = std::move(seeds);
    setModified(true);
    emit pinnedSeedsChanged();
}

void ProjectDocument::rerollStage(std::size_t entry) {
    if (entry >= project_.recipe.stages.size()) return;
    Recipe recipe = project_.recipe;
    ++recipe.stages[entry].reroll;
    setRecipe(std::move(recipe));
}

int ProjectDocument::populateEntry() const {
    const auto& stages = project_.recipe.stages;
    for (std::size_t i = 0; i < stages.size(); ++i)
        if (stages[i].type == "populate") return static_cast<int>(i);
    return -1;
}

std::shared_ptr<const PopulationRules> ProjectDocument::rules() const {
    const int entry = populateEntry();
    return entry < 0 ? nullptr : project_.recipe.stages[static_cast<std::size_t>(entry)].rules;
}

const std::string& ProjectDocument::rulesFile() const {
    static const std::string none;
    const int entry = populateEntry();
    return entry < 0 ? none : project_.recipe.stages[static_cast<std::size_t>(entry)].rulesFile;
}

void ProjectDocument::setRules(std::shared_ptr<const PopulationRules> rules, const std::string& file) {
    Recipe recipe = project_.recipe;
    int entry = populateEntry();
    if (entry < 0) {
        StageEntry populate = makeStageEntry(*builtinStages().find("populate"), recipe);
        populate.name = "population";
        recipe.stages.push_back(std::move(populate));
        entry = static_cast<int>(recipe.stages.size()) - 1;
    }
    recipe.stages[static_cast<std::size_t>(entry)].rules = std::move(rules);
    recipe.stages[static_cast<std::size_t>(entry)].rulesFile = file;
    setRecipe(std::move(recipe));
}

void ProjectDocument::rulesSavedAs(const std::string& file) {
    setRules(rules(), file);
    changedOutsideHistory_ = true;
}

void ProjectDocument::applyEdits(std::span<const EditChange> changes) {
    finishedLevel(); // painting works on the finished level
    std::vector<Cell> cells;
    cells.reserve(changes.size());
    for (const EditChange& c : changes) {
        if (c.tile) project_.edits.set(c.at, *c.tile);
        else project_.edits.erase(c.at);
        cells.push_back(c.at);
    }
    // Core finishes the level again when an edit touches more than a tile (a thing,
    // stairs, the first edit), exactly as makeLevel() does, so the editor and the
    // command line stay the same level; else only the painted cells change.
    if (const auto drawn = build_->editsChanged(cells)) {
        emit cellsChanged(*drawn);
    } else {
        emit levelReset();
    }
    emit progressChanged();
}

void ProjectDocument::clearEdits() {
    project_.edits.clear();
    build_->refinish();
    setModified(true);
    emit levelReset();
}

} // namespace burrow::ui
