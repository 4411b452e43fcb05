#pragma once
// The generation dock: seed (with "new seed"), level size and movement, the recipe
// and its parameters, and the transport. It shows the document and forwards edits.
#include <QDockWidget>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace burrow::ui {

class GenerationRunner;
class ProjectDocument;
class RecipePanel;
class BreakpointBar;
class TransportBar;

class GenerationDock : public QDockWidget {
    Q_OBJECT
public:
    GenerationDock(ProjectDocument* document, GenerationRunner* runner, QWidget* parent = nullptr);

    RecipePanel* recipe() const { return recipe_; }
    TransportBar* transport() const { return transport_; }
    BreakpointBar* breakpoints() const { return breakpoints_; }

private:
    void reload();
    void applySeed();
    void applySize();

    ProjectDocument* document_;
    GenerationRunner* runner_;
    QLineEdit* seed_;
    QSpinBox *width_, *height_, *depth_;
    QComboBox* movement_;
    RecipePanel* recipe_;
    TransportBar* transport_;
    BreakpointBar* breakpoints_;
};

} // namespace burrow::ui
