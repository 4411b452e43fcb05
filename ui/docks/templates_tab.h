#pragma once
// The Population dock's Templates tab: the table of templates (each field edited in
// place) and the buttons that make, copy, rename and remove them and pick a colour,
// so a designer needs no JSON for a new monster. Each is one undoable edit of the
// rules (the dock applies it), refused with the reason (core's template_edits).
#include <QWidget>
#include <functional>
#include <optional>
#include <string>

#include "content/population_rules.h"

class QLabel;

namespace burrow::ui {

class TemplatesTable;

class TemplatesTab : public QWidget {
    Q_OBJECT
public:
    explicit TemplatesTab(QWidget* parent = nullptr);
    void show(const PopulationRules& rules);
    TemplatesTable* table() const { return table_; }
    // The template of the row chosen, or "".
    std::string chosen() const;
    // Why the last change was refused, under the table ("" clears it).
    void showProblem(const QString& problem);
    QString problem() const;

    // A change of the rules' templates: it returns what is wrong, or nothing.
    using RulesChange = std::function<std::optional<std::string>(PopulationRules&)>;

signals:
    void templatesEdited(const QString& what, const burrow::ui::TemplatesTab::RulesChange& change);

private:
    void addButton(const QString& text, const char* name, const QString& tip, std::function<void()> clicked);
    void rename();
    void pickColour();

    TemplatesTable* table_;
    QWidget* buttons_;
    QLabel* problem_;
    PopulationRules rules_;     // as shown
    std::string selectNext_;    // the template a New or Duplicate made, chosen once shown
};

} // namespace burrow::ui
