#pragma once
// Drives a document's generation from the event loop: plays steps at a chosen
// speed, or generates to the end in slices of a few milliseconds, so the window
// keeps answering input however big the level is.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace burrow::ui {

class ProjectDocument;

class GenerationRunner : public QObject {
    Q_OBJECT
public:
    explicit GenerationRunner(ProjectDocument* document, QObject* parent = nullptr);

    enum class Mode { Idle, Playing, Generating };
    Mode mode() const { return mode_; }
    // Whether its timer will step the document again (false once paused or done).
    bool ticking() const { return timer_.isActive(); }

    void play();
    void pause();
    // To the end in slices; cancel() stops where it got to.
    void generateToEnd();
    void cancel();

    // Steps a second while playing; 0 means as many as fit in each screen refresh.
    int stepsPerSecond() const { return stepsPerSecond_; }
    void setStepsPerSecond(int steps) { stepsPerSecond_ = steps; }

    static constexpr int kFrameMs = 16;        // one screen refresh at 60 Hz
    static constexpr double kSliceMs = 12.0;   // work per refresh, leaving time to paint
    static constexpr double kLongestSliceMs = 200.0; // generating to the end on a big level

signals:
    void modeChanged(burrow::ui::GenerationRunner::Mode mode);

private:
    void tick();
    void setMode(Mode mode);

    ProjectDocument* document_;
    QTimer timer_;
    QElapsedTimer clock_;
    // Generating to the end: when the last tick began, and its slice's length.
    QElapsedTimer lastTick_;
    double lastSliceMs_ = kSliceMs;
    Mode mode_ = Mode::Idle;
    int stepsPerSecond_ = 30;
    double owed_ = 0; // steps due but not yet taken while playing slowly
};

} // namespace burrow::ui
