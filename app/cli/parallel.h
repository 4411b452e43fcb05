#pragma once
// Runs work(i) for i in [0, count) on up to `jobs` threads (this one included),
// handing out one index at a time. Results must not depend on which thread ran
// what, so each index writes only its own output.
#include <atomic>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace burrow::cli {

inline void forEachInParallel(std::size_t count, int jobs, const std::function<void(std::size_t)>& work) {
    std::atomic<std::size_t> next{0};
    auto loop = [&] {
        for (std::size_t i = next++; i < count; i = next++) work(i);
    };
    std::vector<std::thread> threads;
    const auto extra = static_cast<std::size_t>(std::max(1, jobs)) - 1;
    for (std::size_t t = 0; t < extra && t + 1 < count; ++t) threads.emplace_back(loop);
    loop();
    for (auto& t : threads) t.join();
}

inline int defaultJobs() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

} // namespace burrow::cli
