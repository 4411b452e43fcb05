#pragma once
// The README's speed table, written from the bench's own cases and figures, and the
// check that the README lists exactly those cases. The table sits between
// "<!-- bench:begin -->" and "<!-- bench:end -->" in the README.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench_case.h"

namespace burrow::bench {

struct Measured {
    const Case* c = nullptr;
    double ms = 0;                 // median within one bench process
    std::optional<double> freshMs; // median of runs each in a new process (--fresh)
};

// "| case | size | median | [fresh process |] target |" and a row a case.
std::string speedTable(const std::vector<Measured>& measured, int runs);
// Rewrites the README's table (atomically); an error message, or empty.
std::string updateSpeedTable(const std::filesystem::path& readme, const std::string& table);
// Empty when the README's table names the cases, in order; else what differs.
std::string checkSpeedTable(const std::filesystem::path& readme, const std::vector<Case>& cases);

} // namespace burrow::bench
