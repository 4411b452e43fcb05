// The headless subcommands, run in-process through the same entry point as `burrow`.
#include <QTest>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <algorithm>
#include <csignal>
#include <thread>

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include "test_main.h"
#include "cli_test_helpers.h"
#include "cli/cli.h"
#include "content/metric_catalog.h"
#include "pipeline/builtin_stages.h"
#include "cli/stage_reference.h"
#include "io/ascii_map.h"
#include <nlohmann/json.hpp>
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"
#include "pipeline/memory_estimate.h"


using burrow::test::kExample;
using burrow::test::levelHashIn;
using burrow::test::Result;
using burrow::test::runCli;

class TestCli : public QObject {
    Q_OBJECT
private slots:
    // A designer paints a fix and saves: every command makes the level with the fix,
    // and they all print the same level hash (the one the editor shows).
    void handEditsReachEveryCommand() {
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        std::filesystem::copy_file(std::string(BURROW_EXAMPLES) + "/rooms-and-hallways.rules.json", folder / "rooms-and-hallways.rules.json");
        burrow::Project project = burrow::loadProject(std::string(BURROW_EXAMPLES) + "/rooms-and-hallways.burrow.json", burrow::builtinStages());
        const std::string plain = burrow::levelHash(burrow::makeLevel(project).level);
        for (int x = 0; x < project.size.width; ++x) project.edits.set({x, 0, 0}, burrow::Tile::Water);
        const std::string file = (folder / "edited.burrow.json").string();
        burrow::saveProject(project, file);
        const QString expected = QString::fromStdString(burrow::levelHash(burrow::makeLevel(burrow::loadProject(file, burrow::builtinStages())).level));
        QVERIFY(expected != QString::fromStdString(plain));

        const Result generated = runCli({"generate", file, "--out", (folder / "out").string()});
        QCOMPARE(generated.code, 0);
        const std::string map = burrow::readTextFile(folder / "out" / "edited.txt");
        QCOMPARE(QString::fromStdString(map.substr(0, static_cast<std::size_t>(project.size.width))), QString(project.size.width, '~'));
        const Result stats = runCli({"stats", file, "--json"});
        const Result statsText = runCli({"stats", file});
        const Result played = runCli({"play", file, "--bot", "--runs", "1", "--json"});
        QCOMPARE(stats.code, 0);
        QCOMPARE(played.code, 0);
        QCOMPARE(levelHashIn(generated.out), expected);
        QCOMPARE(levelHashIn(stats.out), expected);
        QCOMPARE(levelHashIn(statsText.out), expected);
        QCOMPARE(levelHashIn(played.out), expected);
        // The project hash covers the edits too, so a replay notices them.
        QVERIFY(stats.out.contains(QString::fromStdString(burrow::projectHash(project))));
    }

    void helpAndVersionNeedNoDisplay() {
        const Result help = runCli({"--help"});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains("generate") && help.out.contains("validate"));
        QCOMPARE(runCli({"--version"}).code, 0);
        QCOMPARE(runCli({"generate", "--help"}).code, 0);
        QCOMPARE(runCli({"some-project.burrow.json"}).code, -1); // not a command: the editor opens it
    }

    void generateWritesTheAsciiMap() {
        QTemporaryDir dir;
        const Result r = runCli({"generate", kExample, "--out", dir.path().toStdString()});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const std::string file = dir.path().toStdString() + "/random-fill.txt";
        QVERIFY2(r.out.contains(QString::fromStdString(file)), qPrintable(r.out));
        const burrow::Level level = burrow::levelFromAscii(burrow::readTextFile(file));
        const burrow::Project project = burrow::loadProject(kExample, burrow::builtinStages());
        QCOMPARE(level.width(), project.size.width);
        QCOMPARE(level.height(), project.size.height);

        // Same seed, same bytes; another seed, another map.
        QTemporaryDir again;
        runCli({"generate", kExample, "--out", again.path().toStdString()});
        QCOMPARE(burrow::readTextFile(again.path().toStdString() + "/random-fill.txt"), burrow::readTextFile(file));
        runCli({"generate", kExample, "--seed", "99", "--out", again.path().toStdString()});
        QVERIFY(burrow::readTextFile(again.path().toStdString() + "/random-fill.txt") != burrow::readTextFile(file));
    }

    // A level that alone would not fit in the memory budget is refused before any
    // work, with the estimate, by every command that makes one; jobs are capped to
    // what fits.
    void commandsKeepToTheMemoryBudget() {
        QTemporaryDir dir;
        const std::string huge = dir.path().toStdString() + "/huge.burrow.json";
        const std::string caves = std::string(BURROW_EXAMPLES) + "/cellular-depths";
        nlohmann::json doc = nlohmann::json::parse(burrow::readTextFile(caves + ".burrow.json"));
        std::filesystem::copy_file(caves + ".rules.json", dir.path().toStdString() + "/cellular-depths.rules.json");
        doc["size"] = {{"width", 4096}, {"height", 4096}, {"depth", 64}}; // a 1 GiB level
        burrow::writeFileAtomically(huge, doc.dump());
        // Generating it fits the default 4 GiB (about 1.6 GiB estimated: text is
        // streamed to its file), but not 1 GiB; its stats and bot games do not fit 4.
        for (const auto& [command, budget] : {std::pair{std::vector<std::string>{"generate", huge, "--out", dir.path().toStdString(), "--memory", "1"}, "1.0 GiB"},
                                              std::pair{std::vector<std::string>{"stats", huge}, "4.0 GiB"}, std::pair{std::vector<std::string>{"play", huge, "--bot"}, "4.0 GiB"}}) {
            const Result r = runCli(command);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("a 4096 x 4096 x 64 level needs about") && r.err.contains(QString("above the memory budget of ") + budget), qPrintable(r.err));
            QVERIFY(!QFileInfo::exists(dir.path() + "/huge.txt"));
        }
        const burrow::Project loaded = burrow::loadProject(huge, burrow::builtinStages());
        const burrow::MemoryNeed generating = burrow::generateMemory(loaded, burrow::ExportRequest{});
        QVERIFY2(generating.total(1) < (std::uint64_t{2} << 30), qPrintable(QString::number(generating.total(1))));
        burrow::Project project;
        project.size = {4096, 4096, 64};
        const burrow::MemoryNeed need{std::uint64_t{1} << 30, std::uint64_t{512} << 20};
        QCOMPARE(burrow::jobsWithin(need, 16, std::uint64_t{4} << 30, project), 6); // (4 - 1) GiB / 0.5 GiB
        QCOMPARE(burrow::jobsWithin(need, 2, std::uint64_t{4} << 30, project), 2);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, burrow::jobsWithin(need, 1, std::uint64_t{1} << 30, project));
    }

    // A project with the game's tiles exports with them at their size; --burrow-tiles
    // goes back to Burrow's glyph sheet, and --cell cannot resize the game's art.
    void generateUsesTheGamesTilesUnlessAskedNot() {
        const std::string lava = std::string(BURROW_EXAMPLES) + "/lava-caves.burrow.json";
        QTemporaryDir dir;
        const std::string game = dir.path().toStdString() + "/game", plain = dir.path().toStdString() + "/plain";
        QCOMPARE(runCli({"generate", lava, "--depth", "0", "--format", "tmj,png", "--out", game}).code, 0);
        const auto map = nlohmann::json::parse(burrow::readTextFile(game + "/lava-caves-depth-0.tmj"));
        QCOMPARE(map["tilewidth"].get<int>(), 16);
        // The game's tileset embedded, its art copied into the export folder.
        QCOMPARE(map["tilesets"][0]["image"].get<std::string>(), std::string("art/cave-tiles.png"));
        QVERIFY(std::filesystem::exists(game + "/art/cave-tiles.png"));
        // --tilesets external: a .tsj beside the TMJ, a .tsx beside the TMX, each map naming its own.
        const std::string external = dir.path().toStdString() + "/external";
        QCOMPARE(runCli({"generate", lava, "--depth", "0", "--format", "tmj,tmx", "--tilesets", "external", "--out", external}).code, 0);
        const auto tmj = nlohmann::json::parse(burrow::readTextFile(external + "/lava-caves-depth-0.tmj"));
        QCOMPARE(tmj["tilesets"][0]["source"].get<std::string>(), std::string("lava-caves-cave-tiles.tsj"));
        const std::string tmx = burrow::readTextFile(external + "/lava-caves-depth-0.tmx");
        QVERIFY(tmx.find("source=\"lava-caves-cave-tiles.tsx\"") != std::string::npos && tmx.find(".tsj") == std::string::npos);
        QCOMPARE(nlohmann::json::parse(burrow::readTextFile(external + "/lava-caves-cave-tiles.tsj"))["image"].get<std::string>(), std::string("art/cave-tiles.png"));
        QVERIFY(burrow::readTextFile(external + "/lava-caves-burrow-tiles.tsx").find("<image source=\"lava-caves-tiles.png\"") != std::string::npos);
        QCOMPARE(runCli({"generate", lava, "--tilesets", "inline", "--out", external}).code, 2);
        QCOMPARE(runCli({"generate", lava, "--depth", "0", "--format", "tmj", "--burrow-tiles", "--cell", "8", "--out", plain}).code, 0);
        const auto glyphs = nlohmann::json::parse(burrow::readTextFile(plain + "/lava-caves-depth-0.tmj"));
        QCOMPARE(glyphs["tilewidth"].get<int>(), 8);
        QCOMPARE(glyphs["tilesets"][0]["name"].get<std::string>(), std::string("burrow-tiles"));
        const Result refused = runCli({"generate", lava, "--format", "png", "--cell", "8", "--out", plain});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains("game tiles are 16 px") && refused.err.contains("--burrow-tiles"), qPrintable(refused.err));
    }

    void badUsageIsExitTwo() {
        QCOMPARE(runCli({"generate"}).code, 2);
        QCOMPARE(runCli({"generate", kExample, "--format", "bmp"}).code, 2);
        const Result r = runCli({"generate", kExample, "--bogus"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--bogus"));
    }

    // --until names a stage or breakpoint that exists: a typo is exit 2 naming the
    // valid ones, never a silent run to the end. A level exported at a breakpoint says
    // what it lacks, and its hash is marked partial.
    void untilRefusesWhatCanNeverHit() {
        const std::string caves = std::string(BURROW_EXAMPLES) + "/cellular-depths.burrow.json";
        QTemporaryDir dir;
        const Result typo = runCli({"generate", caves, "--until", "stage-end:prnue", "--out", dir.path().toStdString()});
        QCOMPARE(typo.code, 2);
        QVERIFY2(typo.err.contains("no stage \"prnue\"") && typo.err.contains("prune"), qPrintable(typo.err));
        QCOMPARE(runCli({"generate", caves, "--until", "stage-finishes", "--out", dir.path().toStdString()}).code, 2);
        QCOMPARE(runCli({"generate", caves, "--until", "cell:5000,1,0", "--out", dir.path().toStdString()}).code, 2);
        QVERIFY(QDir(dir.path()).isEmpty()); // nothing written

        const Result partial = runCli({"generate", caves, "--until", "stage-end:prune", "--format", "txt,tmj", "--out", dir.path().toStdString()});
        QVERIFY2(partial.code == 0, qPrintable(partial.err));
        QVERIFY2(partial.out.contains("the level is partial: it lacks the stages from"), qPrintable(partial.out));
        QVERIFY2(partial.out.contains("level hash partial-"), qPrintable(partial.out));
        const auto tmj = QDir(dir.path()).entryList({"*.tmj"});
        QVERIFY(!tmj.isEmpty());
        const auto map = nlohmann::json::parse(burrow::readTextFile((dir.path() + "/" + tmj.front()).toStdString()));
        bool saysUnfinished = false;
        for (const auto& property : map["properties"]) {
            if (property["name"] == "level_hash") QVERIFY(QString::fromStdString(property["value"].get<std::string>()).startsWith("partial-"));
            saysUnfinished |= property["name"] == "unfinished";
        }
        QVERIFY(saysUnfinished);
    }

    // Two populate stages that define one template differently: validate refuses
    // the project (exit 1), naming the template.
    void validateRefusesTemplatesDefinedTwice() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/twice.burrow.json";
        auto rules = [](int hp) {
            return nlohmann::json{{"format", "burrow-rules"}, {"version", 1}, {"templates", {{{"name", "boss"}, {"glyph", "B"}, {"kind", "creature"}, {"max_hp", hp}}}}, {"groups", nlohmann::json::array()}};
        };
        nlohmann::json doc = nlohmann::json::parse(burrow::readTextFile(kExample));
        doc["recipe"].push_back({{"stage", "populate"}, {"name", "first"}, {"rules", rules(10)}});
        doc["recipe"].push_back({{"stage", "populate"}, {"name", "second"}, {"rules", rules(11)}});
        std::ofstream(path) << doc.dump(2);
        const Result r = runCli({"validate", path});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("template \"boss\" is defined differently by stage 'first'"), qPrintable(r.err));
    }

    // docs/project-format.md shows exactly what `burrow stages --markdown` prints, so
    // the documented defaults and ranges are the ones the code uses.
    void stageDocsMatchTheCatalog() {
        const std::string doc = burrow::readTextFile(std::string(BURROW_SOURCE_DIR) + "/docs/project-format.md");
        const std::string begin = "<!-- stages:begin -->\n", end = "<!-- stages:end -->";
        const auto from = doc.find(begin), to = doc.find(end);
        QVERIFY(from != std::string::npos && to != std::string::npos);
        const std::string documented = doc.substr(from + begin.size(), to - from - begin.size());
        QCOMPARE(QString::fromStdString(documented), QString::fromStdString(burrow::cli::stageReferenceMarkdown(burrow::builtinStages())));
        const Result r = runCli({"stages"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("cellular_caves") && r.out.contains("born"));
    }

    void statsJsonHasTheDocumentedKeys() {
        const Result r = runCli({"stats", std::string(BURROW_EXAMPLES) + "/cellular-depths.burrow.json", "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto doc = nlohmann::json::parse(r.out.toStdString()); // throws (and fails the test) if not JSON
        for (const char* key : {"project", "seed", "movement", "start", "total", "depths"}) QVERIFY2(doc.contains(key), key);
        // Every metric of the catalog up to the search cost, per depth where it is one.
        for (const burrow::MetricInfo& m : burrow::metricCatalog()) {
            const bool measured = m.cost != burrow::MetricCost::BotGames;
            QVERIFY2(doc["total"].contains(m.id) == measured, m.id.c_str());
            for (const auto& depth : doc["depths"]) QVERIFY2(depth.contains(m.id) == (measured && m.perDepth), m.id.c_str());
        }
        QCOMPARE(doc["depths"].size(), std::size_t(6));
        for (const auto& depth : doc["depths"]) QVERIFY(depth.contains("unreachable_regions") && depth.contains("depth"));
        QVERIFY(doc["total"]["stairs_pairs"].get<int>() > 0);
        QVERIFY(doc["total"]["start_to_exit"].is_null()); // the example has no exit
        // The table form names unreachable regions the same way.
        const Result table = runCli({"stats", std::string(BURROW_EXAMPLES) + "/cellular-depths.burrow.json"});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("reachable_share"));
        // docs/cli.md shows exactly what `burrow metrics --markdown` prints.
        const std::string docs = burrow::readTextFile(std::string(BURROW_SOURCE_DIR) + "/docs/cli.md");
        const std::string begin = "<!-- metrics:begin -->\n", end = "<!-- metrics:end -->";
        const auto from = docs.find(begin), to = docs.find(end);
        QVERIFY(from != std::string::npos && to != std::string::npos);
        QCOMPARE(QString::fromStdString(docs.substr(from + begin.size(), to - from - begin.size())), QString::fromStdString(burrow::cli::metricsMarkdown()));
    }

    // generate --accept keeps the first attempt that passes and says how to make it
    // again; a rule no attempt meets fails, naming the closest.
    void generateAcceptKeepsPassingLevels() {
        QTemporaryDir dir;
        auto project = nlohmann::json::parse(burrow::readTextFile(std::string(BURROW_EXAMPLES) + "/cellular-depths.burrow.json"));
        project["recipe"][3]["rules"] = std::string(BURROW_EXAMPLES) + "/cellular-depths.rules.json";
        project["acceptance"] = {{"attempts", 40}, {"rules", {{{"metric", "reachable_share"}, {"min", 0.99}}, {{"metric", "start_to_deepest"}, {"min", 70}}}}};
        const std::string file = dir.filePath("accept.burrow.json").toStdString();
        burrow::writeFileAtomically(file, project.dump(2));
        const std::string out = dir.filePath("out").toStdString();
        const Result r = runCli({"generate", file, "--accept", "--seeds", "1..4", "--out", out});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        for (int seed = 1; seed <= 4; ++seed) {
            const std::string folder = out + "/seed-" + std::to_string(seed);
            const auto report = nlohmann::json::parse(burrow::readTextFile(folder + "/accept.acceptance.json"));
            QVERIFY(report["accepted"].get<bool>());
            QVERIFY(report["metrics"]["reachable_share"].get<double>() >= 0.99);
            QVERIFY(report["metrics"]["start_to_deepest"].get<double>() >= 70);
            QCOMPARE(report["rejected"].size(), report["attempt"].get<std::size_t>() - 1);
            // The level seed alone makes the same level, without the rules.
            const Result again = runCli({"stats", file, "--seed", std::to_string(report["level_seed"].get<std::uint64_t>()), "--json"});
            QCOMPARE(nlohmann::json::parse(again.out.toStdString())["level_hash"], report["level_hash"]);
            // And the exported map says which seed that is.
            QVERIFY(QString::fromStdString(burrow::readTextFile(folder + "/accept.txt")).size() > 0);
        }
        project["acceptance"]["rules"] = {{{"metric", "floor_share"}, {"min", 0.9}}};
        project["acceptance"]["attempts"] = 3;
        burrow::writeFileAtomically(file, project.dump(2));
        const Result none = runCli({"generate", file, "--accept", "--seed", "7", "--out", out + "/none"});
        QCOMPARE(none.code, 1);
        QVERIFY2(none.err.contains("seed 7: none of 3 attempts passes; the closest, attempt") && none.err.contains("breaks floor_share >= 0.9: 0."), qPrintable(none.err));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(out + "/none/accept.txt")));
        QVERIFY(QFileInfo::exists(QString::fromStdString(out + "/none/accept.acceptance.json")));
        QVERIFY(runCli({"generate", std::string(BURROW_EXAMPLES) + "/random-fill.burrow.json", "--accept", "--out", out}).err.contains("has no acceptance rules"));
    }

    // explore: shards 1/3, 2/3 and 3/3 merged write what one run writes, byte for
    // byte; the HTML report parses and says what the JSON says.
    void exploreShardsMergeToTheSingleRun() {
        QTemporaryDir dir;
        const std::string project = std::string(BURROW_EXAMPLES) + "/cellular-depths.burrow.json";
        const std::string one = dir.filePath("one").toStdString(), parts = dir.filePath("parts").toStdString(), merged = dir.filePath("merged").toStdString();
        const std::vector<std::string> pairs = {"--pair", "floor_share,start_to_deepest", "--pair", "loops,regions"};
        auto with = [&](std::vector<std::string> args) {
            args.insert(args.end(), pairs.begin(), pairs.end());
            return runCli(args);
        };
        Result r = with({"explore", project, "--seeds", "10..39", "--jobs", "2", "--out", one});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const char* shard : {"1/3", "2/3", "3/3"}) QCOMPARE(with({"explore", project, "--seeds", "10..39", "--shard", shard, "--out", parts}).code, 0);
        r = with({"explore", project, "--merge", parts + "/part-2-of-3.jsonl", parts + "/part-3-of-3.jsonl", parts + "/part-1-of-3.jsonl", "--out", merged});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const char* file : {"seeds.jsonl", "summary.json", "report.html", "contact-sheet.png"})
            QVERIFY2(burrow::readTextFile(one + "/" + file) == burrow::readTextFile(merged + "/" + file), file);

        // Each shard holds its manifest, then every third seed.
        const std::string first = burrow::readTextFile(parts + "/part-1-of-3.jsonl");
        QCOMPARE(std::count(first.begin(), first.end(), '\n'), 11L);
        QVERIFY(first.rfind("{\"format\":\"burrow-explore-part\",", 0) == 0);
        QVERIFY(first.find("\n{\"seed\":10,") != std::string::npos && first.find("{\"seed\":13,") != std::string::npos && first.find("{\"seed\":11,") == std::string::npos);

        // The report's numbers are the summary's.
        const auto summary = nlohmann::json::parse(burrow::readTextFile(one + "/summary.json"));
        QCOMPARE(summary["seeds"].get<int>(), 30);
        QXmlStreamReader html(QString::fromStdString(burrow::readTextFile(one + "/report.html")));
        QString section;
        int values = 0, bars = 0, pairCells = 0;
        std::vector<int> counts;
        while (!html.atEnd()) {
            if (html.readNext() != QXmlStreamReader::StartElement) continue;
            const auto at = html.attributes();
            if (html.name() == QLatin1String("section")) {
                if (!section.isEmpty()) {
                    const auto& m = summary["metrics"][section.toStdString()];
                    // A metric with one value for every seed is said in words, without bars.
                    if (counts.empty()) QCOMPARE(m["min"], m["max"]);
                    else QCOMPARE(counts, m["histogram"]["counts"].get<std::vector<int>>());
                }
                section = at.value("id").toString();
                counts.clear();
            }
            if (html.name() == QLatin1String("p") && at.value("id") == QLatin1String("overview")) QCOMPARE(at.value("data-seeds").toInt(), 30);
            if (at.hasAttribute("data-key")) {
                const auto& expected = summary["metrics"][section.toStdString()][at.value("data-key").toString().toStdString()];
                QCOMPARE(nlohmann::json::parse(at.value("data-value").toString().toStdString()), expected);
                ++values;
            }
            if (html.name() == QLatin1String("rect") && at.hasAttribute("data-count")) {
                if (section.isEmpty()) ++pairCells;
                else {
                    counts.push_back(at.value("data-count").toInt());
                    ++bars;
                }
            }
        }
        QVERIFY2(!html.hasError(), qPrintable(html.errorString()));
        QCOMPARE(values, 4 * static_cast<int>(summary["metrics"].size()));
        QVERIFY(bars > 0);
        int pairTotal = 0;
        for (const auto& p : summary["pairs"]) pairTotal += static_cast<int>(p["counts"].size());
        QCOMPARE(pairCells, pairTotal);

        // Parts that overlap, or come from another project, are refused.
        QVERIFY(runCli({"explore", project, "--merge", parts + "/part-1-of-3.jsonl", parts + "/part-1-of-3.jsonl"}).err.contains("shard 1 of 3 again"));
        QVERIFY(runCli({"explore", std::string(BURROW_EXAMPLES) + "/random-fill.burrow.json", "--merge", parts + "/part-1-of-3.jsonl"})
                    .err.contains("made from another project"));
        QVERIFY(runCli({"explore", project, "--seeds", "1..5", "--shard", "4/3"}).err.contains("--shard needs K/N"));
        QVERIFY(runCli({"explore", project, "--seeds", "1..5", "--pair", "floor,loops"}).err.contains("--pair needs two metric ids"));
    }

    void statsOverSeedsGivesEachSeedAndTheDistribution() {
        const Result r = runCli({"stats", std::string(BURROW_EXAMPLES) + "/rooms-and-hallways.burrow.json", "--seeds", "1..9", "--jobs", "2", "--json"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto doc = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(doc["seeds"].size(), std::size_t(9));
        QCOMPARE(doc["seeds"][4]["seed"].get<int>(), 5);
        std::vector<double> floors;
        for (const auto& s : doc["seeds"]) floors.push_back(s["metrics"]["floor_share"].get<double>());
        std::sort(floors.begin(), floors.end());
        const auto& d = doc["distribution"]["floor_share"];
        QCOMPARE(d["min"].get<double>(), floors.front());
        QCOMPARE(d["median"].get<double>(), floors[4]);
        QCOMPARE(d["max"].get<double>(), floors.back());
        // The same as asking seed by seed.
        const Result one = runCli({"stats", std::string(BURROW_EXAMPLES) + "/rooms-and-hallways.burrow.json", "--seed", "5", "--json"});
        QCOMPARE(nlohmann::json::parse(one.out.toStdString())["total"], doc["seeds"][4]["metrics"]);
    }

    // Hostile numbers and nesting name the file and the JSON path, and validate goes on
    // to check every file it was given.
    void validateChecksEveryFileWhateverIsInThem() {
        QTemporaryDir dir;
        const std::string big = dir.path().toStdString() + "/big.json", deep = dir.path().toStdString() + "/deep.json";
        std::ofstream(big) << R"({"format": "burrow-project", "version": 1, "seed": 1, "size": {"width": 1e400, "height": 5}, "recipe": []})";
        std::ofstream(deep) << std::string(100000, '[') << std::string(100000, ']');
        const Result r = runCli({"validate", big, deep, kExample});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("big.json: at /size/width: a number too large"), qPrintable(r.err));
        QVERIFY2(r.err.contains("deep.json") && r.err.contains("nested more than 64 levels"), qPrintable(r.err));
        QVERIFY2(r.out.contains("random-fill.burrow.json: valid"), qPrintable(r.out));
        // Just inside the limit still parses.
        std::ofstream(deep) << std::string(63, '[') << std::string(63, ']');
        QCOMPARE(burrow::parseJsonFile(deep).size(), std::size_t(1));
    }

    // Ctrl+C stops a long batch cleanly: exit 130, every folder written is whole, no
    // temporary file is left behind, and a second run could pick up from there.
    void ctrlCStopsABatchCleanly() {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString() + "/batch";
        Result r;
        std::thread run([&] { r = runCli({"generate", kExample, "--seeds", "1..100000", "--jobs", "2", "--out", out}); });
        QTest::qWait(300);
        std::raise(SIGINT);
        run.join();
        QCOMPARE(r.code, 130);
        QVERIFY2(r.out.contains("stopped by Ctrl+C"), qPrintable(r.out));
        int folders = 0;
        for (const auto& seed : std::filesystem::directory_iterator(out)) {
            ++folders;
            for (const auto& file : std::filesystem::directory_iterator(seed.path())) {
                QVERIFY2(file.path().filename().string()[0] != '.', qPrintable(QString::fromStdString(file.path().string()))); // no temporary
                const std::string text = burrow::readTextFile(file.path());
                if (file.path().extension() == ".json") QVERIFY(!nlohmann::json::parse(text, nullptr, false).is_discarded()); // the provenance sidecar, whole
                else QCOMPARE(std::count(text.begin(), text.end(), '\n'), std::ptrdiff_t(16)); // the whole 32 x 16 map
            }
        }
        QVERIFY(folders > 0 && folders < 100000);
    }

    void validateReportsFileAndPath() {
        QTemporaryDir dir;
        const std::string bad = dir.path().toStdString() + "/bad.burrow.json";
        std::ofstream(bad) << R"({"format":"burrow-project","version":1,"seed":1,"size":{"width":0,"height":5},"recipe":[]})";
        const Result r = runCli({"validate", kExample, bad});
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.contains("random-fill.burrow.json: valid"));
        QVERIFY2(r.err.contains("bad.burrow.json: at /size/width:"), qPrintable(r.err));
        QCOMPARE(runCli({"validate", kExample}).code, 0);
        // Rules files too, in either dialect, told apart by content.
        const Result rules = runCli({"validate", BURROW_TEST_DATA "/seed-002-population.json", std::string(BURROW_EXAMPLES) + "/room-grid.rules.json"});
        QVERIFY2(rules.code == 0, qPrintable(rules.err));
        const std::string badRules = dir.path().toStdString() + "/bad.rules.json";
        std::ofstream(badRules) << R"({"prefabs": {"enemies": {"number": {"min": 1, "max": 3}, "possible_prefabs": [{"prefab": "orc"}]}}})";
        const Result bad2 = runCli({"validate", badRules});
        QCOMPARE(bad2.code, 1);
        QVERIFY2(bad2.err.contains("bad.rules.json: at /prefabs/enemies/possible_prefabs/0/prefab: unknown template \"orc\""), qPrintable(bad2.err));
    }
};

BURROW_TEST_APPLESS_MAIN(TestCli)
#include "test_cli.moc"
