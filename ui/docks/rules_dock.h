#pragma once
// The population rules: a tree of groups and what each places, a form for the
// selected group (GroupForm), the templates, and loading and saving rules files (seed 002's
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

class GroupForm;
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
    void addGroup(PopulationGroup::Kind kind);
    void moveGroup(int by);
    void editGroup(const QString& what, const std::function<void(PopulationGroup&)>& change);
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
    GroupForm* groupForm_ = nullptr; // the chosen group's fields
    TemplatesTab* templates_;
};

} // namespace burrow::ui
