// The one main of `burrow_tests`: `burrow_tests NAME [QTest's options]` runs the test
// file NAME (its file name without .cpp) as its own QTEST_MAIN would have.
#include "test_main.h"

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>
#include <map>
#include <memory>
#include <string>

namespace burrow::testing {
namespace {

struct TestFile {
    TestApp app;
    SuiteRunner run;
};

// A function-local registry: the files register while static objects are made, in
// no order we control.
std::map<std::string, TestFile, std::less<>>& registry() {
    static std::map<std::string, TestFile, std::less<>> files;
    return files;
}

std::string stemOf(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
    if (path.ends_with(".cpp")) path.remove_suffix(4);
    return std::string(path);
}

} // namespace

bool registerTestFile(std::string_view sourceFile, TestApp app, SuiteRunner run) {
    return registry().emplace(stemOf(sourceFile), TestFile{app, std::move(run)}).second;
}

} // namespace burrow::testing

int main(int argc, char** argv) {
    using namespace burrow::testing;
    const auto& files = registry();
    const auto found = argc >= 2 ? files.find(std::string_view(argv[1])) : files.end();
    if (found == files.end()) {
        std::fprintf(stderr, "usage: %s TEST [QTest options]\nthe tests:", argv[0]);
        for (const auto& [name, file] : files) std::fprintf(stderr, " %s", name.c_str());
        std::fprintf(stderr, "\n");
        return 2;
    }
    // QTest sees the program name and the options, as under its own main.
    argv[1] = argv[0];
    --argc;
    ++argv;
    std::unique_ptr<QCoreApplication> app;
    if (found->second.app == TestApp::Widgets)
        app = std::make_unique<QApplication>(argc, argv);
    else if (found->second.app == TestApp::Core)
        app = std::make_unique<QCoreApplication>(argc, argv);
    if (app) app->setAttribute(Qt::AA_Use96Dpi, true);
    // CTest runs several test files at once, all of them this program: with one settings
    // file they cleared and wrote each other's (a theme saved by one was gone when it
    // read it back). Each run keeps its settings in a folder of its own, never the user's.
    QTemporaryDir settingsFolder;
    if (app) {
        if (!settingsFolder.isValid()) {
            std::fprintf(stderr, "cannot make a folder for the settings: %s\n", qPrintable(settingsFolder.errorString()));
            return 2;
        }
        for (const auto format : {QSettings::NativeFormat, QSettings::IniFormat})
            QSettings::setPath(format, QSettings::UserScope, settingsFolder.path());
    }
    QTest::setMainSourcePath(__FILE__, QT_TESTCASE_BUILDDIR);
    return found->second.run(argc, argv);
}
