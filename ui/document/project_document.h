#pragma once
// The project open in the editor, the generation that grows its level step by step,
// and the hand edits laid over the result. Widgets read it and ask it to change; it
// draws nothing and holds no generation logic of its own (that is burrow_core's).
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <span>
#include <vector>

#include "generation/generation.h"
#include "pipeline/level_build.h"
#include "model/level.h"
#include "project/project.h"

class QUndoStack;

namespace burrow::ui {
class ProjectFileWatch;
}

namespace burrow::ui {

class ProjectDocument : public QObject {
    Q_OBJECT
public:
    explicit ProjectDocument(QObject* parent = nullptr);
    ~ProjectDocument() override;

    // Loads a project and generates for up to kOpenBudgetMs (the rest is the
    // runner's, in slices: the window never freezes on a big level). On failure
    // returns false, leaves the document as it was and puts the reason (file, JSON
    // path, message) in `error`. What was read but deserves a word (a rules file
    // changed since the project was saved) goes into `notices`, when given.
    bool open(const QString& path, QString* error, QStringList* notices = nullptr);
    static constexpr int kOpenBudgetMs = 250;
    // Writes the project and its rules files as one transaction (core's
    // saveProject): on failure every old file is intact and `error` says why.
    bool saveAs(const QString& path, QString* error);
    bool save(QString* error) { return saveAs(filePath_, error); }
    // An untitled project from `templateProject`.
    void reset(Project templateProject);

    // The project's files on disk: what changed there since they were read or saved.
    ProjectFileWatch* fileWatch() const { return fileWatch_; }
    // The files a Save to `path` would overwrite that changed on disk since this
    // editor read or saved them: never overwritten without asking.
    QStringList diskConflicts(const QString& path) const;

    const Project& project() const { return project_; }
    const QString& filePath() const { return filePath_; }
    bool isModified() const { return modified_; }
    QUndoStack* undoStack() const { return undoStack_; }

    // What the map shows: the level as generated so far; at the end of the
    // timeline, with the hand edits laid over it.
    const Level& level() const;
    // The finished level (generating the rest first if need be): what play-tests and
    // exports use, the same level makeLevel() gives for the saved project.
    const Level& finishedLevel();
    bool atEnd() const { return build_->finished(); }
    const Generation& generation() const { return build_->generation(); }
    const LevelBuild& build() const { return *build_; }
    // What the stages could not do, then (once finished) what the hand edits broke.
    std::vector<StageWarning> warnings() const;
    // levelHash() of the finished level (the same value `burrow stats` prints for
    // the saved project); empty while generation is under way.
    QString levelHash() const;

    // Generation, one step or a slice at a time (the editor calls these from a timer,
    // so the window never freezes). Return false when there was nothing to do.
    bool step();
    bool stepBack();
    void seek(std::size_t stepIndex);
    // The most the generation's timeline may hold (a preference, not part of the
    // project): past it, old steps are dropped and regenerated when scrubbed to.
    void setTimelineBudget(std::size_t bytes);
    std::size_t timelineBudget() const { return timelineBudget_; }
    void finishStage();
    // Steps until finished or until `budgetMs` has passed; true when finished.
    bool generateFor(double budgetMs);

    // Changes that regenerate: recipe edits rerun from the first changed stage.
    void setRecipe(Recipe recipe);
    void setSeed(std::uint64_t seed, const std::string& text);
    void setSize(LevelSize size);
    void setMovement(Connectivity movement);
    // The project's prefabs; the prefab groups of its rules follow (a prefab gone is
    // dropped from them, a changed one replaced); the level is made again when a
    // stage grows it from a prefab that changed (a wave function collapse sample).
    void setPrefabs(ProjectPrefabs prefabs);
    // The project's room graphs (Project::roomGraphs): the level is made again,
    // since a room_graph stage may lay any of them out.
    void setRoomGraphs(RoomGraphs graphs);
    // The rules levels are judged by; the level stays. Announced as recipeChanged,
    // since what judges seeds (the gallery) starts over on either.
    void setAcceptance(Acceptance acceptance);
    // The project with other tile kinds, and what names them following
    // (core's withTileKinds made it from this one): regenerated.
    void replaceTileKinds(Project project);
    // The gallery's favourites (Project::pinnedSeeds): saved, no level changes.
    void setPinnedSeeds(std::vector<std::uint64_t> seeds);
    void rerollStage(std::size_t entry);

    // The population rules: those of the first populate stage (nullptr when the
    // recipe has none). setRules adds a populate stage at the end when needed, and
    // reruns only that stage.
    int populateEntry() const;
    std::shared_ptr<const PopulationRules> rules() const;
    const std::string& rulesFile() const;
    void setRules(std::shared_ptr<const PopulationRules> rules, const std::string& file);
    // The rules were saved to `file`, which the project names from now on. Not in the
    // history: the project stays changed whatever is undone, until it is saved.
    void rulesSavedAs(const std::string& file);

    // Hand edits (through undo commands): sets or removes the edit at each cell.
    struct EditChange {
        Cell at;
        std::optional<Tile> tile; // nothing: remove the edit, back to the generated tile
    };
    void applyEdits(std::span<const EditChange> changes);
    void clearEdits();

signals:
    // The whole level may have changed (new project, regenerate, scrub).
    void levelReset();
    // One step forward changed these cells (cheap to draw).
    void cellsChanged(std::span<const burrow::CellChange> changes);
    // The timeline moved or grew.
    void progressChanged();
    void recipeChanged();
    void pinnedSeedsChanged();
    void modifiedChanged(bool modified);
    void fileChanged(const QString& path);

private:
    // The project just set becomes the document: generated, clean, announced.
    void replaceProject(const QString& path);
    void restart();
    void setModified(bool modified);
    void afterStep(bool wasFinished, bool forward);

    Project project_;
    // Core's one way to make the level, stepped, scrubbed and finished: it reads
    // project_, which it must not outlive (restart() makes a new one).
    std::unique_ptr<LevelBuild> build_;
    std::size_t timelineBudget_ = kDefaultTimelineBudget;
    QString filePath_;
    ProjectFileWatch* fileWatch_;
    bool modified_ = false;
    bool changedOutsideHistory_ = false; // a change no undo takes back (rulesSavedAs) since the last open or save
    QUndoStack* undoStack_;
};

} // namespace burrow::ui
