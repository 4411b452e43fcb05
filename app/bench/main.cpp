// burrow-bench: speed figures for the core, one line per case (name, size, median
// of several runs in ms), or JSON with --json. Targets live in the README, not in
// tests: timing is a measurement, not a pass/fail condition on a shared machine.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench_case.h"

#ifdef BURROW_BENCH_UI
#include <QApplication>
#endif

using namespace burrow::bench;

namespace {

std::vector<Case> cases() {
    std::vector<Case> all = coreCases();
    for (Case& c : exportCases()) all.push_back(std::move(c));
    for (Case& c : playCases()) all.push_back(std::move(c));
#ifdef BURROW_BENCH_UI
    for (Case& c : uiCases()) all.push_back(std::move(c));
#endif
    return all;
}

double medianMs(const Case& c, int runs) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        auto work = c.prepare();
        const auto start = std::chrono::steady_clock::now();
        work();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace

int main(int argc, char* argv[]) {
    bool json = false;
    std::string filter;
    int runs = 7;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--json") json = true;
        else if (arg == "--filter" && i + 1 < argc) filter = argv[++i];
        else if (arg == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--list") {
            for (const Case& c : cases()) std::cout << c.name << " [" << c.size << "]\n";
            return 0;
        } else {
            std::cout << "usage: burrow-bench [--filter TEXT] [--runs N] [--json] [--list]\n"
                         "Runs each case N times (default 7) and prints its median in milliseconds.\n";
            return arg == "--help" ? 0 : 2;
        }
    }
#ifdef BURROW_BENCH_UI
    // The editor's cases paint widgets offscreen; no display needed.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
#endif
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (const Case& c : cases()) {
        if (!filter.empty() && (c.name + " " + c.size).find(filter) == std::string::npos) continue;
        const double ms = medianMs(c, runs);
        if (json) results.push_back({{"name", c.name}, {"size", c.size}, {"median_ms", ms}, {"runs", runs}});
        else std::printf("%-58s %-12s %9.3f ms\n", c.name.c_str(), c.size.c_str(), ms);
    }
    if (json) std::cout << results.dump(2) << "\n";
    return 0;
}
