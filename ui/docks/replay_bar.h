#pragma once
// The transport of a game being watched (a bot's game): back, step, play / pause at
// a speed, and a slider over its turns to scrub anywhere. It only says which turn to
// show; the Play dock makes the game at that turn (core's replayedGame).
#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace burrow::ui {

class ReplayBar : public QWidget {
    Q_OBJECT
public:
    explicit ReplayBar(QWidget* parent = nullptr);

    // A game of `inputs` inputs to watch, from its first turn.
    void setLength(int inputs);
    int position() const;
    void setPosition(int position);
    bool playing() const { return timer_.isActive(); }
    void setPlaying(bool on);
    QSlider* slider() const { return slider_; }

signals:
    void positionChanged(int inputsPlayed);

private:
    void refresh();

    QPushButton *back_, *step_, *play_;
    QSlider* slider_;
    QSpinBox* speed_;
    QLabel* label_;
    QTimer timer_;
};

} // namespace burrow::ui
