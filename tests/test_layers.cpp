// core's folders are layers: each includes only folders listed before it in
// core/CMakeLists.txt (model, random, io, content, generation, ... pipeline), and
// nothing in core includes Qt. A cycle or an upward include fails here, naming
// the file and the line. ui's folders have no cycle, and its functions stay short.
#include <QTest>

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "test_main.h"

namespace fs = std::filesystem;

class TestLayers : public QObject {
    Q_OBJECT
private slots:
    void coreFoldersIncludeOnlyLowerLayers() {
        const fs::path core = fs::path(BURROW_SOURCE_DIR) / "core";
        // The layer order: folders in the order the library's sources list them.
        std::vector<std::string> order;
        std::ifstream list(core / "CMakeLists.txt");
        const std::regex source("^\\s+([a-z_]+)/");
        for (std::string line; std::getline(list, line);) {
            std::smatch m;
            if (std::regex_search(line, m, source) && std::find(order.begin(), order.end(), m[1].str()) == order.end()) order.push_back(m[1]);
        }
        QVERIFY(order.size() >= 10);
        QCOMPARE(QString::fromStdString(order.front()), QString("model"));
        // Judging levels (metrics over a level, acceptance over attempts) stands on making them.
        QCOMPARE(QString::fromStdString(order.back()), QString("analysis"));
        QCOMPARE(QString::fromStdString(order[order.size() - 2]), QString("pipeline"));
        auto rank = [&](const std::string& folder) { return std::find(order.begin(), order.end(), folder) - order.begin(); };

        // Built from pieces: moc reads this file and would take a literal "#include" for its own.
        const std::regex include(std::string("^\\s*") + '#' + "\\s*include\\s*[<\"]([^>\"]+)[>\"]");
        int files = 0;
        for (const auto& entry : fs::recursive_directory_iterator(core)) {
            const std::string ext = entry.path().extension().string();
            if (ext != ".h" && ext != ".cpp") continue;
            const std::string folder = fs::relative(entry.path(), core).begin()->string();
            QVERIFY2(rank(folder) < static_cast<std::ptrdiff_t>(order.size()), qPrintable(QString::fromStdString(folder) + " is not in core/CMakeLists.txt"));
            ++files;
            std::ifstream in(entry.path());
            int n = 0;
            for (std::string line; std::getline(in, line);) {
                ++n;
                std::smatch m;
                if (!std::regex_search(line, m, include)) continue;
                const std::string target = m[1];
                const QString where = QString("%1:%2 includes %3").arg(QString::fromStdString(fs::relative(entry.path(), core).string())).arg(n).arg(QString::fromStdString(target));
                QVERIFY2(target.rfind("Q", 0) != 0 && target.rfind("qt", 0) != 0, qPrintable(where + ": core is Qt-free"));
                const auto slash = target.find('/');
                if (slash == std::string::npos || target.find('.') == std::string::npos) continue; // <vector>, <nlohmann/json.hpp>
                const std::string other = target.substr(0, slash);
                if (rank(other) == static_cast<std::ptrdiff_t>(order.size())) continue; // not a core folder (nlohmann/)
                QVERIFY2(rank(other) <= rank(folder), qPrintable(where + ": " + QString::fromStdString(other) + " is a higher layer than " + QString::fromStdString(folder)));
            }
        }
        QVERIFY(files > 50);
    }

    // ui's folders include one another without a cycle (a cycle, named folder by
    // folder, fails here), and no folder includes the top level (main_window) it is
    // put together in. An include names a ui folder when ui/ has that file ("play/"
    // is also a core folder).
    void uiFoldersHaveNoCycle() {
        const fs::path ui = fs::path(BURROW_SOURCE_DIR) / "ui";
        const std::regex include(std::string("^\\s*") + '#' + "\\s*include\\s*\"([^\"]+)\"");
        std::map<std::string, std::set<std::string>> uses;
        for (const auto& entry : fs::recursive_directory_iterator(ui)) {
            const std::string ext = entry.path().extension().string();
            if (ext != ".h" && ext != ".cpp") continue;
            const fs::path relative = fs::relative(entry.path(), ui);
            const bool topLevel = ++relative.begin() == relative.end();
            const std::string folder = topLevel ? std::string() : relative.begin()->string();
            if (!topLevel) uses[folder];
            std::ifstream in(entry.path());
            int n = 0;
            for (std::string line; std::getline(in, line);) {
                ++n;
                std::smatch m;
                if (topLevel || !std::regex_search(line, m, include) || !fs::exists(ui / m[1].str())) continue;
                const std::string target = m[1];
                const QString where = QString("ui/%1:%2 includes %3").arg(QString::fromStdString(relative.string())).arg(n).arg(QString::fromStdString(target));
                const auto slash = target.find('/');
                QVERIFY2(slash != std::string::npos, qPrintable(where + ": the top level puts the folders together, so no folder includes it"));
                if (target.substr(0, slash) != folder) uses[folder].insert(target.substr(0, slash));
            }
        }
        QVERIFY(uses.size() >= 8);
        QVERIFY(uses["tools"].count("map") && !uses["map"].count("tools")); // the pair that once made a cycle
        // Depth-first, keeping the path: a folder met again on its own path closes a cycle.
        std::map<std::string, int> state; // 1: on the path, 2: done
        std::vector<std::string> path;
        std::function<void(const std::string&)> visit = [&](const std::string& folder) {
            state[folder] = 1;
            path.push_back(folder);
            for (const std::string& next : uses[folder]) {
                if (state[next] == 1) {
                    std::string cycle;
                    for (auto at = std::find(path.begin(), path.end(), next); at != path.end(); ++at) cycle += *at + " -> ";
                    QFAIL(qPrintable(QString::fromStdString("ui folders include one another in a cycle: " + cycle + next)));
                }
                if (state[next] == 0) visit(next);
                if (QTest::currentTestFailed()) return;
            }
            path.pop_back();
            state[folder] = 2;
        };
        for (const auto& [folder, next] : uses)
            if (state[folder] == 0) visit(folder);
    }

    // One view-model: the level's regions, heatmaps and measurement are worked out in
    // one place, the document's facts (ui/document/level_facts), off the UI thread; no
    // widget labels regions, works out a heatmap or measures the level itself.
    void onlyTheFactsLabelRegions() {
        const fs::path ui = fs::path(BURROW_SOURCE_DIR) / "ui";
        const std::regex works(R"((^|[^A-Za-z_])(labelRuns|labelRegions|countRegions|measure|heatmapValues)\s*\()");
        int files = 0;
        for (const auto& entry : fs::recursive_directory_iterator(ui)) {
            const std::string ext = entry.path().extension().string();
            if (ext != ".h" && ext != ".cpp") continue;
            ++files;
            const std::string relative = fs::relative(entry.path(), ui).generic_string();
            if (relative.rfind("document/level_facts.", 0) == 0) continue;
            std::ifstream in(entry.path());
            int n = 0;
            for (std::string line; std::getline(in, line);) {
                ++n;
                const auto comment = line.find("//");
                std::smatch m;
                QVERIFY2(!std::regex_search(line, m, works) || (comment != std::string::npos && static_cast<std::size_t>(m.position(0)) > comment),
                         qPrintable(QString("ui/%1:%2 works out the level's regions, heatmap or measurement itself: read them from LevelFacts")
                                        .arg(QString::fromStdString(relative))
                                        .arg(n)));
            }
        }
        QVERIFY(files > 50);
    }

    // Functions that do one thing: none in ui/ over 80 lines. A function starts on a
    // line at the margin that ends its signature with "{" (or a constructor's
    // initialiser line), and ends at the next "}" at the margin (the code is
    // clang-formatted, so the margin is reliable).
    void uiFunctionsStayShort() {
        const fs::path ui = fs::path(BURROW_SOURCE_DIR) / "ui";
        const std::regex opens(R"(^([A-Za-z].*\)\s*(const)?\s*(override)?\s*\{|\s+:\s.*\{)\s*$)");
        int functions = 0;
        for (const auto& entry : fs::recursive_directory_iterator(ui)) {
            if (entry.path().extension() != ".cpp") continue;
            std::ifstream in(entry.path());
            std::vector<std::string> lines;
            for (std::string line; std::getline(in, line);) lines.push_back(line);
            // Where the function being read starts; npos between functions (a plain
            // number: GCC 12 at -O3 took an optional's value for uninitialised here).
            constexpr std::size_t kOutside = std::string::npos;
            std::size_t start = kOutside;
            for (std::size_t i = 0; i < lines.size(); ++i) {
                if (start == kOutside && std::regex_match(lines[i], opens)) {
                    std::size_t first = i;
                    while (first > 0 && !std::isalpha(static_cast<unsigned char>(lines[first][0]))) --first; // the signature's first line
                    start = first;
                } else if (start != kOutside && lines[i] == "}") {
                    const std::size_t length = i - start + 1;
                    ++functions;
                    QVERIFY2(length <= 80, qPrintable(QString("ui/%1:%2: %3 lines, over 80: split it by concept")
                                                          .arg(QString::fromStdString(fs::relative(entry.path(), ui).string()))
                                                          .arg(start + 1)
                                                          .arg(length)));
                    start = kOutside;
                }
            }
        }
        QVERIFY(functions > 300); // the rule reads the functions it should
    }
};

BURROW_TEST_GUILESS_MAIN(TestLayers)
#include "test_main.h"
#include "test_layers.moc"
