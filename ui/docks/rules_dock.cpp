#include "docks/rules_dock.h"
#include "docks/scrollable.h"
#include "docks/prefab_placement_form.h"
#include "docks/templates_tab.h"
#include "docks/templates_table.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include "commands/rules_command.h"
#include "document/project_document.h"
#include "content/rules_json.h"
#include "tools/tile_palette.h"

namespace burrow::ui {

namespace {
QString sizesText(const PopulationGroup& g) {
    QStringList parts;
    for (const auto& [x, y] : g.sizes) parts << QStringLiteral("%1x%2").arg(x).arg(y);
    return parts.join(", ");
}
} // namespace

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
    connectGroupFields();
    connect(choices_, &QListWidget::itemChanged, this, &RulesDock::choicesTicked);
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
    layout->addLayout(makeGroupForm(body), 3);
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

// The chosen group: name, scope (by name, its meaning as the tooltip), room tag, how
// many, footprints, choices and properties.
QFormLayout* RulesDock::makeGroupForm(QWidget* body) {
    name_ = new QLineEdit(body);
    scope_ = new QComboBox(body);
    scope_->setObjectName("groupScope");
    for (Scope s : allScopes()) {
        scope_->addItem(tr(scopeName(s)), static_cast<int>(s));
        scope_->setItemData(scope_->count() - 1, tr(scopeDefinition(s)), Qt::ToolTipRole);
    }
    tag_ = new QLineEdit(body);
    tag_->setObjectName("groupTag");
    tag_->setPlaceholderText(tr("boss"));
    tag_->setToolTip(tr("For the tagged_room scope: the tag of the room graph's rooms the group goes in (boss, treasure or your own)"));
    min_ = new QSpinBox(body);
    max_ = new QSpinBox(body);
    for (QSpinBox* b : {min_, max_}) {
        b->setRange(0, 100000);
        b->setKeyboardTracking(false);
    }
    min_->setObjectName("groupMin");
    max_->setObjectName("groupMax");
    auto* count = new QHBoxLayout;
    count->addWidget(min_);
    count->addWidget(new QLabel(tr("to"), body));
    count->addWidget(max_);
    sizes_ = new QLineEdit(body);
    sizes_->setToolTip(tr("Footprints to choose from, such as 1x1, 3x1"));
    sizes_->setValidator(new QRegularExpressionValidator(QRegularExpression(R"(^\s*\d+x\d+(\s*,\s*\d+x\d+)*\s*$)"), sizes_));
    properties_ = new QLineEdit(body);
    properties_->setObjectName("groupProperties");
    properties_->setToolTip(tr("Properties passed on to exports with each placed thing: key=value; key=value (numbers and true/false keep their type; quote a value to keep it text)"));
    choices_ = new QListWidget(body);
    choices_->setToolTip(tr("What the group chooses from (ticked)"));
    auto* form = new QFormLayout;
    form->addRow(tr("Name"), name_);
    form->addRow(tr("Scope"), scope_);
    form->addRow(tr("Room tag"), tag_);
    form->addRow(tr("How many"), count);
    form->addRow(tr("Footprints"), sizes_);
    form->addRow(tr("Choices"), choices_);
    placementForm_ = new PrefabPlacementForm(body);
    form->addRow(tr("Placement"), placementForm_);
    form->addRow(tr("Properties"), properties_);
    return form;
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

// One undoable edit of the chosen group (none while the form is being filled in).
void RulesDock::editGroup(const QString& what, std::function<void(PopulationGroup&)> change) {
    if (loading_) return;
    const int i = selected();
    if (i >= 0) edit(what, [i, change = std::move(change)](PopulationRules& r) { change(r.groups[std::size_t(i)]); });
}

void RulesDock::connectGroupFields() {
    connect(placementForm_, &PrefabPlacementForm::placementEdited, this, [this](const QString& what, const std::function<void(PopulationGroup&)>& change) {
        editGroup(what, change);
    });
    connect(name_, &QLineEdit::editingFinished, this, [this] {
        const std::string n = name_->text().trimmed().toStdString();
        if (!n.empty()) editGroup(tr("Rename group"), [n](PopulationGroup& g) { g.name = n; });
    });
    connect(scope_, &QComboBox::currentIndexChanged, this, [this] {
        const auto s = static_cast<Scope>(scope_->currentData().toInt());
        editGroup(tr("Change scope"), [s](PopulationGroup& g) { g.scope = s; });
    });
    connect(tag_, &QLineEdit::editingFinished, this, [this] {
        const std::string t = tag_->text().trimmed().toStdString();
        editGroup(tr("Change room tag"), [t](PopulationGroup& g) { g.tag = t; });
    });
    // A minimum above the maximum cannot be entered: each box bounds the other.
    connect(min_, &QSpinBox::valueChanged, this, [this](int v) {
        max_->setMinimum(v);
        editGroup(tr("Change count"), [v](PopulationGroup& g) { g.number.min = v; g.number.max = std::max(g.number.max, v); });
    });
    connect(max_, &QSpinBox::valueChanged, this, [this](int v) {
        editGroup(tr("Change count"), [v](PopulationGroup& g) { g.number.max = std::max(v, g.number.min); });
    });
    connect(sizes_, &QLineEdit::editingFinished, this, [this] {
        std::vector<std::pair<int, int>> sizes;
        for (const QString& part : sizes_->text().split(',', Qt::SkipEmptyParts)) {
            const QStringList xy = part.trimmed().split('x');
            if (xy.size() == 2 && xy[0].toInt() > 0 && xy[1].toInt() > 0) sizes.emplace_back(xy[0].toInt(), xy[1].toInt());
        }
        if (!sizes.empty()) editGroup(tr("Change footprints"), [sizes](PopulationGroup& g) { g.sizes = sizes; });
    });
    connect(properties_, &QLineEdit::editingFinished, this, [this] {
        // "hp=5; boss=true; name=\"7\"": numbers and true/false keep their type, quotes make text.
        std::vector<Property> pairs;
        for (const QString& part : properties_->text().split(';', Qt::SkipEmptyParts)) {
            const int eq = static_cast<int>(part.indexOf('='));
            if (eq <= 0) continue;
            pairs.push_back({part.left(eq).trimmed().toStdString(), propertyFromText(part.mid(eq + 1).trimmed().toStdString())});
        }
        editGroup(tr("Change properties"), [pairs](PopulationGroup& g) {
            for (PlacedEntity& e : g.entities) e.properties = pairs;
        });
    });
}

// The ticked choices become the group's tiles, prefabs or things (things keep the
// properties they had).
void RulesDock::choicesTicked() {
    std::vector<QString> ticked;
    for (int i = 0; i < choices_->count(); ++i)
        if (choices_->item(i)->checkState() == Qt::Checked) ticked.push_back(choices_->item(i)->data(Qt::UserRole).toString());
    if (ticked.empty()) { // an empty choice is not a rule: put the tick back
        reload();
        return;
    }
    editGroup(tr("Change choices"), [ticked, kinds = document_->project().tileKinds, prefabs = document_->project().prefabs](PopulationGroup& g) {
        if (g.kind == PopulationGroup::Kind::Tiles) {
            g.tiles.clear();
            for (const QString& t : ticked)
                if (const auto tile = kinds.find(t.toStdString())) g.tiles.push_back(*tile);
        } else if (g.kind == PopulationGroup::Kind::Prefabs) {
            g.prefabs.clear();
            for (const QString& id : ticked)
                if (const Prefab* p = prefabs.find(id.toStdString())) g.prefabs.push_back(*p);
        } else {
            std::vector<PlacedEntity> kept;
            for (const QString& t : ticked) {
                auto old = std::find_if(g.entities.begin(), g.entities.end(), [&](const PlacedEntity& e) { return e.templateName == t.toStdString(); });
                kept.push_back(old != g.entities.end() ? *old : PlacedEntity{t.toStdString(), {}});
            }
            g.entities = kept;
        }
    });
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
    loading_ = true;
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
    loading_ = false;
    showGroup();
}

void RulesDock::showGroup() {
    loading_ = true;
    const auto rules = document_->rules();
    const int i = selected();
    const bool valid = rules && i >= 0 && i < static_cast<int>(rules->groups.size());
    for (QWidget* w : std::initializer_list<QWidget*>{name_, scope_, tag_, min_, max_, sizes_, choices_, properties_}) w->setEnabled(valid);
    placementForm_->setEnabled(valid && rules->groups[static_cast<std::size_t>(i)].kind == PopulationGroup::Kind::Prefabs);
    const QSignalBlocker b1(name_), b2(scope_), b3(min_), b4(max_), b5(sizes_), b6(choices_), b7(properties_), b8(tag_);
    choices_->clear();
    if (valid) {
        const PopulationGroup& g = rules->groups[static_cast<std::size_t>(i)];
        name_->setText(QString::fromStdString(g.name));
        scope_->setCurrentIndex(scope_->findData(static_cast<int>(g.scope)));
        tag_->setText(QString::fromStdString(g.tag));
        tag_->setEnabled(g.scope == Scope::TaggedRoom);
        max_->setMinimum(0);
        min_->setValue(g.number.min);
        max_->setValue(g.number.max);
        max_->setMinimum(g.number.min);
        sizes_->setText(sizesText(g));
        sizes_->setEnabled(g.kind == PopulationGroup::Kind::Tiles);
        properties_->setEnabled(g.kind == PopulationGroup::Kind::Entities);
        QStringList pairs;
        if (!g.entities.empty())
            for (const Property& p : g.entities.front().properties) {
                // Text that would read back as a number or true/false is shown quoted.
                std::string text = propertyText(p.value);
                if (std::holds_alternative<std::string>(p.value) && !std::holds_alternative<std::string>(propertyFromText(text))) text = "\"" + text + "\"";
                pairs << QString::fromStdString(p.name + "=" + text);
            }
        properties_->setText(pairs.join("; "));
        if (g.kind == PopulationGroup::Kind::Tiles) {
            const TileKinds& kinds = document_->project().tileKinds;
            for (int k = 0; k < kinds.count(); ++k) {
                const Tile t = kinds.tileAt(k);
                auto* item = new QListWidgetItem(tileIcon(kinds[t]), QString::fromStdString(kinds[t].name), choices_);
                item->setData(Qt::UserRole, QString::fromStdString(kinds[t].id));
                item->setCheckState(std::find(g.tiles.begin(), g.tiles.end(), t) != g.tiles.end() ? Qt::Checked : Qt::Unchecked);
            }
        } else if (g.kind == PopulationGroup::Kind::Prefabs) {
            placementForm_->show(g);
            for (const Prefab& p : document_->project().prefabs.prefabs) {
                auto* item = new QListWidgetItem(QStringLiteral("%1  (%2x%3)").arg(QString::fromStdString(p.name)).arg(p.width).arg(p.height), choices_);
                item->setData(Qt::UserRole, QString::fromStdString(p.id));
                const bool used = std::any_of(g.prefabs.begin(), g.prefabs.end(), [&](const Prefab& q) { return q.id == p.id; });
                item->setCheckState(used ? Qt::Checked : Qt::Unchecked);
            }
        } else {
            std::vector<std::string> names;
            for (const auto& t : rules->templates) names.push_back(t.name);
            for (const auto& t : defaultTemplates())
                if (std::find(names.begin(), names.end(), t.name) == names.end()) names.push_back(t.name);
            for (const auto& n : names) {
                const EntityTemplate* t = rules->findTemplate(n);
                auto* item = new QListWidgetItem(QStringLiteral("%1  %2").arg(QChar::fromLatin1(t->glyph)).arg(QString::fromStdString(n)), choices_);
                item->setForeground(QColor::fromRgb(t->colour).darker(130));
                item->setData(Qt::UserRole, QString::fromStdString(n));
                const bool used = std::any_of(g.entities.begin(), g.entities.end(), [&](const PlacedEntity& e) { return e.templateName == n; });
                item->setCheckState(used ? Qt::Checked : Qt::Unchecked);
            }
        }
    }
    loading_ = false;
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
    document_->setRules(rules, relative.toStdString());
}

} // namespace burrow::ui
