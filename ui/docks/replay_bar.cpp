#include "docks/replay_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

namespace burrow::ui {

ReplayBar::ReplayBar(QWidget* parent)
    : QWidget(parent), back_(new QPushButton(tr("◀"))), step_(new QPushButton(tr("▶"))), play_(new QPushButton(tr("Play"))),
      slider_(new QSlider(Qt::Horizontal)), speed_(new QSpinBox), label_(new QLabel) {
    setObjectName("replayBar");
    back_->setObjectName("replayBack");
    back_->setToolTip(tr("One turn back"));
    step_->setObjectName("replayStep");
    step_->setToolTip(tr("One turn forward"));
    play_->setObjectName("replayPlay");
    play_->setCheckable(true);
    play_->setToolTip(tr("Play the game at the chosen speed"));
    slider_->setObjectName("replaySlider");
    slider_->setToolTip(tr("Drag to any turn of the game"));
    speed_->setRange(1, 100);
    speed_->setValue(8);
    speed_->setSuffix(tr(" turns/s"));
    speed_->setToolTip(tr("Turns a second while playing"));
    label_->setObjectName("replayLabel");
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(back_);
    buttons->addWidget(step_);
    buttons->addWidget(play_);
    buttons->addWidget(speed_, 1);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->addLayout(buttons);
    column->addWidget(slider_);
    column->addWidget(label_);
    connect(back_, &QPushButton::clicked, this, [this] {
        setPlaying(false);
        setPosition(position() - 1);
    });
    connect(step_, &QPushButton::clicked, this, [this] {
        setPlaying(false);
        setPosition(position() + 1);
    });
    connect(play_, &QPushButton::toggled, this, &ReplayBar::setPlaying);
    connect(slider_, &QSlider::valueChanged, this, [this](int value) {
        refresh();
        emit positionChanged(value);
    });
    connect(speed_, &QSpinBox::valueChanged, this, [this](int perSecond) { timer_.setInterval(1000 / perSecond); });
    timer_.setInterval(1000 / speed_->value());
    connect(&timer_, &QTimer::timeout, this, [this] {
        if (position() >= slider_->maximum()) setPlaying(false);
        else setPosition(position() + 1);
    });
    refresh();
}

void ReplayBar::setLength(int inputs) {
    setPlaying(false);
    {
        const QSignalBlocker block(slider_);
        slider_->setRange(0, inputs);
        slider_->setValue(0);
    }
    refresh();
    emit positionChanged(0);
}

int ReplayBar::position() const { return slider_->value(); }

void ReplayBar::setPosition(int position) { slider_->setValue(std::clamp(position, 0, slider_->maximum())); }

void ReplayBar::setPlaying(bool on) {
    if (on && position() >= slider_->maximum()) setPosition(0); // from the start again
    on ? timer_.start() : timer_.stop();
    const QSignalBlocker block(play_);
    play_->setChecked(on);
    play_->setText(on ? tr("Pause") : tr("Play"));
}

void ReplayBar::refresh() {
    label_->setText(tr("Turn %1 of %2").arg(slider_->value()).arg(slider_->maximum()));
    back_->setEnabled(slider_->value() > 0);
    step_->setEnabled(slider_->value() < slider_->maximum());
}

} // namespace burrow::ui
