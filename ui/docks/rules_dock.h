#pragma once
// The population rules: a tree of groups and what each places, a form for the
// selected group, the templates, and loading and saving rules files (seed 002's
// population.json imports as it is). Every edit is undoable and reruns only the
// population stage; each group shows the warnings its placement gave.
#include <QDockWidget>
#include <functional>

#include "content/population_rules.h"
#include "docks/templates_tab.h"

class QComboBox;
class QFormLayout;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QTableWidget;
class QTreeWidget;

namespace burrow::ui {

class PrefabPlacementForm;
class ProjectDocument;

class RulesDock : public QDockWidget {
    Q_OBJECT
public:
    explicit RulesDock(ProjectDocument* document, QWidget* parent = nullptr);

    QTreeWidget* groups() const { return tree_; }
    // Applies a change to a copy of the rules as one undoable edit.
    void edit(const QString& what, const std::function<void(PopulationRules&)>& change);

signals:
    void rulesEdited(); // the level should be regenerated to the end

private:
    QHBoxLayout* makeFileRow(QWidget* body);
    QWidget* makeGroupsTab(QWidget* body);
    QGridLayout* makeGroupButtons(QWidget* body);
    QFormLayout* makeGroupForm(QWidget* body);
    void connectGroupFields();
    void addGroup(PopulationGroup::Kind kind);
    void moveGroup(int by);
    void editGroup(const QString& what, std::function<void(PopulationGroup&)> change);
    void choicesTicked();
    void editTemplate(const QString& what, const std::string& name, const std::function<void(EntityTemplate&)>& change);
    void editTemplates(const QString& what, const TemplatesTab::RulesChange& change);
    void reload();
    void showGroup();
    int selected() const;
    void loadFile();
    void saveFile();
    void fillTemplates(const PopulationRules& rules);

    ProjectDocument* document_;
    QLabel* source_;
    QTreeWidget* tree_;
    QLineEdit* name_;
    QComboBox* scope_;
    QLineEdit* tag_; // a tagged_room group's room tag
    QSpinBox *min_, *max_;
    QLineEdit* sizes_;
    QListWidget* choices_;
    QLineEdit* properties_;
    TemplatesTab* templates_;
    PrefabPlacementForm* placementForm_ = nullptr; // a prefab group's turns, mirroring, floor or rock
    bool loading_ = false;
};

} // namespace burrow::ui
