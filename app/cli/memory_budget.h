#pragma once
// `--memory GIB` for every command that makes levels: the budget the command keeps
// to, refusing a level that alone would not fit and running only as many jobs at
// once as fit (saying so when that is fewer than asked).
#include <ostream>

#include "cli/arguments.h"
#include "pipeline/memory_estimate.h"

namespace burrow::cli {

inline int jobsForMemory(const Arguments& a, const MemoryNeed& need, int jobs, const Project& project, std::ostream& err) {
    const std::uint64_t budget = a.value("memory") ? std::uint64_t(a.integer("memory", 4, 1, 1 << 20)) << 30 : kDefaultMemoryBudget;
    int fit = 0;
    try {
        fit = jobsWithin(need, jobs, budget, project);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (fit < jobs)
        err << "note: " << fit << (fit == 1 ? " job" : " jobs") << " at once, not " << jobs << ": each needs about " << bytesText(need.perJob)
            << " and the memory budget is " << bytesText(budget) << "\n";
    return fit;
}

} // namespace burrow::cli
