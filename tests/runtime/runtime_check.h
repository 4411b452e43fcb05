#pragma once
// The runtime library's tests are built without Qt (a game's build, BURROW_EDITOR=OFF,
// has none), so they check with this: CHECK records a failure with its line and
// goes on, and a test program exits 1 when any check failed.
#include <cstdio>
#include <functional>
#include <map>
#include <string>

namespace burrow::runtime_test {

struct Failures {
    int count = 0;
};
inline Failures& failures() {
    static Failures f;
    return f;
}

inline bool check(bool ok, const char* what, const char* file, int line, const std::string& detail = {}) {
    if (!ok) {
        ++failures().count;
        std::fprintf(stderr, "%s:%d: FAILED: %s%s%s\n", file, line, what, detail.empty() ? "" : "\n    ", detail.c_str());
    }
    return ok;
}

// Each test file registers its tests by name; `burrow_runtime_tests NAME` runs one.
using TestFunction = std::function<void()>;
inline std::map<std::string, TestFunction>& registry() {
    static std::map<std::string, TestFunction> tests;
    return tests;
}
struct Register {
    Register(const char* name, TestFunction f) { registry().emplace(name, std::move(f)); }
};

} // namespace burrow::runtime_test

#define CHECK(condition) ::burrow::runtime_test::check(static_cast<bool>(condition), #condition, __FILE__, __LINE__)
#define CHECK_MSG(condition, detail) ::burrow::runtime_test::check(static_cast<bool>(condition), #condition, __FILE__, __LINE__, (detail))
#define RUNTIME_TEST(name)                                                                           \
    static void name();                                                                              \
    static const ::burrow::runtime_test::Register name##_registered(#name, name);                   \
    static void name()
