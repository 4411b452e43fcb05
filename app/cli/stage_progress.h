#pragma once
// One long level on a terminal: which stage it is at, on one line of stderr. And
// at every stage boundary, once Ctrl+C was pressed under an InterruptWatch, the
// level stops cleanly (nothing of it has been written yet).
#include <ostream>

#include "cli/interrupt.h"
#include "generation/generation.h"
#include "generation/generation_observer.h"

namespace burrow::cli {

class StageProgress final : public GenerationObserver {
public:
    StageProgress(std::ostream& err, bool show) : err_(err), show_(show) {}
    void stageStarted(const StageRun& run, std::size_t index) override {
        if (show_) err_ << "\r\x1b[K" << "stage run " << index + 1 << ": " << run.label << std::flush;
    }
    void stageFinished(const StageRun&, std::size_t) override {
        if (InterruptWatch::requested()) throw InterruptWatch::Stopped{};
    }
    void whileRunning(const StageRun&, std::size_t) override {
        if (InterruptWatch::requested()) throw InterruptWatch::Stopped{};
    }
    void finish() {
        if (show_) err_ << "\r\x1b[K" << std::flush;
    }

private:
    std::ostream& err_;
    bool show_;
};

} // namespace burrow::cli
