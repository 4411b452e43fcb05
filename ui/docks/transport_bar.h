#pragma once
// The generation transport: Generate, Step, Step stage, Play/Pause with a speed,
// Back, and a timeline slider to scrub to any recorded step, plus a progress bar
// with Cancel while generating.
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;

namespace burrow::ui {

class GenerationRunner;
class ProjectDocument;

class TransportBar : public QWidget {
    Q_OBJECT
public:
    TransportBar(ProjectDocument* document, GenerationRunner* runner, QWidget* parent = nullptr);

    QSlider* timelineSlider() const { return timeline_; }

private:
    void refresh();
    void setSpeedFromSlider(int value);

    ProjectDocument* document_;
    GenerationRunner* runner_;
    QPushButton *generate_, *step_, *stepStage_, *play_, *back_, *cancel_;
    QSlider* speed_;
    QLabel* speedLabel_;
    QSlider* timeline_;
    QLabel* status_;
    QProgressBar* progress_;
};

} // namespace burrow::ui
