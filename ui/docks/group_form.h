#pragma once
// The Population dock's form for the group chosen in its tree: name, scope (by name,
// its meaning as the tooltip), room tag, how many, footprints, what it chooses from,
// a prefab group's placement, and the properties its things carry. It edits nothing
// itself: each change is handed to the dock as a function on the group, which the
// dock applies as one undoable edit.
#include <QWidget>
#include <functional>
#include <optional>

#include "content/population_rules.h"
#include "project/project.h"

class QComboBox;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QSpinBox;

namespace burrow::ui {

class PrefabPlacementForm;

// A tile group's footprints as written in the form: "1x1, 3x1".
QString sizesText(const PopulationGroup& g);

class GroupForm : public QWidget {
    Q_OBJECT
public:
    using GroupChange = std::function<void(PopulationGroup&)>;
    explicit GroupForm(QWidget* parent = nullptr);

    // Shows `group` of `rules` (the project gives the tile kinds and prefabs to
    // choose from); nothing shown and every field disabled without a group.
    void show(const PopulationGroup* group, const PopulationRules* rules, const Project& project);

signals:
    void groupEdited(const QString& what, const GroupChange& change);

private:
    void makeFields();
    void connectFields();
    void emitEdit(const QString& what, GroupChange change);
    void showChoices(const PopulationGroup& group, const PopulationRules& rules, const Project& project);
    void showProperties(const PopulationGroup& group);
    void choicesTicked(QListWidgetItem* changed);
    void propertiesEdited();

    QLineEdit* name_;
    QComboBox* scope_;
    QLineEdit* tag_; // a tagged_room group's room tag
    QSpinBox *min_, *max_;
    QLineEdit* sizes_;
    QListWidget* choices_;
    PrefabPlacementForm* placement_; // a prefab group's turns, mirroring, floor or rock, spacing
    QLineEdit* properties_;
    std::optional<PopulationGroup> shown_;
    TileKinds kinds_;        // of the project shown: what tile choices name
    ProjectPrefabs prefabs_; // and its prefabs
    bool loading_ = false;
};

} // namespace burrow::ui
