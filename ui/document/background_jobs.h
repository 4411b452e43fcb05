#pragma once
// The editor's one way to work off the UI thread. A job runs on a worker; its result
// comes back on the UI thread, unless restart() came in between: then it is stale,
// and dropped. restart() also drops the jobs not yet begun and tells those under way
// to stop (the flag each job is handed; long loops look at it). The destructor
// restarts and waits, so declare it after whatever its results touch (members are
// destroyed in reverse order: it goes first).
#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

#include "generation/stop_flag.h"

namespace burrow::ui {

class BackgroundJobs : public QObject {
    Q_OBJECT
public:
    explicit BackgroundJobs(int threads = 1);
    ~BackgroundJobs() override;

    void setThreads(int threads) { pool_.setMaxThreadCount(threads); }
    void restart();
    // Blocks until every job has finished; their results (stale or not) then wait in
    // the event queue.
    void waitForDone() { pool_.waitForDone(); }

    // `work(stop)` on a worker, then `done(result)` (or `done()` for a job with no
    // result) on this object's thread, unless restart() came in between. `work` takes
    // what it needs by value: the widget that started it may be gone by then.
    template <typename Work, typename Done>
    void run(Work work, Done done);

private:
    QThreadPool pool_;
    std::uint64_t generation_ = 0; // read and written on the UI thread only
    std::shared_ptr<std::atomic<bool>> stop_ = std::make_shared<std::atomic<bool>>(false);
};

template <typename Work, typename Done>
void BackgroundJobs::run(Work work, Done done) {
    pool_.start([this, generation = generation_, stop = stop_, work = std::move(work), done = std::move(done)]() mutable {
        if (*stop) return; // dropped before it began
        using Result = std::invoke_result_t<Work&, const std::atomic<bool>&>;
        // A generation watched by StopWhenFlagged(stop) throws GenerationStopped once
        // the work is stale: it stops where it is, and nothing comes back.
        try {
            if constexpr (std::is_void_v<Result>) {
                work(*stop);
                if (*stop) return;
                QMetaObject::invokeMethod(this, [this, generation, done = std::move(done)]() mutable {
                    if (generation == generation_) done();
                }, Qt::QueuedConnection);
            } else {
                Result result = work(*stop);
                if (*stop) return;
                QMetaObject::invokeMethod(this, [this, generation, done = std::move(done), result = std::move(result)]() mutable {
                    if (generation == generation_) done(std::move(result));
                }, Qt::QueuedConnection);
            }
        } catch (const GenerationStopped&) {
        }
    });
}

} // namespace burrow::ui
