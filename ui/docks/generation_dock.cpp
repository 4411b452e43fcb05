#include "docks/generation_dock.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

#include "commands/setting_commands.h"
#include "docks/scrollable.h"
#include "docks/recipe_panel.h"
#include "docks/breakpoint_bar.h"
#include "docks/transport_bar.h"
#include "document/generation_runner.h"
#include "document/project_document.h"

namespace burrow::ui {

GenerationDock::GenerationDock(ProjectDocument* document, GenerationRunner* runner, QWidget* parent)
    : QDockWidget(tr("Generation"), parent), document_(document), runner_(runner) {
    setObjectName("generationDock");
    auto* body = new QWidget(this);

    seed_ = new QLineEdit(body);
    seed_->setObjectName("seed");
    seed_->setToolTip(tr("A number, or any text (it is hashed); the same seed gives the same level"));
    auto* newSeed = new QPushButton(tr("New seed"), body);
    newSeed->setObjectName("newSeed");
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(seed_, 1);
    seedRow->addWidget(newSeed);

    auto spin = [&](int maximum, const QString& tip) {
        auto* box = new QSpinBox(body);
        box->setRange(1, maximum);
        box->setToolTip(tip);
        box->setKeyboardTracking(false);
        return box;
    };
    width_ = spin(kMaxLevelWidth, tr("Width in tiles"));
    height_ = spin(kMaxLevelHeight, tr("Height in tiles"));
    depth_ = spin(kMaxLevelDepth, tr("Depths (levels stacked under each other)"));
    width_->setObjectName("width");
    height_->setObjectName("height");
    depth_->setObjectName("depth");
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(width_);
    sizeRow->addWidget(height_);
    sizeRow->addWidget(depth_);
    movement_ = new QComboBox(body);
    movement_->setObjectName("movement");
    movement_->addItem(tr("8 directions"), 8);
    movement_->addItem(tr("4 directions"), 4);
    movement_->setToolTip(tr("How actors walk; regions, reachability and the play-test follow it"));

    auto* settings = new QFormLayout;
    settings->addRow(tr("Seed"), seedRow);
    settings->addRow(tr("Size (w, h, depths)"), sizeRow);
    settings->addRow(tr("Movement"), movement_);

    recipe_ = new RecipePanel(document_, body);
    auto* layout = new QVBoxLayout(body);
    layout->addLayout(settings);
    layout->addWidget(recipe_, 1);
    // The transport and the breakpoints stay in view under the form, as a player's
    // controls do: on a laptop screen the form scrolls, never them.
    auto* dock = new QWidget(this);
    transport_ = new TransportBar(document_, runner_, dock);
    breakpoints_ = new BreakpointBar(document_, runner_, dock);
    auto* column = new QVBoxLayout(dock);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    column->addWidget(scrollable(body, dock), 1);
    auto* controls = new QVBoxLayout;
    controls->setContentsMargins(9, 0, 9, 6);
    controls->addWidget(transport_);
    controls->addWidget(breakpoints_);
    column->addLayout(controls);
    setWidget(dock);

    connect(seed_, &QLineEdit::editingFinished, this, &GenerationDock::applySeed);
    connect(newSeed, &QPushButton::clicked, this, [this] {
        // A designer's dice roll; generation itself never reads a clock or system randomness.
        seed_->setText(QString::number(QRandomGenerator::global()->bounded(1u, 1'000'000'000u)));
        applySeed();
    });
    for (QSpinBox* box : {width_, height_, depth_}) connect(box, &QSpinBox::valueChanged, this, &GenerationDock::applySize);
    connect(movement_, &QComboBox::currentIndexChanged, this, [this] {
        const Connectivity movement = movement_->currentData().toInt() == 4 ? Connectivity::Four : Connectivity::Eight;
        if (movement != document_->project().movement) document_->undoStack()->push(new MovementCommand(document_, movement));
    });
    connect(recipe_, &RecipePanel::recipeEdited, runner_, &GenerationRunner::generateToEnd);
    connect(document_, &ProjectDocument::recipeChanged, this, &GenerationDock::reload);
    connect(document_, &ProjectDocument::fileChanged, this, &GenerationDock::reload);
    reload();
}

void GenerationDock::reload() {
    const Project& p = document_->project();
    const QSignalBlocker b1(seed_), b2(width_), b3(height_), b4(depth_), b5(movement_);
    seed_->setText(p.seedText.empty() ? QString::number(p.seed) : QString::fromStdString(p.seedText));
    width_->setValue(p.size.width);
    height_->setValue(p.size.height);
    depth_->setValue(p.size.depth);
    movement_->setCurrentIndex(p.movement == Connectivity::Four ? 1 : 0);
}

void GenerationDock::applySeed() {
    const std::string text = seed_->text().trimmed().toStdString();
    if (text.empty()) {
        reload();
        return;
    }
    const std::uint64_t seed = seedFromText(text);
    // Keep the text only when it is not just the number.
    const std::string kept = std::to_string(seed) == text ? std::string() : text;
    if (seed == document_->project().seed && kept == document_->project().seedText) return;
    document_->undoStack()->push(new SeedCommand(document_, seed, kept));
    runner_->generateToEnd();
}

void GenerationDock::applySize() {
    const LevelSize size{width_->value(), height_->value(), depth_->value()};
    if (size == document_->project().size || levelSizeError(size)) return;
    document_->undoStack()->push(new SizeCommand(document_, size));
    runner_->generateToEnd();
}

} // namespace burrow::ui
