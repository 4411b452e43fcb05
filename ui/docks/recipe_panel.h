#pragma once
// The recipe as an ordered list of stages: add one of every kind, remove, move up
// and down, switch on and off, reroll its random stream, and edit its parameters.
// Every change goes to the document, which regenerates from the first changed stage.
#include <QWidget>
#include <functional>

#include "generation/recipe.h"

class QGridLayout;
class QListWidget;
class QPushButton;
class QToolButton;

namespace burrow::ui {

class ParameterForm;
class ProjectDocument;

class RecipePanel : public QWidget {
    Q_OBJECT
public:
    RecipePanel(ProjectDocument* document, QWidget* parent = nullptr);

    QListWidget* list() const { return list_; }
    ParameterForm* form() const { return form_; }

signals:
    // The recipe changed: the level should be regenerated to the end.
    void recipeEdited();

private:
    QGridLayout* makeButtons();
    void connectListEdits();
    void editParameters(const ParamValues& values);
    void reload();
    void showSelected();
    // Applies `change` to a copy of the recipe as one undoable edit named `text`.
    void edit(const std::function<void(Recipe&, int selected)>& change, int newSelection, const QString& text);
    QString selectedName() const;

    ProjectDocument* document_;
    QListWidget* list_;
    QToolButton* add_ = nullptr;
    QPushButton *remove_ = nullptr, *up_ = nullptr, *down_ = nullptr, *reroll_ = nullptr;
    ParameterForm* form_;
    bool reloading_ = false;
};

} // namespace burrow::ui
