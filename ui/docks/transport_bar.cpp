#include "docks/transport_bar.h"

#include <QGridLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>

#include "document/generation_runner.h"
#include "pipeline/memory_estimate.h"
#include "document/project_document.h"

namespace burrow::ui {

namespace {
constexpr int kSpeedMax = 40; // the slider's last notch: as fast as the screen refreshes
}

TransportBar::TransportBar(ProjectDocument* document, GenerationRunner* runner, QWidget* parent)
    : QWidget(parent), document_(document), runner_(runner) {
    // Three then two, so the transport fits a narrow dock.
    auto* buttons = new QGridLayout;
    auto button = [&](const QString& text, const QString& name, const QString& tip) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(name);
        b->setToolTip(tip);
        const int i = buttons->count();
        buttons->addWidget(b, i / 3, i % 3);
        return b;
    };
    back_ = button(tr("◀ Back"), "back", tr("Undo the last generation step (Ctrl+Left)"));
    step_ = button(tr("Step ▶"), "step", tr("One generation step (Ctrl+Right)"));
    stepStage_ = button(tr("Stage ▶▶"), "stepStage", tr("To the end of the current stage"));
    play_ = button(tr("Play"), "play", tr("Play the generation at the chosen speed (Space)"));
    play_->setCheckable(true);
    generate_ = button(tr("Generate"), "generate", tr("Generate to the end (Ctrl+G)"));

    speed_ = new QSlider(Qt::Horizontal, this);
    speed_->setObjectName("speed");
    speed_->setRange(0, kSpeedMax);
    speed_->setValue(18);
    speed_->setToolTip(tr("Steps a second while playing; the far right is as fast as the screen refreshes"));
    speedLabel_ = new QLabel(this);
    auto* speedRow = new QHBoxLayout;
    speedRow->addWidget(new QLabel(tr("Speed"), this));
    speedRow->addWidget(speed_, 1);
    speedRow->addWidget(speedLabel_);

    timeline_ = new QSlider(Qt::Horizontal, this);
    timeline_->setObjectName("timeline");
    timeline_->setToolTip(tr("Drag to any recorded step"));
    status_ = new QLabel(this);
    status_->setObjectName("status");
    status_->setWordWrap(true);
    progress_ = new QProgressBar(this);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName("cancel");
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(progress_, 1);
    progressRow->addWidget(cancel_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addLayout(speedRow);
    layout->addWidget(timeline_);
    layout->addWidget(status_);
    layout->addLayout(progressRow);

    connect(back_, &QPushButton::clicked, this, [this] { runner_->pause(); document_->stepBack(); });
    connect(step_, &QPushButton::clicked, this, [this] { runner_->pause(); document_->step(); });
    connect(stepStage_, &QPushButton::clicked, this, [this] { runner_->pause(); document_->finishStage(); });
    connect(play_, &QPushButton::toggled, this, [this](bool on) { on ? runner_->play() : runner_->pause(); });
    connect(generate_, &QPushButton::clicked, runner_, &GenerationRunner::generateToEnd);
    connect(cancel_, &QPushButton::clicked, runner_, &GenerationRunner::cancel);
    connect(speed_, &QSlider::valueChanged, this, &TransportBar::setSpeedFromSlider);
    connect(timeline_, &QSlider::valueChanged, this, [this](int step) {
        runner_->pause();
        document_->seek(static_cast<std::size_t>(step));
    });
    connect(document_, &ProjectDocument::progressChanged, this, &TransportBar::refresh);
    connect(document_, &ProjectDocument::levelReset, this, &TransportBar::refresh);
    connect(runner_, &GenerationRunner::modeChanged, this, &TransportBar::refresh);
    setSpeedFromSlider(speed_->value());
    refresh();
}

void TransportBar::setSpeedFromSlider(int value) {
    // 1 to ~1000 steps a second on a log scale, then "as fast as the screen refreshes".
    const int steps = value >= kSpeedMax ? 0 : static_cast<int>(std::lround(std::pow(1000.0, value / double(kSpeedMax - 1))));
    runner_->setStepsPerSecond(steps);
    speedLabel_->setText(steps == 0 ? tr("max") : tr("%1/s").arg(steps));
}

void TransportBar::refresh() {
    const Generation& g = document_->generation();
    const Timeline* timeline = g.timeline();
    const auto recorded = timeline ? static_cast<int>(timeline->stepCount()) : 0;
    const auto position = static_cast<int>(g.stepsDone());
    {
        const QSignalBlocker block(timeline_);
        timeline_->setRange(0, recorded);
        timeline_->setValue(position);
    }
    if (timeline)
        timeline_->setToolTip(tr("Drag to any recorded step.\nThe timeline holds %1 of the %2 it may use (Generation > Timeline Memory);\n"
                                 "%3 of its %4 stage runs are kept, the others are regenerated when you scrub to them.")
                                  .arg(QString::fromStdString(bytesText(timeline->memoryBytes())),
                                       QString::fromStdString(bytesText(timeline->budget())))
                                  .arg(timeline->keptSegmentCount())
                                  .arg(timeline->segmentCount()));
    const bool finished = g.finished();
    step_->setEnabled(!finished);
    stepStage_->setEnabled(!finished);
    generate_->setEnabled(!finished);
    back_->setEnabled(position > 0);
    {
        const QSignalBlocker block(play_);
        play_->setChecked(runner_->mode() == GenerationRunner::Mode::Playing);
        play_->setText(play_->isChecked() ? tr("Pause") : tr("Play"));
    }
    play_->setEnabled(!finished || play_->isChecked());
    QString stage;
    // The run of the step shown: at a stage's end (a breakpoint there), that stage on
    // its depth, not the next run's.
    if (const auto run = g.shownRun(); run && *run < g.runs().size()) stage = QString::fromStdString(g.runs()[*run].label);
    status_->setText(tr("%1 — step %2 of %3%4%5")
                         .arg(stage.isEmpty() ? tr("no stages") : stage)
                         .arg(position)
                         .arg(recorded)
                         .arg(finished ? tr(" (finished)") : QString())
                         .arg(g.lastStepDescription().empty() ? QString() : ": " + QString::fromStdString(g.lastStepDescription())));
    const bool generating = runner_->mode() == GenerationRunner::Mode::Generating;
    progress_->setVisible(generating);
    cancel_->setVisible(generating);
    if (generating) {
        progress_->setRange(0, static_cast<int>(g.runs().size()));
        progress_->setValue(static_cast<int>(g.currentRun().value_or(0)));
    }
}

} // namespace burrow::ui
