#pragma once
// A benchmark case: its name, the size it works on, its target, and how to prepare one run.
// prepare() does whatever is not being measured and returns the measured work.
#include <functional>
#include <string>
#include <vector>

namespace burrow::bench {

struct Case {
    std::string name;
    std::string size;
    std::string target; // what the issues ask for, or what the row is for, as the README shows it
    std::function<std::function<void()>()> prepare;
    double bytes = 0; // what one run reads, for a reading case: the table gives MB/s too
};

std::vector<Case> coreCases();
std::vector<Case> paletteCases();
std::vector<Case> structureCases();
std::vector<Case> exportCases();
std::vector<Case> playCases();
std::vector<Case> timelineCases();
std::vector<Case> readCases();
std::vector<Case> runtimeCases();
#ifdef BURROW_BENCH_UI
std::vector<Case> uiCases();
std::vector<Case> galleryCases();
#endif

} // namespace burrow::bench
