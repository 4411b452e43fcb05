// The project file: round trips, kept unknown fields, and errors that name the path.
#include <QTest>

#include <filesystem>
#include <fstream>

#include "test_main.h"
#include "content/rules_json.h"
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "project_test_helpers.h"

using namespace burrow;
using nlohmann::json;
using burrow::test::minimalProject;

namespace {

// The problems reported for `doc`, as "path|message" lines.
QStringList problemsOf(const json& doc) {
    std::vector<Diagnostic> problems;
    projectFromJson(doc, builtinStages(), problems);
    QStringList lines;
    for (const auto& p : problems) lines << QString::fromStdString(p.path + "|" + p.message);
    return lines;
}
} // namespace

class TestProject : public QObject {
    Q_OBJECT
private slots:
    void readsAValidProject() {
        QVERIFY(problemsOf(minimalProject()).isEmpty());
        std::vector<Diagnostic> problems;
        const Project p = projectFromJson(minimalProject(), builtinStages(), problems);
        QCOMPARE(p.seed, std::uint64_t(7));
        QCOMPARE(p.size, (LevelSize{20, 10, 2}));
        QCOMPARE(p.recipe.stages.size(), std::size_t(1));
        QCOMPARE(p.recipe.stages[0].params.real("wall_chance"), 0.3);
        QCOMPARE(p.recipe.stages[0].params.integer("rows_per_step"), 0); // default filled in
    }

    void errorsNameTheJsonPath_data() {
        QTest::addColumn<QString>("patch"); // a JSON merge patch applied to the minimal project
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("words");
        QTest::newRow("wrong format") << R"({"format": "tiled"})" << "/format" << "burrow-project";
        QTest::newRow("newer version") << R"({"version": 9})" << "/version" << "newer";
        QTest::newRow("missing seed") << R"({"seed": null})" << "/seed" << "required";
        QTest::newRow("negative seed") << R"({"seed": -4})" << "/seed" << "whole number";
        QTest::newRow("zero width") << R"({"size": {"width": 0}})" << "/size/width" << "from 1 to 4096";
        QTest::newRow("huge depth") << R"({"size": {"depth": 1000}})" << "/size/depth" << "from 1 to 64";
        QTest::newRow("text height") << R"({"size": {"height": "tall"}})" << "/size/height" << "whole number";
        QTest::newRow("recipe not a list") << R"({"recipe": {}})" << "/recipe" << "list of stages";
        QTest::newRow("unknown stage") << R"({"recipe": [{"stage": "lava_flow"}]})" << "/recipe/0/stage" << "known stages";
        QTest::newRow("stage a number") << R"({"recipe": [{"stage": 3}]})" << "/recipe/0/stage" << "expected a stage's name (drone_mining, ";
        QTest::newRow("missing stage") << R"({"recipe": [{"name": "x"}]})" << "/recipe/0/stage" << "required";
        QTest::newRow("param out of range") << R"({"recipe": [{"stage": "random_fill", "params": {"wall_chance": 2}}]})"
                                            << "/recipe/0/params/wall_chance" << "between 0 and 1";
        QTest::newRow("param wrong type") << R"({"recipe": [{"stage": "random_fill", "params": {"wall_chance": "lots"}}]})"
                                          << "/recipe/0/params/wall_chance" << "expected a number";
        QTest::newRow("unknown param") << R"({"recipe": [{"stage": "random_fill", "params": {"wal_chance": 0.1}}]})"
                                       << "/recipe/0/params/wal_chance" << "wall_chance";
        QTest::newRow("depth outside level") << R"({"recipe": [{"stage": "random_fill", "depths": [0, 5]}]})"
                                             << "/recipe/0/depths/1" << "from 0 to 1";
        QTest::newRow("edit outside") << R"({"edits": [[20, 0, 0, "floor"]]})" << "/edits/0/0" << "from 0 to 19";
        QTest::newRow("edit bad tile") << R"({"edits": [[1, 1, 0, "lava"]]})" << "/edits/0/3" << "tile kind";
        QTest::newRow("edit not a list") << R"({"edits": [{"x": 1}]})" << "/edits/0" << "expected [x, y, z";
        QTest::newRow("movement 6") << R"({"movement": 6})" << "/movement" << "4 or 8";
        QTest::newRow("pinned not a list") << R"({"pinned_seeds": 7})" << "/pinned_seeds" << "list of seeds";
        QTest::newRow("pinned negative") << R"({"pinned_seeds": [3, -1]})" << "/pinned_seeds/1" << "whole number 0 to 2^64-1";
        QTest::newRow("pinned text") << R"({"pinned_seeds": ["x"]})" << "/pinned_seeds/0" << "expected a seed";
        QTest::newRow("pinned twice") << R"({"pinned_seeds": [3, 4, 3]})" << "/pinned_seeds/2" << "pinned twice";
        // Work that would run for hours is refused with the estimate, not left running.
        QTest::newRow("drones for hours") << R"({"recipe": [{"stage": "drone_mining", "params": {"drones_max": 100000, "life_max": 10000000}}]})"
                                          << "/recipe/0/params" << "would take about 6.1 hours (2.0e12 drone ticks on 2 depths)";
        QTest::newRow("generations for minutes")
            << R"({"size": {"width": 4096, "height": 4096, "depth": 64}, "recipe": [{"stage": "cellular_caves", "params": {"generations": 1000}}]})"
            << "/recipe/0/params" << "minutes (1.1e12 cell updates on 64 depths); a stage may take at most about 30 s: lower generations";
        QTest::newRow("rooms over rooms")
            << R"({"size": {"width": 4096, "height": 4096}, "recipe": [{"stage": "rooms_and_hallways", "params": {"rooms": 100000, "room_max_width": 4096, "room_max_height": 4096}}]})"
            << "/recipe/0/params" << "lower rooms or the room size";
        QTest::newRow("duplicate names") << R"({"recipe": [{"stage": "random_fill"}, {"stage": "random_fill"}]})"
                                         << "/recipe/1/name" << "unique";
    }
    void errorsNameTheJsonPath() {
        QFETCH(QString, patch);
        QFETCH(QString, path);
        QFETCH(QString, words);
        json doc = minimalProject();
        doc.merge_patch(json::parse(patch.toStdString()));
        const QStringList problems = problemsOf(doc);
        QVERIFY2(!problems.isEmpty(), "no problem reported");
        bool found = false;
        for (const QString& p : problems) found |= p.startsWith(path + "|") && p.contains(words);
        QVERIFY2(found, qPrintable(problems.join("\n")));
    }

    // Earlier files gave region stages their own "connectivity": they still load, the
    // project's movement decides, and the reader says so with the JSON path.
    void oldConnectivityParametersAreIgnoredWithANotice() {
        const nlohmann::json doc = nlohmann::json::parse(R"({"format": "burrow-project", "version": 1, "seed": 1, "movement": 4,
            "size": {"width": 40, "height": 30}, "recipe": [{"stage": "cellular_caves"}, {"stage": "prune_regions", "params": {"connectivity": 8}}]})");
        std::vector<Diagnostic> problems, notices;
        const Project p = projectFromJson(doc, builtinStages(), problems, {}, &notices);
        QVERIFY(problems.empty());
        QCOMPARE(notices.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(notices[0].path), QString("/recipe/1/params/connectivity"));
        QVERIFY(QString::fromStdString(notices[0].message).contains("movement"));
        QVERIFY(projectToJson(p).dump().find("connectivity") == std::string::npos); // gone on the next save
    }

    // Burrow's own files are strict: a typo is an error that names the path and
    // suggests the field meant, instead of silently meaning something else.
    void typosAreErrorsWithSuggestions_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("patch"); // JSON merged into the minimal project (or rules)
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("suggestion");
        QTest::newRow("size.dept") << "project" << R"({"size": {"width": 10, "height": 10, "dept": 3}})" << "/size/dept" << "depth";
        QTest::newRow("top level") << "project" << R"({"movment": 4})" << "/movment" << "movement";
        QTest::newRow("stage field") << "project" << R"({"recipe": [{"stage": "random_fill", "parms": {}}]})" << "/recipe/0/parms" << "params";
        QTest::newRow("parameter") << "project" << R"({"recipe": [{"stage": "random_fill", "params": {"wall_chanse": 0.4}}]})"
                                   << "/recipe/0/params/wall_chanse" << "wall_chance";
        QTest::newRow("scpoe") << "rules" << R"({"groups": [{"name": "boss", "kind": "entities", "scpoe": "level", "number": {"min": 1, "max": 1}, "entities": [{"template": "enemy"}]}]})"
                               << "/groups/0/scpoe" << "scope";
        QTest::newRow("behaviors") << "rules" << R"({"templates": [{"name": "orc", "behaviors": []}], "groups": []})" << "/templates/0/behaviors" << "behaviours";
        QTest::newRow("tile index") << "rules" << R"({"groups": [{"name": "rocks", "kind": "tiles", "number": {"min": 1, "max": 1}, "tiles": [4294967306]}]})"
                                    << "/groups/0/tiles/0" << "";
    }
    void typosAreErrorsWithSuggestions() {
        QFETCH(QString, file);
        QFETCH(QString, patch);
        QFETCH(QString, path);
        QFETCH(QString, suggestion);
        std::vector<Diagnostic> problems;
        if (file == "project") {
            json doc = minimalProject();
            doc.merge_patch(json::parse(patch.toStdString()));
            projectFromJson(doc, builtinStages(), problems);
        } else {
            json doc = {{"format", "burrow-rules"}, {"version", 1}};
            doc.merge_patch(json::parse(patch.toStdString()));
            rulesFromJson(doc, problems);
        }
        QString all;
        for (const Diagnostic& d : problems) all += QString::fromStdString(d.path + ": " + d.message) + "\n";
        QVERIFY2(std::any_of(problems.begin(), problems.end(), [&](const Diagnostic& d) { return QString::fromStdString(d.path) == path; }), qPrintable(all));
        if (!suggestion.isEmpty()) QVERIFY2(all.contains("did you mean \"" + suggestion + "\""), qPrintable(all));
    }

    void notAnObjectIsAnError() {
        QVERIFY(!problemsOf(json::array()).isEmpty());
        QVERIFY(!problemsOf(json(3)).isEmpty());
    }

    // Pinned seeds are kept in order through a save, and choose no level.
    void pinnedSeedsRoundTripOutsideTheHash() {
        json doc = minimalProject();
        doc["pinned_seeds"] = {18446744073709551615ull, 3, 0};
        std::vector<Diagnostic> problems;
        const Project p = projectFromJson(doc, builtinStages(), problems);
        QVERIFY(problems.empty());
        QCOMPARE(p.pinnedSeeds, (std::vector<std::uint64_t>{18446744073709551615ull, 3, 0}));
        const Project back = projectFromJson(json::parse(projectToJson(p).dump()), builtinStages(), problems);
        QVERIFY(problems.empty() && back == p);
        Project unpinned = p;
        unpinned.pinnedSeeds.clear();
        QCOMPARE(projectHash(unpinned), projectHash(p));
        QVERIFY(projectToJson(unpinned).dump().find("pinned_seeds") == std::string::npos);
    }

    void textSeedsAndExtraDataRoundTrip() {
        json doc = minimalProject();
        doc["seed"] = "dragon lair";
        doc["extra"] = {{"editor", {{"zoom", 4}}}};
        doc["recipe"][0]["extra"] = {{"note", "keep me"}};
        doc["edits"] = json::parse(R"([[3, 2, 1, "water"], [0, 0, 0, "stairs_down"]])");
        std::vector<Diagnostic> problems;
        const Project p = projectFromJson(doc, builtinStages(), problems);
        QVERIFY(problems.empty());
        QCOMPARE(p.seed, seedFromText("dragon lair"));
        const json written = json::parse(projectToJson(p).dump());
        QCOMPARE(written["seed"], json("dragon lair"));
        QCOMPARE(written["extra"]["editor"]["zoom"], json(4));
        QCOMPARE(written["recipe"][0]["extra"]["note"], json("keep me"));
        QCOMPARE(written["edits"], json::parse(R"([[0, 0, 0, "stairs_down"], [3, 2, 1, "water"]])")); // sorted by depth, row, column
        const Project again = projectFromJson(written, builtinStages(), problems);
        QVERIFY(problems.empty());
        QVERIFY(again == p);
    }

    void fileErrorsNameTheFile() {
        QTemporaryDir dir;
        const std::string bad = (dir.path() + "/bad.burrow.json").toStdString();
        std::ofstream(bad) << "{\n  \"format\": \"burrow-project\",\n  \"seed\": ,\n}";
        try {
            loadProject(bad, builtinStages());
            QFAIL("loaded broken JSON");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("bad.burrow.json") && QString(e.what()).contains("line 3"), e.what());
        }
        try {
            loadProject(dir.path().toStdString() + "/missing.burrow.json", builtinStages());
            QFAIL("loaded a missing file");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("missing.burrow.json"), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(FileError, loadProject(dir.path().toStdString(), builtinStages()));
    }

    void saveIsAtomicAndReloads() {
        QTemporaryDir dir;
        const std::filesystem::path file = (dir.path() + "/p.burrow.json").toStdString();
        std::vector<Diagnostic> problems;
        const Project p = projectFromJson(minimalProject(), builtinStages(), problems);
        saveProject(p, file);
        QVERIFY(loadProject(file, builtinStages()) == p);
        QVERIFY(!std::filesystem::exists(file.string() + ".saving~"));
        // A save into a folder that does not exist fails and says where.
        QVERIFY_THROWS_EXCEPTION(FileError, saveProject(p, dir.path().toStdString() + "/no/such/folder/p.burrow.json"));
    }

    // A Save As into another folder names the files the project uses from there: the
    // shrines' crypt (a Tiled map) and game tilesets (a .tsj with its PNG, and a PNG)
    // are found again and the level is the same. Saved where it was, every name stays
    // as the designer wrote it.
    void saveAsIntoAnotherFolderStillFindsItsFiles() {
        namespace fs = std::filesystem;
        const Project p = loadProject(fs::path(BURROW_EXAMPLES) / "shrines.burrow.json", builtinStages());
        QVERIFY(!p.gameTiles.tilesets.empty() && !p.prefabs.sources.empty());
        QTemporaryDir dir;
        const fs::path moved = fs::path(dir.path().toStdString()) / "elsewhere" / "shrines.burrow.json";
        fs::create_directories(moved.parent_path());
        saveProject(p, moved);
        const Project back = loadProject(moved, builtinStages());
        QVERIFY(back.prefabs.prefabs == p.prefabs.prefabs);
        QCOMPARE(back.gameTiles.tilesets.size(), p.gameTiles.tilesets.size());
        for (std::size_t i = 0; i < p.gameTiles.tilesets.size(); ++i) {
            QCOMPARE(back.gameTiles.tilesets[i].imagePath.lexically_normal(), p.gameTiles.tilesets[i].imagePath.lexically_normal());
            QCOMPARE(back.gameTiles.tilesets[i].sourcePath.lexically_normal(), p.gameTiles.tilesets[i].sourcePath.lexically_normal());
        }
        QCOMPARE(levelHash(makeLevel(back, 3).level), levelHash(makeLevel(p, 3).level));
        const std::string written = readTextFile(moved);
        QVERIFY2(written.find("\"../") != std::string::npos, written.c_str()); // named from the new folder
        saveProject(back, moved);
        QCOMPARE(readTextFile(moved), written);
        QVERIFY(projectToJson(withFilesNamedFrom(p, BURROW_EXAMPLES)) == projectToJson(p));
    }

    void everyExampleLoads() {
        int count = 0;
        for (const auto& entry : std::filesystem::directory_iterator(BURROW_EXAMPLES)) {
            if (entry.path().string().find(".burrow.json") == std::string::npos) continue;
            try {
                loadProject(entry.path(), builtinStages());
            } catch (const FileError& e) {
                QFAIL(e.what());
            }
            ++count;
        }
        QVERIFY(count >= 1);
    }
};

BURROW_TEST_APPLESS_MAIN(TestProject)
#include "test_project.moc"
