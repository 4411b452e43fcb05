#include "document/background_jobs.h"

namespace burrow::ui {

BackgroundJobs::BackgroundJobs(int threads) { pool_.setMaxThreadCount(threads); }

BackgroundJobs::~BackgroundJobs() {
    restart();
    pool_.waitForDone();
}

void BackgroundJobs::restart() {
    pool_.clear();
    stop_->store(true);
    stop_ = std::make_shared<std::atomic<bool>>(false);
    ++generation_;
}

} // namespace burrow::ui
