#pragma once
// Undoable edits of what decides the level besides hand edits: the recipe (stages
// added, removed, moved, switched on or off, rerolled, their parameters), the seed,
// the size and the movement rule. Each applies through the document, which
// regenerates; History names what changed ("caves: generations 3 → 4").
#include <QUndoCommand>

#include "commands/merge_ids.h"
#include "generation/recipe.h"
#include "model/connectivity.h"
#include "model/level.h"

namespace burrow::ui {

class ProjectDocument;

class RecipeCommand : public QUndoCommand {
public:
    RecipeCommand(ProjectDocument* document, Recipe after, const QString& text);
    // One parameter of one stage: consecutive edits of it (a spin box stepped up
    // five times) merge into one History entry from the first value to the last.
    static RecipeCommand* parameterEdit(ProjectDocument* document, Recipe after, std::size_t entry, const std::string& key);
    void undo() override;
    void redo() override;
    int id() const override { return mergeKey_.empty() ? -1 : mergeId(MergeId::ParameterEdit); }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void nameParameterEdit();

    ProjectDocument* document_;
    Recipe before_, after_;
    std::size_t entry_ = 0;
    std::string key_, mergeKey_;
};

class SeedCommand : public QUndoCommand {
public:
    SeedCommand(ProjectDocument* document, std::uint64_t seed, std::string text);
    void undo() override;
    void redo() override;

private:
    ProjectDocument* document_;
    std::uint64_t beforeSeed_, afterSeed_;
    std::string beforeText_, afterText_;
};

class SizeCommand : public QUndoCommand {
public:
    SizeCommand(ProjectDocument* document, LevelSize after);
    void undo() override;
    void redo() override;
    // Width, height and depth boxes stepped one after another are one edit.
    int id() const override { return mergeId(MergeId::SizeEdit); }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void name();
    ProjectDocument* document_;
    LevelSize before_, after_;
};

class MovementCommand : public QUndoCommand {
public:
    MovementCommand(ProjectDocument* document, Connectivity after);
    void undo() override;
    void redo() override;

private:
    ProjectDocument* document_;
    Connectivity before_, after_;
};

} // namespace burrow::ui
