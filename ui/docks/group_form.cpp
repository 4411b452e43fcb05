#include "docks/group_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QSpinBox>
#include <algorithm>

#include "docks/prefab_placement_form.h"
#include "tools/tile_palette.h"

namespace burrow::ui {

QString sizesText(const PopulationGroup& g) {
    QStringList parts;
    for (const auto& [x, y] : g.sizes) parts << QStringLiteral("%1x%2").arg(x).arg(y);
    return parts.join(", ");
}

GroupForm::GroupForm(QWidget* parent) : QWidget(parent) {
    makeFields();
    connectFields();
    show(nullptr, nullptr, Project{});
}

void GroupForm::makeFields() {
    name_ = new QLineEdit(this);
    scope_ = new QComboBox(this);
    scope_->setObjectName("groupScope");
    for (Scope s : allScopes()) {
        scope_->addItem(tr(scopeName(s)), static_cast<int>(s));
        scope_->setItemData(scope_->count() - 1, tr(scopeDefinition(s)), Qt::ToolTipRole);
    }
    tag_ = new QLineEdit(this);
    tag_->setObjectName("groupTag");
    tag_->setPlaceholderText(tr("boss"));
    tag_->setToolTip(tr("For the tagged_room scope: the tag of the room graph's rooms the group goes in (boss, treasure or your own)"));
    min_ = new QSpinBox(this);
    max_ = new QSpinBox(this);
    for (QSpinBox* b : {min_, max_}) {
        b->setRange(0, 100000);
        b->setKeyboardTracking(false);
    }
    min_->setObjectName("groupMin");
    max_->setObjectName("groupMax");
    auto* count = new QHBoxLayout;
    count->addWidget(min_);
    count->addWidget(new QLabel(tr("to"), this));
    count->addWidget(max_);
    sizes_ = new QLineEdit(this);
    sizes_->setToolTip(tr("Footprints to choose from, such as 1x1, 3x1"));
    sizes_->setValidator(new QRegularExpressionValidator(QRegularExpression(R"(^\s*\d+x\d+(\s*,\s*\d+x\d+)*\s*$)"), sizes_));
    choices_ = new QListWidget(this);
    choices_->setToolTip(tr("What the group chooses from (ticked)"));
    placement_ = new PrefabPlacementForm(this);
    properties_ = new QLineEdit(this);
    properties_->setObjectName("groupProperties");
    properties_->setToolTip(tr("Properties passed on to exports with each placed thing: key=value; key=value (numbers and true/false keep their type; quote a value to keep it text)"));
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Name"), name_);
    form->addRow(tr("Scope"), scope_);
    form->addRow(tr("Room tag"), tag_);
    form->addRow(tr("How many"), count);
    form->addRow(tr("Footprints"), sizes_);
    form->addRow(tr("Choices"), choices_);
    form->addRow(tr("Placement"), placement_);
    form->addRow(tr("Properties"), properties_);
}

// Edits while the fields are being filled in are the form's own, not the designer's.
void GroupForm::emitEdit(const QString& what, GroupChange change) {
    if (!loading_ && shown_) emit groupEdited(what, change);
}

void GroupForm::connectFields() {
    connect(placement_, &PrefabPlacementForm::placementEdited, this, [this](const QString& what, const GroupChange& change) { emitEdit(what, change); });
    connect(name_, &QLineEdit::editingFinished, this, [this] {
        const std::string n = name_->text().trimmed().toStdString();
        if (!n.empty()) emitEdit(tr("Rename group"), [n](PopulationGroup& g) { g.name = n; });
    });
    connect(scope_, &QComboBox::currentIndexChanged, this, [this] {
        const auto s = static_cast<Scope>(scope_->currentData().toInt());
        emitEdit(tr("Change scope"), [s](PopulationGroup& g) { g.scope = s; });
    });
    connect(tag_, &QLineEdit::editingFinished, this, [this] {
        const std::string t = tag_->text().trimmed().toStdString();
        emitEdit(tr("Change room tag"), [t](PopulationGroup& g) { g.tag = t; });
    });
    // A minimum above the maximum cannot be entered: each box bounds the other.
    connect(min_, &QSpinBox::valueChanged, this, [this](int v) {
        max_->setMinimum(v);
        emitEdit(tr("Change count"), [v](PopulationGroup& g) { g.number.min = v; g.number.max = std::max(g.number.max, v); });
    });
    connect(max_, &QSpinBox::valueChanged, this, [this](int v) {
        emitEdit(tr("Change count"), [v](PopulationGroup& g) { g.number.max = std::max(v, g.number.min); });
    });
    connect(sizes_, &QLineEdit::editingFinished, this, [this] {
        std::vector<std::pair<int, int>> sizes;
        for (const QString& part : sizes_->text().split(',', Qt::SkipEmptyParts)) {
            const QStringList xy = part.trimmed().split('x');
            if (xy.size() == 2 && xy[0].toInt() > 0 && xy[1].toInt() > 0) sizes.emplace_back(xy[0].toInt(), xy[1].toInt());
        }
        if (!sizes.empty()) emitEdit(tr("Change footprints"), [sizes](PopulationGroup& g) { g.sizes = sizes; });
    });
    connect(properties_, &QLineEdit::editingFinished, this, &GroupForm::propertiesEdited);
    connect(choices_, &QListWidget::itemChanged, this, &GroupForm::choicesTicked);
}

// "hp=5; boss=true; name=\"7\"": numbers and true/false keep their type, quotes make text.
void GroupForm::propertiesEdited() {
    std::vector<Property> pairs;
    for (const QString& part : properties_->text().split(';', Qt::SkipEmptyParts)) {
        const int eq = static_cast<int>(part.indexOf('='));
        if (eq <= 0) continue;
        pairs.push_back({part.left(eq).trimmed().toStdString(), propertyFromText(part.mid(eq + 1).trimmed().toStdString())});
    }
    emitEdit(tr("Change properties"), [pairs](PopulationGroup& g) {
        for (PlacedEntity& e : g.entities) e.properties = pairs;
    });
}

// The ticked choices become the group's tiles, prefabs or things (things keep the
// properties they had). None ticked is not a rule: the tick goes back.
void GroupForm::choicesTicked(QListWidgetItem* changed) {
    if (loading_ || !shown_) return;
    std::vector<QString> ticked;
    for (int i = 0; i < choices_->count(); ++i)
        if (choices_->item(i)->checkState() == Qt::Checked) ticked.push_back(choices_->item(i)->data(Qt::UserRole).toString());
    if (ticked.empty()) {
        const QSignalBlocker block(choices_);
        changed->setCheckState(Qt::Checked);
        return;
    }
    emitEdit(tr("Change choices"), [ticked, kinds = kinds_, prefabs = prefabs_](PopulationGroup& g) {
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

void GroupForm::show(const PopulationGroup* group, const PopulationRules* rules, const Project& project) {
    loading_ = true;
    shown_ = group ? std::optional<PopulationGroup>(*group) : std::nullopt;
    kinds_ = project.tileKinds;
    prefabs_ = project.prefabs;
    const bool valid = group && rules;
    for (QWidget* w : std::initializer_list<QWidget*>{name_, scope_, tag_, min_, max_, sizes_, choices_, properties_}) w->setEnabled(valid);
    placement_->setEnabled(valid && group->kind == PopulationGroup::Kind::Prefabs);
    const QSignalBlocker b1(name_), b2(scope_), b3(min_), b4(max_), b5(sizes_), b6(choices_), b7(properties_), b8(tag_);
    choices_->clear();
    if (valid) {
        const PopulationGroup& g = *group;
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
        showProperties(g);
        if (g.kind == PopulationGroup::Kind::Prefabs) placement_->show(g);
        showChoices(g, *rules, project);
    }
    loading_ = false;
}

void GroupForm::showProperties(const PopulationGroup& g) {
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
}

// What the group may choose from, the ones it does ticked: the project's tile kinds,
// its prefabs, or the templates (the rules' own, then the defaults).
void GroupForm::showChoices(const PopulationGroup& g, const PopulationRules& rules, const Project& project) {
    const auto add = [this](const QString& text, const QString& id, bool used) {
        auto* item = new QListWidgetItem(text, choices_);
        item->setData(Qt::UserRole, id);
        item->setCheckState(used ? Qt::Checked : Qt::Unchecked);
        return item;
    };
    if (g.kind == PopulationGroup::Kind::Tiles) {
        const TileKinds& kinds = project.tileKinds;
        for (int k = 0; k < kinds.count(); ++k) {
            const Tile t = kinds.tileAt(k);
            add(QString::fromStdString(kinds[t].name), QString::fromStdString(kinds[t].id), std::find(g.tiles.begin(), g.tiles.end(), t) != g.tiles.end())
                ->setIcon(tileIcon(kinds[t]));
        }
    } else if (g.kind == PopulationGroup::Kind::Prefabs) {
        for (const Prefab& p : project.prefabs.prefabs)
            add(QStringLiteral("%1  (%2x%3)").arg(QString::fromStdString(p.name)).arg(p.width).arg(p.height), QString::fromStdString(p.id),
                std::any_of(g.prefabs.begin(), g.prefabs.end(), [&](const Prefab& q) { return q.id == p.id; }));
    } else {
        std::vector<std::string> names;
        for (const auto& t : rules.templates) names.push_back(t.name);
        for (const auto& t : defaultTemplates())
            if (std::find(names.begin(), names.end(), t.name) == names.end()) names.push_back(t.name);
        for (const auto& n : names) {
            const EntityTemplate* t = rules.findTemplate(n);
            add(QStringLiteral("%1  %2").arg(QChar::fromLatin1(t->glyph)).arg(QString::fromStdString(n)), QString::fromStdString(n),
                std::any_of(g.entities.begin(), g.entities.end(), [&](const PlacedEntity& e) { return e.templateName == n; }))
                ->setForeground(QColor::fromRgb(t->colour).darker(130));
        }
    }
}

} // namespace burrow::ui
