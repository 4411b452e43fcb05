// What a wave function collapse stage would cost, worked out before it runs: the
// sample's patterns are counted, and the memory and time a level of them needs
// estimated from what the wave keeps a position and what an attempt costs.
#include "generators/wfc_limits.h"

#include <algorithm>
#include <cmath>

#include "generation/stage.h"
#include "generators/wfc_wave.h"

namespace burrow {
namespace {

// The most a level's wave may take, and what an attempt costs for each pattern of each
// position (each is banned once) on the reference machine: measured 22 ns for the 241
// patterns of the bench's sample, 25 to 28 for samples of 27 to 454 patterns, and 34
// for 829 (their side-key counts, 2 KB a position, no longer stay in the cache); 24 to
// 27 for noise of 800 to 1,152 patterns, and 31 to 33 for 64 x 64 noise, about 30,000
// (N = 3 and 4, each key's patterns as a list). A level estimated above either is
// refused before it runs.
constexpr double kWaveBytesLimit = 2.0 * 1024 * 1024 * 1024;
constexpr double kNanosecondsPerPositionPattern = 36;
// A position counts its patterns by side key in 16 bits (WfcWave).
constexpr int kMaxWfcPatterns = 65535;

} // namespace

WfcSettings wfcSettings(const ParamValues& p) {
    return {p.integer("pattern_size"), p.integer("symmetry"), p.flag("periodic_sample")};
}

std::optional<std::string> wfcSampleProblem(const ParamValues& params, const Prefab& sample, const LevelSize& size) {
    const int n = params.integer("pattern_size");
    if (sample.width < n || sample.height < n)
        return "the sample \"" + sample.id + "\" (" + std::to_string(sample.width) + " x " + std::to_string(sample.height) + ") is smaller than its pattern (" +
               std::to_string(n) + " x " + std::to_string(n) + "): draw a bigger sample or lower pattern_size";
    for (const PrefabCell& c : sample.cells)
        if (c.keep) return "the sample \"" + sample.id + "\" has cells that keep the level's tile (a space); a sample's every cell is a tile kind";
    const WfcPatterns patterns(sample, wfcSettings(params));
    if (patterns.count() > kMaxWfcPatterns)
        return "the sample \"" + sample.id + "\" has " + std::to_string(patterns.count()) + " distinct patterns; at most " + std::to_string(kMaxWfcPatterns) +
               " may be: a smaller sample, pattern_size or symmetry";
    const bool periodic = params.flag("periodic_output");
    const double positions = static_cast<double>(periodic ? size.width : size.width - n + 1) * (periodic ? size.height : size.height - n + 1);
    // A position's wave and its bans waiting to be propagated, its key counts (two
    // bytes a key of each side), its neighbours and queue entry, and its entropy and
    // heap entries; the trail of bans, eight bytes each, at most one a pattern of
    // each position and never more than WfcWave::kMostBansKept; and the patterns' own
    // tables, what each side key holds up (a set of patterns each, for a sample of up
    // to 1,024 patterns) the largest.
    const double keys = static_cast<double>(patterns.sideCount());
    const double trailBans = std::min(positions * patterns.count(), static_cast<double>(WfcWave::kMostBansKept));
    const double masks = patterns.heldUpMasks() ? keys * patterns.words() * 8.0 : 0.0;
    const double patternBytes = masks + keys * 4.0 + patterns.count() * (80.0 + patterns.size() * patterns.size());
    const double bytes = positions * (patterns.words() * 16.0 + keys * 2.0 + 16.0 + 8.0 + 64.0) + trailBans * 8.0 + patternBytes;
    const double seconds = positions * patterns.count() * params.integer("attempts") * kNanosecondsPerPositionPattern * 1e-9;
    if (bytes > kWaveBytesLimit)
        return "growing a " + std::to_string(size.width) + " x " + std::to_string(size.height) + " level from " + std::to_string(patterns.count()) +
               " patterns would take about " + std::to_string(static_cast<long long>(bytes / (1024 * 1024))) +
               " MiB of memory a depth; at most 2048 MiB may: a smaller level, pattern_size or symmetry, or a plainer sample";
    if (seconds > kStageSecondsLimit)
        return "growing a " + std::to_string(size.width) + " x " + std::to_string(size.height) + " level from " + std::to_string(patterns.count()) +
               " patterns over " + std::to_string(params.integer("attempts")) + " attempts could take about " +
               std::to_string(static_cast<long long>(std::ceil(seconds))) + " s a depth; a stage may take at most " +
               std::to_string(static_cast<int>(kStageSecondsLimit)) + " s: fewer attempts, a smaller level, pattern_size or symmetry";
    return std::nullopt;
}

} // namespace burrow
