#pragma once
// Runs work(i) for i in [0, count) on up to `jobs` threads (this one included),
// handing out one index at a time. Results must not depend on which thread ran
// what, so each index writes only its own output.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace burrow::cli {

// Never lets an exception escape a thread (that would end the process): work that
// throws stops handing out indices and the first exception is rethrown here, after
// every thread has joined. When the system cannot start another thread, the
// work goes on with the threads it has. Callers that want one failure per index
// catch inside `work`.
inline void forEachInParallel(std::size_t count, int jobs, const std::function<void(std::size_t)>& work) {
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failureLock;
    auto loop = [&] {
        for (std::size_t i = next++; i < count; i = next++) {
            try {
                work(i);
            } catch (...) {
                const std::lock_guard lock(failureLock);
                if (!failure) failure = std::current_exception();
                next = count; // stop handing out work
            }
        }
    };
    std::vector<std::thread> threads;
    const auto extra = std::min(static_cast<std::size_t>(std::max(1, jobs)) - 1, count > 0 ? count - 1 : 0);
    for (std::size_t t = 0; t < extra; ++t) {
        try {
            threads.emplace_back(loop);
        } catch (const std::system_error&) {
            break; // no more threads to be had: fewer will do
        }
    }
    loop();
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
}

inline int defaultJobs() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

} // namespace burrow::cli
