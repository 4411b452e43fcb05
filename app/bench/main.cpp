// burrow-bench: speed figures for the core, one line per case (name, size, median
// of several runs in ms), JSON with --json, or the README's table with --markdown.
// Targets live with the cases and in the README, not in tests: timing is a
// measurement, not a pass/fail condition on a shared machine. What a test does check
// is that the README's table names exactly the cases this program has
// (--check-readme), so its figures are regenerated (--update-readme) rather than
// edited by hand.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench_case.h"
#include "speed_table.h"

#ifdef BURROW_BENCH_UI
#include <QApplication>
#endif

using namespace burrow::bench;

namespace {

std::vector<Case> cases() {
    std::vector<Case> all = coreCases();
    for (Case& c : paletteCases()) all.push_back(std::move(c));
    for (Case& c : structureCases()) all.push_back(std::move(c));
    for (Case& c : timelineCases()) all.push_back(std::move(c));
    for (Case& c : exportCases()) all.push_back(std::move(c));
    for (Case& c : playCases()) all.push_back(std::move(c));
    for (Case& c : readCases()) all.push_back(std::move(c));
    for (Case& c : runtimeCases()) all.push_back(std::move(c));
#ifdef BURROW_BENCH_UI
    for (Case& c : uiCases()) all.push_back(std::move(c));
    for (Case& c : galleryCases()) all.push_back(std::move(c));
#endif
    return all;
}

double median(std::vector<double> times) {
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

double medianMs(const Case& c, int runs) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        auto work = c.prepare();
        const auto start = std::chrono::steady_clock::now();
        work();
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    return median(times);
}

// The case run once in a new process of this program (--only), as `burrow generate`
// would meet it: nothing warmed up, every page faulted in afresh.
std::optional<double> freshMs(std::size_t index) {
    // popen runs a shell, whose /proc/self/exe is the shell: name this program's file.
    std::error_code error;
    const std::string self = std::filesystem::read_symlink("/proc/self/exe", error).string();
    if (error || self.find('\'') != std::string::npos) return std::nullopt;
    const std::string command = "'" + self + "' --only " + std::to_string(index) + " --runs 1 --json 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return std::nullopt;
    std::string out;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    if (pclose(pipe) != 0) return std::nullopt;
    const auto results = nlohmann::json::parse(out, nullptr, false);
    if (!results.is_array() || results.size() != 1) return std::nullopt;
    return results[0].value("median_ms", 0.0);
}

int usage(const std::string& arg) {
    std::cout << "usage: burrow-bench [--filter TEXT] [--runs N] [--fresh] [--json | --markdown] [--list]\n"
                 "       burrow-bench [--runs N] [--fresh] --update-readme README.md\n"
                 "       burrow-bench --check-readme README.md\n"
                 "Runs each case N times (default 7) and prints its median in milliseconds.\n"
                 "  --fresh           also run each case N times, each in a new process, and\n"
                 "                    print that median too\n"
                 "  --markdown        the README's speed table\n"
                 "  --update-readme   rewrite the table between the README's bench markers\n"
                 "  --check-readme    exit 1 unless the README's table names exactly these cases\n";
    return arg == "--help" ? 0 : 2;
}

} // namespace

int main(int argc, char* argv[]) {
    bool json = false, markdown = false, fresh = false;
    std::string filter, updateReadme, checkReadme;
    std::optional<std::size_t> only;
    int runs = 7;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--json") json = true;
        else if (arg == "--markdown") markdown = true;
        else if (arg == "--fresh") fresh = true;
        else if (arg == "--filter" && i + 1 < argc) filter = argv[++i];
        else if (arg == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--only" && i + 1 < argc) only = static_cast<std::size_t>(std::atoll(argv[++i]));
        else if (arg == "--update-readme" && i + 1 < argc) updateReadme = argv[++i];
        else if (arg == "--check-readme" && i + 1 < argc) checkReadme = argv[++i];
        else if (arg == "--list") {
            for (const Case& c : cases()) std::cout << c.name << " [" << c.size << "]\n";
            return 0;
        } else {
            return usage(arg);
        }
    }
    if (!updateReadme.empty() && (!filter.empty() || only)) {
        std::cerr << "--update-readme writes every case's row: no --filter\n";
        return 2;
    }
    if (!checkReadme.empty()) {
        const std::string problem = checkSpeedTable(checkReadme, cases());
        if (problem.empty()) return 0;
        std::cerr << problem << "\n";
        return 1;
    }
#ifdef BURROW_BENCH_UI
    // The editor's cases paint widgets offscreen; no display needed.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
#endif
    const std::vector<Case> all = cases();
    std::vector<Measured> measured;
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (std::size_t index = 0; index < all.size(); ++index) {
        const Case& c = all[index];
        if (only ? index != *only : (!filter.empty() && (c.name + " " + c.size).find(filter) == std::string::npos)) continue;
        Measured m{&c, medianMs(c, runs), std::nullopt};
        if (fresh) {
            std::vector<double> times;
            for (int r = 0; r < runs; ++r)
                if (const auto ms = freshMs(index)) times.push_back(*ms);
            if (!times.empty()) m.freshMs = median(times);
        }
        measured.push_back(m);
        if (json) {
            results.push_back({{"name", c.name}, {"size", c.size}, {"target", c.target}, {"median_ms", m.ms}, {"runs", runs}});
            if (m.freshMs) results.back()["fresh_process_median_ms"] = *m.freshMs;
            if (c.bytes > 0) results.back()["mb_per_s"] = c.bytes / 1e6 / (m.ms / 1000);
        } else if (!markdown && updateReadme.empty()) {
            std::printf("%-62s %-12s %9.3f ms", c.name.c_str(), c.size.c_str(), m.ms);
            if (m.freshMs) std::printf("   fresh process %9.3f ms", *m.freshMs);
            std::printf("\n");
            std::fflush(stdout);
        }
    }
    if (json) std::cout << results.dump(2) << "\n";
    if (markdown) std::cout << speedTable(measured, runs);
    if (!updateReadme.empty()) {
        const std::string problem = updateSpeedTable(updateReadme, speedTable(measured, runs));
        if (!problem.empty()) {
            std::cerr << problem << "\n";
            return 1;
        }
    }
    return 0;
}
