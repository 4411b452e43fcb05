#include "docks/templates_tab.h"

#include <QColorDialog>
#include <QGridLayout>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "content/template_edits.h"
#include "docks/templates_table.h"

namespace burrow::ui {

TemplatesTab::TemplatesTab(QWidget* parent)
    : QWidget(parent), table_(new TemplatesTable(this)), buttons_(new QWidget(this)), problem_(new QLabel(this)) {
    problem_->setObjectName("templateProblem");
    problem_->setWordWrap(true);
    problem_->setStyleSheet("color: #e04040;");
    problem_->hide();
    new QGridLayout(buttons_);
    buttons_->layout()->setContentsMargins(0, 0, 0, 0);
    // The buttons and what went wrong above the table: the tab is as tall as the
    // Groups tab beside it, and under the table they were a long scroll away.
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buttons_);
    layout->addWidget(problem_);
    layout->addWidget(table_, 1);
    addButton(tr("New"), "newTemplate", tr("A new creature template to make your own"), [this] {
        emit templatesEdited(tr("New template"), [this](PopulationRules& r) -> std::optional<std::string> {
            selectNext_ = addTemplate(r);
            return std::nullopt;
        });
    });
    addButton(tr("Duplicate"), "duplicateTemplate", tr("A copy of the chosen template, to change"), [this] {
        const std::string name = chosen();
        emit templatesEdited(tr("Duplicate template %1").arg(QString::fromStdString(name)), [this, name](PopulationRules& r) -> std::optional<std::string> {
            const auto made = duplicateTemplate(r, name);
            if (!made) return "choose a template to duplicate";
            selectNext_ = *made;
            return std::nullopt;
        });
    });
    addButton(tr("Rename…"), "renameTemplate", tr("Rename the chosen template; the groups that place it follow"), [this] { rename(); });
    addButton(tr("Delete"), "deleteTemplate", tr("Remove the chosen template (a changed default goes back to the default)"), [this] {
        const std::string name = chosen();
        emit templatesEdited(tr("Delete template %1").arg(QString::fromStdString(name)), [name](PopulationRules& r) { return removeTemplate(r, name); });
    });
    addButton(tr("Colour…"), "templateColour", tr("Pick the chosen template's colour"), [this] { pickColour(); });
}

// Three a row, so the dock is usable at about 280 px wide.
void TemplatesTab::addButton(const QString& text, const char* name, const QString& tip, std::function<void()> clicked) {
    auto* button = new QPushButton(text, buttons_);
    button->setObjectName(name);
    button->setToolTip(tip);
    auto* grid = static_cast<QGridLayout*>(buttons_->layout());
    const int placed = grid->count();
    grid->addWidget(button, placed / 3, placed % 3);
    connect(button, &QPushButton::clicked, this, std::move(clicked));
}

void TemplatesTab::show(const PopulationRules& rules) {
    rules_ = rules;
    table_->show(rules);
    if (!selectNext_.empty()) table_->choose(QString::fromStdString(selectNext_));
    selectNext_.clear();
}

void TemplatesTab::showProblem(const QString& problem) {
    problem_->setText(problem);
    problem_->setVisible(!problem.isEmpty());
}

QString TemplatesTab::problem() const { return problem_->text(); }

std::string TemplatesTab::chosen() const { return table_->chosenName().toStdString(); }

void TemplatesTab::rename() {
    const std::string from = chosen();
    if (from.empty()) return;
    bool ok = false;
    const QString to = QInputDialog::getText(this, tr("Rename template"), tr("The new name of \"%1\":").arg(QString::fromStdString(from)), QLineEdit::Normal,
                                             QString::fromStdString(from), &ok).trimmed();
    if (!ok) return;
    selectNext_ = to.toStdString();
    emit templatesEdited(tr("Rename template %1").arg(QString::fromStdString(from)),
                         [from, to = to.toStdString()](PopulationRules& r) { return renameTemplate(r, from, to); });
}

void TemplatesTab::pickColour() {
    const std::string name = chosen();
    const EntityTemplate* t = rules_.findTemplate(name);
    if (!t) return;
    const QColor colour = QColorDialog::getColor(QColor::fromRgb(t->colour), this, tr("Colour of %1").arg(QString::fromStdString(name)));
    if (!colour.isValid()) return;
    const std::uint32_t rgb = colour.rgb() & 0xffffffu;
    emit table_->templateEdited(tr("Change template %1").arg(QString::fromStdString(name)), name, [rgb](EntityTemplate& e) { e.colour = rgb; });
}

} // namespace burrow::ui
