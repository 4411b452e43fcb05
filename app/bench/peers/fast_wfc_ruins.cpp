// fast-wfc (github.com/math-fehr/fast-wfc, its library in src/include and src/lib) on
// the sample and settings of burrow-bench's wave function collapse rows, for timing
// side by side on one machine. Not part of the build: fast-wfc is not a dependency.
//
//   g++ -O3 -DNDEBUG -std=c++17 -I FAST_WFC/src/include fast_wfc_ruins.cpp FAST_WFC/src/lib/*.cpp -o fast_wfc_ruins
//   ./fast_wfc_ruins SIDE SEEDS PERIODIC_SAMPLE      e.g. ./fast_wfc_ruins 64 50 0
//
// Each seed is one attempt (fast-wfc does not retry); it prints how many finished,
// the median time of those that did and of those that met a contradiction.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "overlapping_wfc.hpp"

namespace {

// examples/wfc-ruins.burrow.json's sample, as app/bench/bench_recipes.h draws it.
Array2D<char> ruins() {
    const std::vector<std::string> rows = {
        "################", "#....#.....#...#", "#....+.....#...#", "#....#.....+...#", "##+###.~~..#...#", "#.....~~~~.##+##",
        "#......~~.......", "#..#............", "####+####..##+##", "#.......#..#...#", "#.......+..#...#", "#..~~...#..#...#",
        "#.~~~~..####...#", "#..~~..........#", "#..............#", "################",
    };
    Array2D<char> sample(16, 16);
    for (unsigned y = 0; y < 16; ++y)
        for (unsigned x = 0; x < 16; ++x) sample.get(y, x) = rows[y][x];
    return sample;
}

double median(std::vector<double> times) {
    if (times.empty()) return 0;
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: fast_wfc_ruins SIDE SEEDS PERIODIC_SAMPLE(0|1)\n");
        return 2;
    }
    const unsigned side = static_cast<unsigned>(std::stoi(argv[1]));
    const int seeds = std::stoi(argv[2]);
    const bool periodicSample = std::stoi(argv[3]) != 0;
    const Array2D<char> sample = ruins();
    // N = 3, symmetry 8, the output not periodic, no ground: burrow's defaults.
    const OverlappingWFCOptions options{periodicSample, false, side, side, 8, false, 3};
    std::vector<double> finished, failed;
    for (int seed = 1; seed <= seeds; ++seed) {
        const auto start = std::chrono::steady_clock::now();
        OverlappingWFC<char> wfc(sample, options, seed);
        const bool done = wfc.run().has_value();
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        (done ? finished : failed).push_back(ms);
    }
    std::printf("fast-wfc %ux%u, periodic sample %d: %zu of %d seeds finished (median %.2f ms), %zu met a contradiction (median %.2f ms)\n", side, side,
                periodicSample ? 1 : 0, finished.size(), seeds, median(finished), failed.size(), median(failed));
}
