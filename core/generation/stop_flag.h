#pragma once
// Stopping a generation from outside: a watcher that throws GenerationStopped where
// the generation lets it (between stage runs, and where a stage polls while it runs)
// once a flag is set. The editor's background work hands it the flag BackgroundJobs
// raises when the work has gone stale, so a level nobody wants stops where it is.
#include <atomic>
#include <cstddef>

#include "generation/generation_observer.h"

namespace burrow {

// What a stopped generation throws: not a failure, and no std::exception, so code
// that reports failures (a seed's error) lets it pass to whoever asked for the stop.
struct GenerationStopped {};

class StopWhenFlagged final : public GenerationObserver {
public:
    explicit StopWhenFlagged(const std::atomic<bool>& stop) : stop_(stop) {}
    void stageFinished(const StageRun&, std::size_t) override { check(); }
    void whileRunning(const StageRun&, std::size_t) override { check(); }

private:
    void check() const {
        if (stop_.load(std::memory_order_relaxed)) throw GenerationStopped{};
    }
    const std::atomic<bool>& stop_;
};

} // namespace burrow
