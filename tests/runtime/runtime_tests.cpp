// burrow_runtime_tests NAME: one of the runtime library's tests (CTest runs each as
// its own test); with no name, lists them.
#include <cstdio>
#include <string>

#include "runtime_check.h"

int main(int argc, char** argv) {
    auto& tests = burrow::runtime_test::registry();
    if (argc != 2) {
        for (const auto& [name, f] : tests) std::printf("%s\n", name.c_str());
        return argc == 1 ? 0 : 2;
    }
    const auto found = tests.find(argv[1]);
    if (found == tests.end()) {
        std::fprintf(stderr, "no runtime test is called %s\n", argv[1]);
        return 2;
    }
    found->second();
    const int failed = burrow::runtime_test::failures().count;
    std::printf("%s: %s\n", argv[1], failed == 0 ? "passed" : (std::to_string(failed) + " checks failed").c_str());
    return failed == 0 ? 0 : 1;
}
