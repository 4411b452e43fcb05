#include "docks/rules_dock.h"
#include "docks/scrollable.h"
#include "docks/group_form.h"
#include "docks/templates_tab.h"
#include "docks/templates_table.h"

#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include "commands/rules_command.h"
#include "document/project_document.h"
#include "content/rules_json.h"

namespace burrow::ui {

RulesDock::RulesDock(ProjectDocument* document, QWidget* parent) : QDockWidget(tr("Population"), parent), document_(document) {
    setObjectName("rulesDock");
    auto* body = new QWidget(this);
    templates_ = new TemplatesTab(body);
    auto* tabs = new QTabWidget(body);
    tabs->addTab(makeGroupsTab(body), tr("Groups"));
    tabs->addTab(templates_, tr("Templates"));
    auto* layout = new QVBoxLayout(body);
    layout->addLayout(makeFileRow(body));
    layout->addWidget(tabs);
    setWidget(scrollable(body, this));
    connect(groupForm_, &GroupForm::groupEdited, this, &RulesDock::editGroup);
    connect(templates_->table(), &TemplatesTable::templateEdited, this, &RulesDock::editTemplate);
    connect(templates_, &TemplatesTab::templatesEdited, this, &RulesDock::editTemplates);
    connect(tree_, &QTreeWidget::currentItemChanged, this, &RulesDock::showGroup);
    connect(document_, &ProjectDocument::recipeChanged, this, &RulesDock::reload);
    connect(document_, &ProjectDocument::levelReset, this, [this] {
        if (document_->atEnd()) reload(); // warnings are known once population ran
    });
    reload();
}

// Where the rules come from, with Load and Save As.
QHBoxLayout* RulesDock::makeFileRow(QWidget* body) {
    source_ = new QLabel(body);
    source_->setWordWrap(true);
    auto* load = new QPushButton(tr("Load…"), body);
    load->setToolTip(tr("Load a rules file: Burrow's, or a population.json in the room-grid tutorial's format, as it is"));
    auto* save = new QPushButton(tr("Save As…"), body);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(source_, 1);
    fileRow->addWidget(load);
    fileRow->addWidget(save);
    connect(load, &QPushButton::clicked, this, &RulesDock::loadFile);
    connect(save, &QPushButton::clicked, this, &RulesDock::saveFile);
    return fileRow;
}

// The groups in order, the buttons that add and arrange them, and the chosen one's form.
QWidget* RulesDock::makeGroupsTab(QWidget* body) {
    tree_ = new QTreeWidget(body);
    tree_->setObjectName("ruleGroups");
    tree_->setHeaderLabels({tr("Group"), tr("Scope"), tr("Count"), tr("Placed")});
    tree_->setRootIsDecorated(true);
    auto* tab = new QWidget(body);
    auto* layout = new QVBoxLayout(tab);
    layout->addWidget(tree_, 2);
    layout->addLayout(makeGroupButtons(body));
    groupForm_ = new GroupForm(body);
    layout->addWidget(groupForm_, 3);
    return tab;
}

// Three a row, so the dock is usable at about 280 px wide.
QGridLayout* RulesDock::makeGroupButtons(QWidget* body) {
    auto* addTiles = new QPushButton(tr("+ Tiles"), body);
    auto* addThings = new QPushButton(tr("+ Things"), body);
    auto* addPrefabs = new QPushButton(tr("+ Prefabs"), body);
    addPrefabs->setObjectName("add-prefabs");
    addPrefabs->setToolTip(tr("A group that stamps the project's prefabs (made with the Make prefab tool, drawn in Edit > Prefabs, or listed in the project's \"prefabs\")"));
    auto* duplicate = new QPushButton(tr("Duplicate"), body);
    auto* remove = new QPushButton(tr("Remove"), body);
    auto* up = new QPushButton(tr("Up"), body);
    auto* down = new QPushButton(tr("Down"), body);
    auto* buttons = new QGridLayout;
    int placed = 0;
    for (QPushButton* b : {addTiles, addThings, addPrefabs, duplicate, remove, up, down}) {
        buttons->addWidget(b, placed / 3, placed % 3);
        ++placed;
    }
    connect(addTiles, &QPushButton::clicked, this, [this] { addGroup(PopulationGroup::Kind::Tiles); });
    connect(addThings, &QPushButton::clicked, this, [this] { addGroup(PopulationGroup::Kind::Entities); });
    connect(addPrefabs, &QPushButton::clicked, this, [this] { addGroup(PopulationGroup::Kind::Prefabs); });
    connect(duplicate, &QPushButton::clicked, this, [this] {
        const int i = selected();
        if (i >= 0) edit(tr("Duplicate group"), [i](PopulationRules& r) { r.groups.insert(r.groups.begin() + i + 1, r.groups[std::size_t(i)]); });
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int i = selected();
        if (i >= 0) edit(tr("Remove group"), [i](PopulationRules& r) { r.groups.erase(r.groups.begin() + i); });
    });
    connect(up, &QPushButton::clicked, this, [this] { moveGroup(-1); });
    connect(down, &QPushButton::clicked, this, [this] { moveGroup(1); });
    return buttons;
}

void RulesDock::addGroup(PopulationGroup::Kind kind) {
    const auto& prefabs = document_->project().prefabs.prefabs;
    if (kind == PopulationGroup::Kind::Prefabs && prefabs.empty()) {
        QMessageBox::information(this, tr("Prefabs"), tr("The project has no prefabs yet: drag a rectangle with the Make prefab tool, or draw one in Edit > Prefabs, first."));
        return;
    }
    edit(tr("Add group"), [kind, first = prefabs.empty() ? Prefab{} : prefabs.front()](PopulationRules& r) {
        PopulationGroup g;
        g.kind = kind;
        g.name = kind == PopulationGroup::Kind::Tiles ? "obstacles" : kind == PopulationGroup::Kind::Prefabs ? "prefabs" : "things";
        if (kind == PopulationGroup::Kind::Tiles) g.tiles = {Tile::Obstacle};
        else if (kind == PopulationGroup::Kind::Prefabs) {
            g.prefabs = {first};
            g.scope = Scope::EachDepth;
            g.number = {1, 1};
        } else g.entities = {{"enemy", {}}};
        r.groups.push_back(g);
    });
}

void RulesDock::moveGroup(int by) {
    const int i = selected();
    edit(tr("Move group"), [i, by](PopulationRules& r) {
        const int j = i + by;
        if (i >= 0 && j >= 0 && j < static_cast<int>(r.groups.size())) std::swap(r.groups[std::size_t(i)], r.groups[std::size_t(j)]);
    });
}

// One undoable edit of the chosen group.
void RulesDock::editGroup(const QString& what, const std::function<void(PopulationGroup&)>& change) {
    const int i = selected();
    if (i >= 0) edit(what, [i, &change](PopulationRules& r) { change(r.groups[std::size_t(i)]); });
}

void RulesDock::editTemplate(const QString& what, const std::string& name, const std::function<void(EntityTemplate&)>& change) {
    edit(what, [&](PopulationRules& r) {
        auto it = std::find_if(r.templates.begin(), r.templates.end(), [&](const EntityTemplate& t) { return t.name == name; });
        if (it == r.templates.end()) {
            r.templates.push_back(*r.findTemplate(name)); // a changed default is kept with the rules
            it = r.templates.end() - 1;
        }
        change(*it);
    });
}

int RulesDock::selected() const {
    QTreeWidgetItem* item = tree_->currentItem();
    if (!item) return -1;
    if (item->parent()) item = item->parent();
    return tree_->indexOfTopLevelItem(item);
}

// A change of the templates the core may refuse: tried on a copy first, so a refusal
// changes nothing and says why, under the table.
void RulesDock::editTemplates(const QString& what, const TemplatesTab::RulesChange& change) {
    const auto current = document_->rules();
    PopulationRules trial = current ? *current : PopulationRules{};
    const auto problem = change(trial);
    templates_->showProblem(problem ? tr("Not changed: %1.").arg(QString::fromStdString(*problem)) : QString());
    if (!problem) edit(what, [&](PopulationRules& r) { change(r); });
}

void RulesDock::edit(const QString& what, const std::function<void(PopulationRules&)>& change) {
    const auto current = document_->rules();
    PopulationRules rules = current ? *current : PopulationRules{};
    change(rules);
    if (current && rules == *current) return;
    document_->undoStack()->push(new RulesCommand(document_, std::move(rules), what));
    emit rulesEdited();
}

void RulesDock::reload() {
    const int keep = selected();
    const auto rules = document_->rules();
    source_->setText(!rules ? tr("No population rules: load a file or add a group.")
                            : document_->rulesFile().empty() ? tr("Rules kept in the project.")
                                                             : tr("Rules from %1").arg(QString::fromStdString(document_->rulesFile())));
    {
        const QSignalBlocker block(tree_);
        tree_->clear();
        const auto warnings = document_->warnings();
        if (rules)
            for (const PopulationGroup& g : rules->groups) {
                QString trouble;
                for (const StageWarning& w : warnings)
                    if (w.group == g.name) trouble += QString::fromStdString(w.message) + "\n";
                auto* item = new QTreeWidgetItem(tree_, {QString::fromStdString(g.name), tr(scopeName(g.scope)),
                                                         QStringLiteral("%1–%2").arg(g.number.min).arg(g.number.max),
                                                         trouble.isEmpty() ? tr("all") : tr("short")});
                if (!trouble.isEmpty()) {
                    item->setForeground(3, QColor(220, 60, 60));
                    for (int c = 0; c < 4; ++c) item->setToolTip(c, trouble.trimmed());
                }
                if (g.kind == PopulationGroup::Kind::Tiles)
                    for (Tile t : g.tiles) new QTreeWidgetItem(item, {QString::fromStdString(document_->project().tileKinds[t].name), "", sizesText(g)});
                else if (g.kind == PopulationGroup::Kind::Prefabs)
                    for (const Prefab& p : g.prefabs)
                        new QTreeWidgetItem(item, {QString::fromStdString(p.name), g.placement == PrefabPlacement::Rock ? tr("in rock") : tr("on floor"),
                                                   QStringLiteral("%1x%2").arg(p.width).arg(p.height)});
                else
                    for (const PlacedEntity& e : g.entities) new QTreeWidgetItem(item, {QString::fromStdString(e.templateName)});
            }
        tree_->expandAll();
        if (keep >= 0 && keep < tree_->topLevelItemCount()) tree_->setCurrentItem(tree_->topLevelItem(keep));
        else if (tree_->topLevelItemCount() > 0) tree_->setCurrentItem(tree_->topLevelItem(0));
    }
    fillTemplates(rules ? *rules : PopulationRules{});
    showGroup();
}

void RulesDock::showGroup() {
    const auto rules = document_->rules();
    const int i = selected();
    const bool valid = rules && i >= 0 && i < static_cast<int>(rules->groups.size());
    groupForm_->show(valid ? &rules->groups[static_cast<std::size_t>(i)] : nullptr, rules.get(), document_->project());
}

void RulesDock::fillTemplates(const PopulationRules& rules) { templates_->show(rules); }

void RulesDock::loadFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Population Rules"), {}, tr("Rules (*.json)"));
    if (path.isEmpty()) return;
    try {
        PopulationRules rules = loadRules(path.toStdString(), document_->project().tileKinds, &document_->project().prefabs);
        document_->undoStack()->push(new RulesCommand(document_, std::move(rules), tr("Load rules %1").arg(QFileInfo(path).fileName())));
        emit rulesEdited();
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Cannot load rules"), QString::fromStdString(e.what()));
    }
}

void RulesDock::saveFile() {
    const auto rules = document_->rules();
    if (!rules) return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Population Rules"), "population.rules.json", tr("Rules (*.rules.json *.json)"));
    if (path.isEmpty()) return;
    try {
        saveRules(*rules, path.toStdString(), document_->project().tileKinds); // atomic: a failed save leaves the old file whole
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Cannot save rules"), QString::fromStdString(e.what()));
        return;
    }
    // From now on the project refers to the file, relative to the project when it can.
    const QString project = document_->filePath();
    const QString relative = project.isEmpty() ? path : QFileInfo(project).absoluteDir().relativeFilePath(path);
    document_->rulesSavedAs(relative.toStdString());
}

} // namespace burrow::ui
