// The commands that judge recipes and change them for a run: overrides (--set,
// --size, --accept-rule, a project on standard input), compare, sweep, and the
// warnings validate --strict and the warnings metric count. Run in-process, as
// `burrow` runs them (the standard-input case runs the real executable).
#include <QTest>

#include <filesystem>
#include <fstream>

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>

#include "test_main.h"
#include "cli_test_helpers.h"
#include "io/file_io.h"

using burrow::test::kExample;
using burrow::test::Result;
using burrow::test::runCli;

class TestJudgingCommands : public QObject {
    Q_OBJECT
private slots:
    // Overrides change the project for one run: the level and both hashes change, a
    // name the project lacks is exit 2 with the closest one, a value out of range is
    // the reader's error with its field, and a project can come from standard input.
    void overridesChangeTheLevelAndItsHash() {
        auto hashes = [](const Result& r) {
            const auto doc = nlohmann::json::parse(r.out.toStdString());
            return std::pair{doc["project_hash"].get<std::string>(), doc["level_hash"].get<std::string>()};
        };
        const Result plain = runCli({"stats", kExample, "--json"});
        QVERIFY2(plain.code == 0, qPrintable(plain.err));
        const Result set = runCli({"stats", kExample, "--json", "--set", "fill.wall_chance=0.45"});
        QVERIFY2(set.code == 0, qPrintable(set.err));
        QVERIFY(hashes(set).first != hashes(plain).first);
        QVERIFY(hashes(set).second != hashes(plain).second);
        // The same as the file written with that value.
        QTemporaryDir dir;
        nlohmann::json doc = nlohmann::json::parse(burrow::readTextFile(kExample));
        doc["recipe"][0]["params"]["wall_chance"] = 0.45;
        const std::string edited = dir.path().toStdString() + "/edited.burrow.json";
        std::ofstream(edited) << doc.dump(2);
        QCOMPARE(hashes(runCli({"stats", edited, "--json"})), hashes(set));

        const Result stage = runCli({"stats", kExample, "--set", "fil.wall_chance=0.3"});
        QCOMPARE(stage.code, 2);
        QVERIFY2(stage.err.contains("no stage named \"fil\"; did you mean \"fill\"?"), qPrintable(stage.err));
        const Result param = runCli({"generate", kExample, "--set", "fill.wall_chanse=0.3", "--out", dir.path().toStdString()});
        QCOMPARE(param.code, 2);
        QVERIFY2(param.err.contains("did you mean \"wall_chance\"?"), qPrintable(param.err));
        const Result range = runCli({"stats", kExample, "--set", "fill.wall_chance=7"});
        QCOMPARE(range.code, 1);
        QVERIFY2(range.err.contains("/recipe/0/params/wall_chance"), qPrintable(range.err));

        const Result size = runCli({"stats", kExample, "--json", "--size", "30x20"});
        QVERIFY2(size.code == 0, qPrintable(size.err));
        QVERIFY(hashes(size).second != hashes(plain).second);
        QCOMPARE(runCli({"stats", kExample, "--size", "30by20"}).code, 2);
        QCOMPARE(runCli({"stats", kExample, "--accept-rule", "reachable_shares>=0.5"}).code, 2);
        const Result accept = runCli({"generate", kExample, "--accept", "--accept-rule", "reachable_share>=0.5", "--out", dir.path().toStdString()});
        QVERIFY2(accept.code == 0, qPrintable(accept.err));

        QProcess burrow;
        burrow.setStandardInputFile(QString::fromStdString(kExample));
        burrow.start(BURROW_BINARY, {"stats", "-", "--json"});
        QVERIFY(burrow.waitForFinished(60000));
        QCOMPARE(burrow.exitCode(), 0);
        QCOMPARE(nlohmann::json::parse(burrow.readAllStandardOutput().toStdString())["level_hash"].get<std::string>(), hashes(plain).second);
    }

    // compare: a recipe against itself with more walls, over the same seeds. The wall
    // share differs, significantly, in the report, the JSON and the table; a recipe
    // against itself differs in nothing.
    void compareWritesItsReportForTwoRecipes() {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const Result r = runCli({"compare", kExample, "--set", "fill.wall_chance=0.45", "--seeds", "1..40", "--jobs", "2", "--out", out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(QFileInfo::exists(dir.path() + "/compare.html"));
        const auto doc = nlohmann::json::parse(burrow::readTextFile(out + "/compare.json"));
        QCOMPARE(doc["seeds"].get<int>(), 40);
        QVERIFY(doc["project_hash"]["a"] != doc["project_hash"]["b"]);
        bool sawFloor = false;
        for (const auto& m : doc["metrics"]) {
            for (const char* key : {"a", "b", "median_difference", "difference_interval_95", "mann_whitney_u", "p", "p_holm", "effect_size", "significant"})
                QVERIFY2(m.contains(key), key);
            if (m["metric"] != "floor_share") continue;
            sawFloor = true;
            QVERIFY(m["median_difference"].get<double>() < 0); // more walls, less floor
            QVERIFY(m["significant"].get<bool>());
            QVERIFY(m["effect_size"].get<double>() < -0.9);
            const auto interval = m["difference_interval_95"];
            QVERIFY(interval[0].get<double>() <= m["median_difference"].get<double>() && m["median_difference"].get<double>() <= interval[1].get<double>());
        }
        QVERIFY(sawFloor);
        QVERIFY2(r.out.contains("floor_share") && r.out.contains("differ significantly"), qPrintable(r.out));
        // The same report again, byte for byte: the bootstrap draws from a fixed stream.
        const std::string first = burrow::readTextFile(out + "/compare.json");
        QCOMPARE(runCli({"compare", kExample, "--set", "fill.wall_chance=0.45", "--seeds", "1..40", "--jobs", "1", "--out", out}).code, 0);
        QCOMPARE(burrow::readTextFile(out + "/compare.json"), first);

        // Two projects: the same file twice differs in nothing.
        const Result same = runCli({"compare", kExample, kExample, "--seeds", "1..10", "--out", out});
        QVERIFY2(same.code == 0, qPrintable(same.err));
        for (const auto& m : nlohmann::json::parse(burrow::readTextFile(out + "/compare.json"))["metrics"]) {
            QCOMPARE(m["median_difference"].get<double>(), 0.0);
            QVERIFY(!m["significant"].get<bool>());
        }
        QCOMPARE(runCli({"compare", kExample, "--seeds", "1..10"}).code, 2); // no B
    }

    // sweep: the wall chance from 0.1 to 0.4 moves the floor share down, point by
    // point; two parameters make a grid; a value out of range is refused up front.
    void sweepMovesTheMetricsOverAParameter() {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const Result r = runCli({"sweep", kExample, "--param", "fill.wall_chance=0.1..0.4:0.1", "--seeds", "1..8", "--jobs", "2", "--out", out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(QFileInfo::exists(dir.path() + "/sweep.html"));
        const auto doc = nlohmann::json::parse(burrow::readTextFile(out + "/sweep.json"));
        QCOMPARE(doc["parameters"][0]["values"].size(), std::size_t(4));
        QCOMPARE(doc["points"].size(), std::size_t(4));
        double previous = 2;
        for (const auto& point : doc["points"]) {
            const double floor = point["metrics"]["floor_share"]["median"].get<double>();
            QVERIFY2(floor < previous, qPrintable(QString::number(floor)));
            previous = floor;
        }
        const Result grid = runCli({"sweep", kExample, "--param", "fill.wall_chance=0.1..0.3:0.1", "--param", "fill.rows_per_step=1..2", "--seeds", "1..3", "--out", out});
        QVERIFY2(grid.code == 0, qPrintable(grid.err));
        QCOMPARE(nlohmann::json::parse(burrow::readTextFile(out + "/sweep.json"))["points"].size(), std::size_t(6));
        const Result range = runCli({"sweep", kExample, "--param", "fill.wall_chance=0.5..1.5:0.5", "--seeds", "1..3", "--out", out});
        QCOMPARE(range.code, 1);
        QVERIFY2(range.err.contains("/recipe/0/params/wall_chance"), qPrintable(range.err));
        QCOMPARE(runCli({"sweep", kExample, "--param", "fill.wall_chance=0.1..0.4:0", "--seeds", "1..3"}).code, 2);
    }

    // A valid project's warnings: printed with their JSON path; --strict makes them
    // errors. Every example is free of them.
    void validateStrictCountsWarnings() {
        for (const auto& entry : std::filesystem::directory_iterator(BURROW_EXAMPLES))
            if (entry.path().string().ends_with(".burrow.json")) {
                const Result r = runCli({"validate", "--strict", entry.path().string()});
                QVERIFY2(r.code == 0, qPrintable(r.err));
            }
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/unused.burrow.json";
        nlohmann::json doc = nlohmann::json::parse(burrow::readTextFile(kExample));
        doc["tile_kinds"] = {{{"id", "moss"}, {"name", "Moss"}, {"glyph", "\""}, {"walkable", true}}};
        doc["recipe"][2]["rules"]["templates"].push_back({{"name", "ghost"}, {"glyph", "G"}, {"kind", "creature"}, {"max_hp", 3}});
        doc["acceptance"] = {{"rules", {{{"metric", "reachable_share"}, {"min", 1.5}}}}};
        std::ofstream(path) << doc.dump(2);
        const Result lenient = runCli({"validate", path});
        QCOMPARE(lenient.code, 0);
        for (const char* words : {"at /tile_kinds/0: the kind \"moss\" is never laid", "at /recipe/2/rules: the template \"ghost\" is never placed",
                                  "at /acceptance/rules/0: no level can meet this rule"})
            QVERIFY2(lenient.err.contains(words), qPrintable(lenient.err));
        const Result strict = runCli({"validate", "--strict", path});
        QCOMPARE(strict.code, 1);
        QVERIFY2(strict.err.contains("3 warnings, errors under --strict"), qPrintable(strict.err));
    }

    // The warnings metric counts a seed's warnings in stats and explore.
    void warningsAreAMetric() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/short.burrow.json";
        nlohmann::json doc = nlohmann::json::parse(burrow::readTextFile(kExample));
        doc["recipe"][2]["rules"]["groups"][2]["number"] = {{"min", 5000}, {"max", 5000}}; // more orcs than cells
        std::ofstream(path) << doc.dump(2);
        const Result r = runCli({"stats", path, "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(nlohmann::json::parse(r.out.toStdString())["total"]["warnings"].get<double>() >= 1);
        const Result plain = runCli({"stats", kExample, "--json"});
        QCOMPARE(nlohmann::json::parse(plain.out.toStdString())["total"]["warnings"].get<double>(), 0.0);
    }
};

BURROW_TEST_APPLESS_MAIN(TestJudgingCommands)
#include "test_judging_commands.moc"
