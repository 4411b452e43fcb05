#include "docks/recipe_panel.h"

#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <QUndoStack>

#include "commands/setting_commands.h"
#include "docks/parameter_form.h"
#include "document/project_document.h"
#include "pipeline/builtin_stages.h"

namespace burrow::ui {

RecipePanel::RecipePanel(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), list_(new QListWidget(this)), form_(new ParameterForm(this)) {
    list_->setObjectName("recipe");
    list_->setToolTip(tr("The stages that make the level, in order; untick one to skip it"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(list_, 1);
    layout->addLayout(makeButtons());
    layout->addWidget(new QLabel(tr("<b>Parameters</b>"), this));
    layout->addWidget(form_, 2);
    connectListEdits();
    connect(list_, &QListWidget::currentRowChanged, this, &RecipePanel::showSelected);
    connect(form_, &ParameterForm::valuesEdited, this, &RecipePanel::editParameters);
    connect(document_, &ProjectDocument::recipeChanged, this, &RecipePanel::reload);
    reload();
}

// Add (a menu of every stage type), Remove, Reroll, Up and Down: three a row, so the
// dock is usable at about 280 px wide.
QGridLayout* RecipePanel::makeButtons() {
    add_ = new QToolButton(this);
    add_->setText(tr("Add ▾"));
    add_->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(add_);
    for (const StageType& type : builtinStages().types()) {
        QAction* action = menu->addAction(QString::fromStdString(type.label));
        action->setToolTip(QString::fromStdString(type.technique));
        const std::string id = type.id;
        connect(action, &QAction::triggered, this, [this, id] {
            const int at = list_->currentRow() + 1;
            edit([&](Recipe& r, int) {
                r.stages.insert(r.stages.begin() + at, makeStageEntry(*builtinStages().find(id), r));
            }, at, tr("Add %1").arg(QString::fromStdString(builtinStages().find(id)->label)));
        });
    }
    add_->setMenu(menu);
    remove_ = new QPushButton(tr("Remove"), this);
    remove_->setObjectName("removeStage");
    up_ = new QPushButton(tr("Up"), this);
    down_ = new QPushButton(tr("Down"), this);
    reroll_ = new QPushButton(tr("Reroll"), this);
    reroll_->setObjectName("reroll");
    reroll_->setToolTip(tr("New random numbers for this stage only; every other stage draws what it drew before"));
    auto* buttons = new QGridLayout;
    buttons->addWidget(add_, 0, 0);
    buttons->addWidget(remove_, 0, 1);
    buttons->addWidget(reroll_, 0, 2);
    buttons->addWidget(up_, 1, 0);
    buttons->addWidget(down_, 1, 1);
    return buttons;
}

// Remove, move, reroll and switch a stage: each one undoable edit of the recipe.
void RecipePanel::connectListEdits() {
    connect(remove_, &QPushButton::clicked, this, [this] {
        if (list_->currentRow() < 0) return;
        edit([](Recipe& r, int i) { r.stages.erase(r.stages.begin() + i); }, list_->currentRow() - 1, tr("Remove %1").arg(selectedName()));
    });
    connect(up_, &QPushButton::clicked, this, [this] {
        const int i = list_->currentRow();
        if (i > 0) edit([](Recipe& r, int at) { std::swap(r.stages[std::size_t(at)], r.stages[std::size_t(at - 1)]); }, i - 1, tr("Move %1 up").arg(selectedName()));
    });
    connect(down_, &QPushButton::clicked, this, [this] {
        const int i = list_->currentRow();
        if (i >= 0 && i + 1 < list_->count())
            edit([](Recipe& r, int at) { std::swap(r.stages[std::size_t(at)], r.stages[std::size_t(at + 1)]); }, i + 1, tr("Move %1 down").arg(selectedName()));
    });
    connect(reroll_, &QPushButton::clicked, this, [this] {
        if (list_->currentRow() < 0) return;
        edit([](Recipe& r, int i) { ++r.stages[std::size_t(i)].reroll; }, list_->currentRow(), tr("Reroll %1").arg(selectedName()));
    });
    connect(list_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (reloading_) return;
        const int row = list_->row(item);
        const bool on = item->checkState() == Qt::Checked;
        const QString name = QString::fromStdString(document_->project().recipe.stages[std::size_t(row)].name);
        edit([row, on](Recipe& r, int) { r.stages[std::size_t(row)].enabled = on; }, row, on ? tr("Switch on %1").arg(name) : tr("Switch off %1").arg(name));
    });
}

void RecipePanel::editParameters(const ParamValues& values) {
    const int row = list_->currentRow();
    if (row < 0) return;
    Recipe recipe = document_->project().recipe;
    StageEntry& entry = recipe.stages[std::size_t(row)];
    // One parameter changed (the usual case) merges with the next edit of it.
    std::vector<std::string> changed;
    for (const auto& [key, value] : values.all())
        if (!entry.params.has(key) || !(entry.params.get(key) == value)) changed.push_back(key);
    entry.params = values;
    QUndoCommand* command = changed.size() == 1 ? RecipeCommand::parameterEdit(document_, std::move(recipe), std::size_t(row), changed[0])
                                                : new RecipeCommand(document_, std::move(recipe), tr("Edit %1's parameters").arg(selectedName()));
    document_->undoStack()->push(command);
    emit recipeEdited();
}

void RecipePanel::edit(const std::function<void(Recipe&, int)>& change, int newSelection, const QString& text) {
    const int selected = list_->currentRow();
    Recipe recipe = document_->project().recipe;
    change(recipe, selected);
    if (recipe == document_->project().recipe) return;
    document_->undoStack()->push(new RecipeCommand(document_, std::move(recipe), text));
    list_->setCurrentRow(std::clamp(newSelection, 0, list_->count() - 1));
    emit recipeEdited();
}

QString RecipePanel::selectedName() const {
    const int row = list_->currentRow();
    const Recipe& recipe = document_->project().recipe;
    return row >= 0 && row < static_cast<int>(recipe.stages.size()) ? QString::fromStdString(recipe.stages[std::size_t(row)].name) : QString();
}

void RecipePanel::reload() {
    reloading_ = true;
    const int selected = list_->currentRow();
    const QSignalBlocker block(list_);
    list_->clear();
    const Recipe& recipe = document_->project().recipe;
    for (std::size_t i = 0; i < recipe.stages.size(); ++i) {
        const StageEntry& e = recipe.stages[i];
        const StageType* type = builtinStages().find(e.type);
        QString text = QStringLiteral("%1. %2 — %3").arg(i + 1).arg(QString::fromStdString(e.name), type ? QString::fromStdString(type->label) : QString());
        if (e.reroll) text += tr(" (reroll %1)").arg(e.reroll);
        auto* item = new QListWidgetItem(text, list_);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(e.enabled ? Qt::Checked : Qt::Unchecked);
        if (type) item->setToolTip(QString::fromStdString(type->technique));
    }
    list_->setCurrentRow(std::clamp(selected, recipe.stages.empty() ? -1 : 0, static_cast<int>(recipe.stages.size()) - 1));
    reloading_ = false;
    showSelected();
}

void RecipePanel::showSelected() {
    const int row = list_->currentRow();
    const Recipe& recipe = document_->project().recipe;
    const bool valid = row >= 0 && row < static_cast<int>(recipe.stages.size());
    remove_->setEnabled(valid);
    up_->setEnabled(valid && row > 0);
    down_->setEnabled(valid && row + 1 < static_cast<int>(recipe.stages.size()));
    reroll_->setEnabled(valid);
    if (!valid) {
        form_->show(nullptr, {});
        return;
    }
    const StageEntry& e = recipe.stages[static_cast<std::size_t>(row)];
    std::vector<std::string> graphs;
    for (const RoomGraph& g : document_->project().roomGraphs) graphs.push_back(g.id);
    form_->show(builtinStages().find(e.type), e.params, document_->project().size, document_->project().tileKinds, document_->project().prefabs.prefabs, graphs);
}

} // namespace burrow::ui
