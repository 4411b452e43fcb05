// The palette's stages, checked on their finished levels over many seeds: a braid-0
// maze is a perfect maze (a tree under four-way moves, no diagonal shortcut, an even
// side left as wall), braid 1 leaves no dead end, BSP rooms are one region of at
// least four rooms, and every window of a wave function collapse level is one of its
// sample's. Bad parameters and samples are refused with the JSON path.
#include <QTest>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/measure.h"
#include "generation/stop_flag.h"
#include "generators/wfc_patterns.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/level_build.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "random/rng.h"
#include "test_main.h"
#include "wfc_samples.h"

using namespace burrow;

// A namespace of its own, not an anonymous one: test files are compiled in unity
// batches, where anonymous namespaces are one.
namespace palette_test {

using nlohmann::json;

// Fewer under the sanitizers, as in test_invariants: there the paths matter, not the count.
#ifdef BURROW_SANITIZED_BUILD
constexpr std::uint64_t kManySeeds = 50;
#else
constexpr std::uint64_t kManySeeds = 200;
#endif

const std::vector<std::string>& kRuins = testing::kRuinsRows;

json projectJson(int width, int height, json recipe, int movement = 8) {
    return {{"format", "burrow-project"}, {"version", 1}, {"name", "palette"}, {"seed", std::uint64_t{1}},
            {"size", {{"width", width}, {"height", height}, {"depth", 1}}}, {"movement", movement},
            {"prefabs", json::array({{{"id", "ruins"}, {"name", "Ruins"}, {"rows", kRuins}}})}, {"recipe", std::move(recipe)}};
}

Project projectOf(const json& document) {
    std::vector<Diagnostic> problems;
    Project p = projectFromJson(document, builtinStages(), problems);
    if (!problems.empty()) qFatal("%s: %s", problems.front().path.c_str(), problems.front().message.c_str());
    return p;
}

// The problems the reader finds, as "path: message" lines.
QString problemsOf(const json& document) {
    std::vector<Diagnostic> problems;
    projectFromJson(document, builtinStages(), problems);
    QString text;
    for (const Diagnostic& d : problems) text += QString::fromStdString(d.path + ": " + d.message) + "\n";
    return text;
}

const char* firstWarning(const MadeLevel& made) { return made.warnings.empty() ? "" : made.warnings.front().message.c_str(); }

double metric(const Level& level, Connectivity movement, const char* id) {
    const auto total = measurementToJson(measure(level, movement), false)["total"];
    return total.at(id).get<double>();
}

bool open(const Level& level, int x, int y) {
    return x >= 0 && y >= 0 && x < level.width() && y < level.height() && level.kinds.walkable(level.at(x, y, 0));
}

int openNeighbours(const Level& level, int x, int y) {
    return open(level, x + 1, y) + open(level, x - 1, y) + open(level, x, y + 1) + open(level, x, y - 1);
}

// Whether the open cells form one tree under four-way moves: connected, with one
// edge fewer than cells.
bool isPerfectMaze(const Level& level) {
    int cells = 0, edges = 0;
    std::pair<int, int> first{-1, -1};
    for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x)
            if (open(level, x, y)) {
                ++cells;
                edges += open(level, x + 1, y) + open(level, x, y + 1);
                if (first.first < 0) first = {x, y};
            }
    std::vector<char> seen(static_cast<std::size_t>(level.width() * level.height()), 0);
    std::vector<std::pair<int, int>> stack{first};
    seen[static_cast<std::size_t>(first.second * level.width() + first.first)] = 1;
    int reached = 0;
    while (!stack.empty()) {
        const auto [x, y] = stack.back();
        stack.pop_back();
        ++reached;
        for (const auto& [dx, dy] : std::array<std::pair<int, int>, 4>{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}})
            if (open(level, x + dx, y + dy) && !seen[static_cast<std::size_t>((y + dy) * level.width() + x + dx)]) {
                seen[static_cast<std::size_t>((y + dy) * level.width() + x + dx)] = 1;
                stack.push_back({x + dx, y + dy});
            }
    }
    return cells > 0 && reached == cells && edges == cells - 1;
}

// Two open cells meeting only at a corner, both cells beside them wall: a step a
// player moving eight ways takes through the wall.
bool hasDiagonalShortcut(const Level& level) {
    for (int y = 0; y + 1 < level.height(); ++y)
        for (int x = 0; x + 1 < level.width(); ++x) {
            const bool a = open(level, x, y), b = open(level, x + 1, y), c = open(level, x, y + 1), d = open(level, x + 1, y + 1);
            if ((a && d && !b && !c) || (b && c && !a && !d)) return true;
        }
    return false;
}

std::string windowAt(const Level& level, int x, int y, int n) {
    std::string w;
    for (int dy = 0; dy < n; ++dy)
        for (int dx = 0; dx < n; ++dx) w += glyphOf(level.at((x + dx) % level.width(), (y + dy) % level.height(), 0));
    return w;
}

// Every N x N window of the ruins sample, with its rotations and reflections.
std::set<std::string> sampleWindows(int n) {
    std::set<std::string> windows;
    for (int y = 0; y + n <= 16; ++y)
        for (int x = 0; x + n <= 16; ++x) {
            std::vector<std::string> w(static_cast<std::size_t>(n));
            for (int dy = 0; dy < n; ++dy) w[static_cast<std::size_t>(dy)] = kRuins[static_cast<std::size_t>(y + dy)].substr(static_cast<std::size_t>(x), static_cast<std::size_t>(n));
            for (int mirror = 0; mirror < 2; ++mirror) {
                std::vector<std::string> v = w;
                if (mirror)
                    for (auto& row : v) row = std::string(row.rbegin(), row.rend());
                for (int turn = 0; turn < 4; ++turn) {
                    std::string flat;
                    for (const auto& row : v) flat += row;
                    windows.insert(flat);
                    std::vector<std::string> turned(static_cast<std::size_t>(n), std::string(static_cast<std::size_t>(n), ' '));
                    for (int ty = 0; ty < n; ++ty)
                        for (int tx = 0; tx < n; ++tx) turned[static_cast<std::size_t>(ty)][static_cast<std::size_t>(tx)] = v[static_cast<std::size_t>(n - 1 - tx)][static_cast<std::size_t>(ty)];
                    v = turned;
                }
            }
        }
    return windows;
}

class TestPalette : public QObject {
    Q_OBJECT
private slots:
    // Braid 0: a perfect maze over 200 levels of odd and even sides, and under
    // eight-way movement no corner cut through a wall.
    void aBraidZeroMazeIsPerfect() {
        for (std::uint64_t seed = 1; seed <= kManySeeds; ++seed) {
            const int width = 5 + static_cast<int>(seed % 40), height = 5 + static_cast<int>((seed * 7) % 30);
            Project p = projectOf(projectJson(width, height, json::array({{{"stage", "maze"}, {"params", {{"winding", static_cast<double>(seed % 5) / 4.0}}}}})));
            const MadeLevel made = makeLevel(p, seed);
            QVERIFY2(made.warnings.empty(), firstWarning(made));
            QVERIFY2(isPerfectMaze(made.level), qPrintable(QString("seed %1, %2 x %3").arg(seed).arg(width).arg(height)));
            QVERIFY(!hasDiagonalShortcut(made.level));
            if (width % 2 == 0)
                for (int y = 0; y < height; ++y) QVERIFY(!open(made.level, width - 1, y));
            if (height % 2 == 0)
                for (int x = 0; x < width; ++x) QVERIFY(!open(made.level, x, height - 1));
        }
    }

    // Braid 1: no dead end, still one region; around rooms too.
    void aBraidOneMazeHasNoDeadEnd() {
        for (std::uint64_t seed = 1; seed <= 60; ++seed) {
            json recipe = json::array();
            if (seed % 2 == 0) recipe.push_back({{"stage", "bsp_rooms"}, {"params", {{"min_leaf", 14}, {"room_fill_max", 0.6}, {"padding", 2}}}});
            recipe.push_back({{"stage", "maze"}, {"params", {{"braid", 1.0}}}});
            Project p = projectOf(projectJson(61, 41, recipe, 4));
            const MadeLevel made = makeLevel(p, seed);
            QVERIFY(made.warnings.empty());
            for (int y = 0; y < made.level.height(); ++y)
                for (int x = 0; x < made.level.width(); ++x)
                    if (open(made.level, x, y)) QVERIFY2(openNeighbours(made.level, x, y) >= 2, qPrintable(QString("seed %1: dead end at (%2, %3)").arg(seed).arg(x).arg(y)));
            QCOMPARE(metric(made.level, Connectivity::Four, "regions"), 1.0);
            QVERIFY(!hasDiagonalShortcut(made.level) || seed % 2 == 0); // rooms have corners of their own
        }
    }

    // The defaults on 80 x 50: one region of at least 4 rooms, over 200 seeds.
    void bspRoomsAreOneRegion() {
        Project p = projectOf(projectJson(80, 50, json::array({{{"stage", "bsp_rooms"}}})));
        for (std::uint64_t seed = 1; seed <= kManySeeds; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            QCOMPARE(metric(made.level, p.movement, "regions"), 1.0);
            QVERIFY(metric(made.level, p.movement, "rooms") >= 4);
            QCOMPARE(metric(made.level, p.movement, "rooms"), static_cast<double>(std::count_if(made.level.areas.begin(), made.level.areas.end(), [](const Area& a) { return a.kind == AreaKind::Room; })));
        }
    }

    // Every 3 x 3 window of a grown level, its edges included, is a window of the
    // sample or one of its turns and mirror images.
    void everyWindowIsTheSamples() {
        const std::set<std::string> allowed = sampleWindows(3);
        Project p = projectOf(projectJson(48, 32, json::array({{{"stage", "wave_function_collapse"}, {"params", {{"sample", "ruins"}}}}})));
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            QVERIFY2(made.warnings.empty(), firstWarning(made));
            for (int y = 0; y + 3 <= made.level.height(); ++y)
                for (int x = 0; x + 3 <= made.level.width(); ++x)
                    QVERIFY2(allowed.count(windowAt(made.level, x, y, 3)), qPrintable(QString("seed %1: window at (%2, %3)").arg(seed).arg(x).arg(y)));
        }
    }




    // A sample whose windows share a side by the hundred: 256 columns of four cells
    // (every one of four tiles), each followed by three columns of wall, so more than
    // 255 patterns have the same all-wall right side. The wave then counts in two
    // bytes, not one, and the level still holds only the sample's windows.
    void aSideSharedByHundredsOfPatterns() {
        std::vector<std::string> rows(64, std::string(64, '#'));
        const char kinds[4] = {'#', '.', '~', '+'};
        for (int combo = 0; combo < 256; ++combo)
            for (int r = 0, digits = combo; r < 4; ++r, digits /= 4)
                rows[static_cast<std::size_t>(combo / 16 * 4 + r)][static_cast<std::size_t>(combo % 16 * 4)] = kinds[digits % 4];
        json document = projectJson(20, 16, json::array({{{"stage", "wave_function_collapse"},
                                                         {"params", {{"sample", "columns"}, {"pattern_size", 4}, {"symmetry", 1}}}}}));
        document["prefabs"].push_back({{"id", "columns"}, {"rows", rows}});
        const Project p = projectOf(document);
        const WfcPatterns patterns(*p.prefabs.find("columns"), WfcSettings{4, 1, false});
        std::vector<int> sharing(patterns.keyCount(0), 0);
        for (int k = 0; k < patterns.count(); ++k) ++sharing[patterns.sideKey(0, k)];
        QVERIFY2(*std::max_element(sharing.begin(), sharing.end()) > 255, "the sample no longer needs two-byte counts");
        std::set<std::string> allowed;
        for (int y = 0; y + 4 <= 64; ++y)
            for (int x = 0; x + 4 <= 64; ++x) {
                std::string w;
                for (int dy = 0; dy < 4; ++dy) w += rows[static_cast<std::size_t>(y + dy)].substr(static_cast<std::size_t>(x), 4);
                allowed.insert(w);
            }
        int finished = 0;
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            if (!made.warnings.empty()) continue; // every attempt contradicted: told, and allowed
            ++finished;
            for (int y = 0; y + 4 <= made.level.height(); ++y)
                for (int x = 0; x + 4 <= made.level.width(); ++x) QVERIFY(allowed.count(windowAt(made.level, x, y, 4)));
        }
        QVERIFY(finished >= 2);
    }

    // Same seed, same level; another seed, another level; stepping is running.
    void wfcIsDeterministicAndSteppable() {
        Project p = projectOf(projectJson(40, 30, json::array({{{"stage", "wave_function_collapse"}, {"params", {{"sample", "ruins"}}}}})));
        const Level a = makeLevel(p, 7).level;
        QVERIFY(a == makeLevel(p, 7).level);
        QVERIFY(!(a == makeLevel(p, 8).level));
        LevelBuild stepped(p, 7, GenerationOptions{.recordTimeline = true});
        int steps = 0;
        while (stepped.step()) ++steps;
        QVERIFY(steps > 10);
        QVERIFY(stepped.level() == a);
    }

    // While it runs, each step marks every undecided cell, and only those, with how
    // open it still is (the editor's overlay); scrubbed back, a step shows its marks again.
    void wfcMarksTheUndecidedCells() {
        Project p = projectOf(projectJson(40, 30, json::array({{{"stage", "wave_function_collapse"}, {"params", {{"sample", "ruins"}}}}})));
        LevelBuild stepped(p, 3, GenerationOptions{.recordTimeline = true});
        std::vector<std::vector<Annotation>> marksOf;
        bool sawNarrowed = false;
        while (stepped.step()) {
            const Level& level = stepped.level();
            std::vector<int> marked(static_cast<std::size_t>(level.width() * level.height()), 0);
            const std::vector<Annotation> marks = stepped.generation().currentAnnotations();
            for (const Annotation& a : marks) {
                if (a.kind != Annotation::Kind::Options) continue;
                QVERIFY(a.id >= 1 && a.id <= Annotation::kOptionShades);
                sawNarrowed |= a.id < Annotation::kOptionShades;
                for (int x = a.x; x < a.x + a.w; ++x) ++marked[static_cast<std::size_t>(a.y * level.width() + x)];
            }
            // A cell is written once its window position is decided (the last positions'
            // windows reach the edges).
            for (int y = 0; y < level.height(); ++y)
                for (int x = 0; x < level.width(); ++x) {
                    const bool undecided = level.at(x, y, 0) == Tile::Void;
                    QVERIFY2(marked[static_cast<std::size_t>(y * level.width() + x)] == (undecided && !stepped.generation().finished() ? 1 : 0),
                             qPrintable(QString("step %1, (%2, %3)").arg(marksOf.size()).arg(x).arg(y)));
                }
            marksOf.push_back(marks);
        }
        QVERIFY(sawNarrowed);
        QVERIFY(marksOf.size() > 10);
        for (std::size_t back : {marksOf.size() / 2, std::size_t{3}}) {
            stepped.generation().seek(back + 1);
            const std::vector<Annotation> again = stepped.generation().currentAnnotations();
            QCOMPARE(again.size(), marksOf[back].size());
            QVERIFY(std::equal(again.begin(), again.end(), marksOf[back].begin(), [](const Annotation& a, const Annotation& b) {
                return a.kind == b.kind && a.x == b.x && a.y == b.y && a.w == b.w && a.id == b.id;
            }));
        }
    }

    // A sample with only one pattern fills the level with it; a sample that wraps,
    // on a level that wraps, gives windows that wrap.
    void periodicWindowsWrap() {
        json recipe = json::array({{{"stage", "wave_function_collapse"},
                                    {"params", {{"sample", "ruins"}, {"periodic_output", true}, {"pattern_size", 2}, {"symmetry", 8}}}}});
        Project p = projectOf(projectJson(24, 20, recipe));
        const std::set<std::string> allowed = sampleWindows(2);
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            if (!made.warnings.empty()) continue; // a contradiction is allowed here; the windows of a finished one are not
            for (int y = 0; y < made.level.height(); ++y)
                for (int x = 0; x < made.level.width(); ++x) QVERIFY(allowed.count(windowAt(made.level, x, y, 2)));
        }
    }

    // Least entropy alone closed the decided area around pockets of undecided cells that
    // no pattern could fill: at 80 x 80, wrapping, seeds 5, 7 and 9 failed their only
    // attempt. Pulled toward the top-left corner, the decided area sweeps across the
    // level and every seed finishes at its first attempt.
    void wfcSweepsWithoutClosingPockets() {
        json recipe = json::array({{{"stage", "wave_function_collapse"}, {"params", {{"sample", "ruins"}, {"periodic_output", true}, {"attempts", 1}}}}});
        const Project p = projectOf(projectJson(80, 80, recipe));
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            const MadeLevel made = makeLevel(p, seed);
            const std::string broke = made.warnings.empty() ? "" : made.warnings.front().text();
            QVERIFY2(made.warnings.empty(), qPrintable(QString("seed %1: %2").arg(seed).arg(QString::fromStdString(broke))));
        }
    }

    // A sample of noise fits so few ways that one observation settles the whole level:
    // seconds of propagation in one step, on a large level. A run polls inside that
    // propagation too, so a generation nobody wants any more stops there (before, it
    // polled every 64 steps, and this stage took two). Both wrap, so the level, a
    // whole number of samples wide, can be finished.
    void aLongPropagationCanBeStopped() {
        Rng draw(4);
        std::vector<std::string> rows(10, std::string(10, '#'));
        for (std::string& row : rows)
            for (char& glyph : row) glyph = "#.~"[draw.below(3)];
        json document = projectJson(90, 90, json::array({{{"stage", "wave_function_collapse"}, {"params", {{"sample", "noise"}, {"attempts", 1}, {"periodic_sample", true}, {"periodic_output", true}}}}}));
        document["prefabs"].push_back({{"id", "noise"}, {"name", "Noise"}, {"rows", rows}});
        const Project p = projectOf(document);
        struct StopAtFirstPoll final : GenerationObserver {
            void whileRunning(const StageRun&, std::size_t) override { throw GenerationStopped{}; }
        } stop;
        bool stopped = false;
        try {
            (void)makeLevel(p, 1, &stop);
        } catch (const GenerationStopped&) {
            stopped = true;
        }
        QVERIFY(stopped);
    }

    void badInputIsRefusedWithItsPath() {
        auto with = [](json params, int width = 40, int height = 30, std::string stage = "wave_function_collapse") {
            return projectJson(width, height, json::array({{{"stage", stage}, {"params", std::move(params)}}}));
        };
        QString text = problemsOf(with({{"sample", "ruinz"}}));
        const json none = json::object();
        QVERIFY2(text.contains("/recipe/0/params/sample") && text.contains("did you mean \"ruins\""), qPrintable(text));
        text = problemsOf(with(none));
        QVERIFY2(text.contains("/recipe/0/params/sample") && text.contains("\"ruins\""), qPrintable(text));
        text = problemsOf(with({{"sample", "ruins"}, {"pattern_size", 5}}));
        QVERIFY2(text.contains("/recipe/0/params/pattern_size") && text.contains("between 2 and 4"), qPrintable(text));
        text = problemsOf(with({{"sample", "ruins"}, {"symmetry", 3}}));
        QVERIFY2(text.contains("/recipe/0/params/symmetry") && text.contains("1, 2, 4 or 8"), qPrintable(text));
        json tiny = with({{"sample", "speck"}, {"pattern_size", 4}});
        tiny["prefabs"].push_back({{"id", "speck"}, {"name", "Speck"}, {"rows", {"...", "...", "..."}}});
        text = problemsOf(tiny);
        QVERIFY2(text.contains("/recipe/0/params/sample") && text.contains("smaller than its pattern"), qPrintable(text));
        // A sample that cannot be read as a prefab is reported there, once: not also as
        // a sample of 0 x 0 cells.
        json huge = with({{"sample", "sprawl"}});
        huge["prefabs"].push_back({{"id", "sprawl"}, {"name", "Sprawl"}, {"rows", json::array({std::string(65, '.')})}});
        text = problemsOf(huge);
        QVERIFY2(text.contains("65 x 1 cells") && !text.contains("/recipe/0/params/sample"), qPrintable(text));
        text = problemsOf(with({{"braid", 1.5}}, 40, 30, "maze"));
        QVERIFY2(text.contains("/recipe/0/params/braid") && text.contains("between 0 and 1"), qPrintable(text));
        text = problemsOf(with(none, 4, 30, "maze"));
        QVERIFY2(text.contains("/recipe/0/params") && text.contains("at least 5 x 5") && text.contains("4 x 30"), qPrintable(text));
        text = problemsOf(with({{"sample", "ruins"}}, 4096, 4096));
        QVERIFY2(text.contains("/recipe/0/params/sample") && text.contains("MiB"), qPrintable(text));
        // Within memory, but ten attempts run to their end are estimated past 30 s (4.5 s
        // each, at the slowest cost a pattern measured); three are not.
        text = problemsOf(with({{"sample", "ruins"}}, 720, 720));
        QVERIFY2(text.contains("/recipe/0/params/sample") && text.contains("could take about") && text.contains("fewer attempts"), qPrintable(text));
        text = problemsOf(with({{"sample", "ruins"}, {"attempts", 3}}, 720, 720));
        QVERIFY2(text.isEmpty(), qPrintable(text));
    }
};

} // namespace palette_test

BURROW_TEST_GUILESS_MAIN(palette_test::TestPalette)

#include "test_palette.moc"
