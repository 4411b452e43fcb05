#pragma once
// Edit > Prefabs: the project's prefabs, drawn cell by cell. Pick one on the left,
// paint its cells with a tile kind of the project (or "keep the level's own"), put
// things on them, mark openings on its edge (right click), change its name and size, add a new one or
// remove one no population group places. Prefabs read from a file are shown, not changed: that file is theirs.
// OK checks every prefab (core's prefabProblems) and refuses while one is wrong,
// showing why; the result goes in as one undoable edit (PrefabCommand).
#include <QDialog>

#include "content/prefab_brush.h"
#include "content/prefab_json.h"
#include "project/project.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QVBoxLayout;
class QPushButton;
class QSpinBox;

namespace burrow::ui {

class PrefabCanvas;
class TilePalette;

class PrefabsDialog : public QDialog {
    Q_OBJECT
public:
    using Brush = PrefabBrush::Kind;

    PrefabsDialog(const Project& project, QWidget* parent = nullptr);

    // The prefabs as edited so far.
    const ProjectPrefabs& prefabs() const { return prefabs_; }
    bool changed() const { return prefabs_ != project_.prefabs; }

    QListWidget* list() const { return list_; }
    PrefabCanvas* canvas() const { return canvas_; }
    void select(int row);
    int current() const;

    // What a left press does; the tile a Tile brush paints, the template a Thing
    // brush places (or takes away where one stands).
    void setBrush(Brush brush);
    Brush brush() const;
    void setTile(Tile tile);
    void setThing(const QString& templateName);
    // Applies the brush (or, with `alternate`, toggles an opening) at a cell of the
    // chosen prefab. False, with the reason shown, when it cannot.
    bool paint(Point cell, bool alternate = false);
    // A new prefab (floor walled round) with a free id, chosen.
    void addPrefab();
    // Refused, saying why, while a population group places it or it comes from a
    // library file (saved, the project would read it back from there).
    bool removePrefab(int row);
    void resizePrefab(int width, int height);
    // Takes back the last stroke, click or resize (Ctrl+Z in the dialog); false when
    // there is none. Everything the dialog did is one step of the editor's undo.
    bool undoLast();
    void renamePrefab(const QString& name);
    // A new prefab's id (one the project does not have yet may change).
    bool setPrefabId(const QString& id);

    // What is wrong with the chosen prefab, or why the last action was refused.
    QString problem() const;
    // Checks every prefab: true when each can be placed and ids are unique.
    bool check();
    void accept() override;

private:
    void nameParts();
    void setUpBrushes(const Project& project);
    QVBoxLayout* makeListColumn(QPushButton* add);
    QVBoxLayout* makeEditColumn();
    void connectEdits();
    bool editable(int row) const;
    void showCurrent();
    // Keeps `before`, prefab `row` as it was, for undoLast: once a stroke.
    void remember(int row, const Prefab& before);
    void showProblem();
    QString itemText(int row) const;

    const Project& project_;
    ProjectPrefabs prefabs_;
    QListWidget* list_;
    PrefabCanvas* canvas_;
    QLineEdit* id_;
    QLineEdit* name_;
    QSpinBox* width_;
    QSpinBox* height_;
    QComboBox* brush_;
    TilePalette* palette_;
    QComboBox* things_; // the templates the project knows
    QPushButton* remove_;
    QPushButton* undo_;
    QLabel* source_;
    QLabel* problem_;
    struct Earlier {
        int row;
        Prefab prefab;
    };
    std::vector<Earlier> earlier_; // what undoLast puts back, the newest last
    bool stroke_ = false, strokeKept_ = false; // a mouse stroke is on, and has kept its "before"
    QString refused_; // why the last paint or rename was refused, until the next one
    bool showing_ = false;
};

} // namespace burrow::ui
