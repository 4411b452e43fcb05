#include "document/generation_runner.h"

#include "document/project_document.h"

#include <algorithm>

namespace burrow::ui {

GenerationRunner::GenerationRunner(ProjectDocument* document, QObject* parent) : QObject(parent), document_(document) {
    timer_.setInterval(kFrameMs);
    connect(&timer_, &QTimer::timeout, this, &GenerationRunner::tick);
}

void GenerationRunner::setMode(Mode mode) {
    if (mode == mode_) return;
    mode_ = mode;
    lastTick_.invalidate();
    lastSliceMs_ = kSliceMs;
    if (mode_ == Mode::Idle) timer_.stop();
    else {
        owed_ = 0;
        clock_.start();
        timer_.start();
    }
    emit modeChanged(mode_);
}

void GenerationRunner::play() {
    if (!document_->atEnd()) setMode(Mode::Playing);
}
void GenerationRunner::pause() { setMode(Mode::Idle); }
void GenerationRunner::generateToEnd() {
    if (!document_->atEnd()) setMode(Mode::Generating);
}
void GenerationRunner::cancel() { setMode(Mode::Idle); }

void GenerationRunner::tick() {
    if (mode_ == Mode::Generating) {
        // Each slice ends with the window showing the level as it is (the map, the
        // docks): on a big level that costs tens of milliseconds, so the slice grows
        // to keep it about a quarter of the time (at most kLongestSliceMs, so Cancel
        // still answers); on a small one it stays a frame's worth. What a cycle took
        // beyond its slice is what showing it cost.
        const double cycle = lastTick_.isValid() ? static_cast<double>(lastTick_.nsecsElapsed()) / 1e6 : 0.0;
        lastTick_.start();
        const double showing = std::max(0.0, cycle - lastSliceMs_);
        lastSliceMs_ = std::clamp(3.0 * showing, kSliceMs, kLongestSliceMs);
        const bool done = document_->generateFor(lastSliceMs_);
        if (done) setMode(Mode::Idle);
        return;
    }
    if (mode_ != Mode::Playing) return;
    QElapsedTimer slice;
    slice.start();
    if (stepsPerSecond_ <= 0) {
        // As fast as the screen refreshes: as many steps as fit in the slice.
        while (static_cast<double>(slice.elapsed()) < kSliceMs && document_->step()) {}
    } else {
        owed_ += static_cast<double>(clock_.restart()) * stepsPerSecond_ / 1000.0;
        while (owed_ >= 1.0 && static_cast<double>(slice.elapsed()) < kSliceMs && document_->step()) owed_ -= 1.0;
        owed_ = std::min(owed_, 1.0); // a slow frame does not turn into a burst later
    }
    if (document_->atEnd()) setMode(Mode::Idle);
}

} // namespace burrow::ui
