#pragma once
// Every test file is a part of one program, `burrow_tests`, and CTest runs each file's
// suites as its own test (`burrow_tests test_rng`): a program per file linked Qt, the
// core and the editor thirty-six times, which was most of CI's link time. A file ends
// with one of these in place of QTEST_MAIN & co., naming its suites in order.
#include <QTest>
// QCOMPARE's qfloat16 overload is declared by <QTest> but defined here: without it, a
// comparison of a JSON value makes nlohmann ask whether the incomplete qfloat16 can
// be built from it, which is an error.
#include <qfloat16.h>

#include <functional>
#include <string_view>

namespace burrow::testing {

// What the suites need running: a QApplication (widgets), a QCoreApplication, or nothing.
enum class TestApp { Widgets, Core, None };

using SuiteRunner = std::function<int(int argc, char** argv)>;
bool registerTestFile(std::string_view sourceFile, TestApp app, SuiteRunner run);

template <typename Suite>
int runSuite(int argc, char** argv) {
    Suite suite;
    return QTest::qExec(&suite, argc, argv);
}

// Each suite in a fresh object, in the order named, all run even after a failure.
template <typename... Suites>
int runSuites(int argc, char** argv) {
    int failed = 0;
    ((failed |= runSuite<Suites>(argc, argv)), ...);
    return failed;
}

} // namespace burrow::testing

// A name of its own for each file's registration: test files are compiled in
// unity batches, where their anonymous namespaces are one.
#define BURROW_TEST_JOIN2(a, b) a##b
#define BURROW_TEST_JOIN(a, b) BURROW_TEST_JOIN2(a, b)
#define BURROW_TEST_FILE(app, ...)                                                                                 \
    namespace {                                                                                                    \
    [[maybe_unused]] const bool BURROW_TEST_JOIN(burrowTestRegistered, __COUNTER__) =                              \
        ::burrow::testing::registerTestFile(__FILE__, ::burrow::testing::TestApp::app,                             \
                                            &::burrow::testing::runSuites<__VA_ARGS__>);                           \
    }
// QTEST_MAIN, QTEST_GUILESS_MAIN and QTEST_APPLESS_MAIN, for one program.
#define BURROW_TEST_MAIN(...) BURROW_TEST_FILE(Widgets, __VA_ARGS__)
#define BURROW_TEST_GUILESS_MAIN(...) BURROW_TEST_FILE(Core, __VA_ARGS__)
#define BURROW_TEST_APPLESS_MAIN(...) BURROW_TEST_FILE(None, __VA_ARGS__)
