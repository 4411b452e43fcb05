// Hostile files, round 3: the reproducers of each defect found on the surfaces added
// since the first rounds (Tiled and text prefabs, prefab libraries, PNG art, merge
// parts, replays), each refused with its file and where in it, or read as it should
// be. CI runs this under ASan + UBSan too, so a use-after-free or an overflow fails it.
#include <QTest>

#include <QProcess>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include "test_main.h"
#include "cli/cli.h"
#include "content/prefab_tiled.h"
#include "content/tiled_tileset.h"
#include "io/file_io.h"
#include "io/json_checker.h"
#include "io/png_reader.h"
#include "io/utf8.h"
#include "io/xml_tags.h"
#include "model/tile_kinds.h"
#include "play/replay.h"
#include "project/project.h"
#include "random/rng.h"
#include "project_test_helpers.h"

using namespace burrow;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

// The message of the FileError that reading `read` throws; fails the test if none.
template <typename Read>
QString refusal(Read read) {
    try {
        read();
    } catch (const FileError& e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("<nothing was refused>");
}

// A project in `folder` whose only prefab is the Tiled map `map` (file name in folder).
json projectWithTiledPrefab(const std::string& map) {
    json doc = test::minimalProject();
    doc["prefabs"] = json::array({{{"id", "p"}, {"tiled", map}}});
    return doc;
}

QString projectRefusal(const fs::path& folder, const json& doc) {
    write(folder / "t.burrow.json", doc.dump(1));
    return refusal([&] { (void)loadProject(folder / "t.burrow.json", builtinStages()); });
}

// A small Tiled map as JSON, one tileset of floor (gid 1) and wall (gid 2).
json tiledMap(int width, int height, json data, json objects = json::array()) {
    return {{"type", "map"}, {"width", width}, {"height", height}, {"tilewidth", 16}, {"tileheight", 16},
            {"tilesets", json::array({{{"firstgid", 1}, {"tiles", json::array({{{"id", 0}, {"type", "floor"}}, {{"id", 1}, {"type", "wall"}}})}}})},
            {"layers", json::array({{{"type", "tilelayer"}, {"data", std::move(data)}}, {{"type", "objectgroup"}, {"objects", std::move(objects)}}})}};
}

struct CliResult {
    int code = -1;
    std::string out, err;
};
CliResult runCliText(std::vector<std::string> args) {
    std::ostringstream out, err;
    CliResult r;
    r.code = cli::run(args, out, err).value_or(-1);
    r.out = out.str();
    r.err = err.str();
    return r;
}

} // namespace

class TestHostileFiles : public QObject {
    Q_OBJECT
private slots:
    // Defect 1: a second <map> inside a layer used to leave the reader holding a
    // pointer into the map it replaced (a use-after-free under ASan).
    void aSecondMapElementIsRefused() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        for (const char* tmx : {R"(<map width="1" height="1"><layer><map/></layer></map>)",
                                R"(<map width="1" height="1"><objectgroup><object id="1"><map/><property name="a" value="b"/></object></objectgroup></map>)"}) {
            write(folder / "m.tmx", tmx);
            const QString message = projectRefusal(folder, projectWithTiledPrefab("m.tmx"));
            QVERIFY2(message.contains("m.tmx") && message.contains("second <map>") && message.contains("t.burrow.json"), qPrintable(message));
        }
    }

    // A tileset's collision shapes (<objectgroup> inside <tile>) are the tileset's,
    // not object layers of the map; a .tsx that is no tileset is named.
    void tmxTilesetsAreReadWhole() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        write(folder / "m.tmx", R"(<map width="2" height="1" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="k"><tile id="0" type="floor"><objectgroup><object id="9" x="0" y="0"/></objectgroup></tile><tile id="1" class="wall"/></tileset>
 <layer name="cells"><data encoding="csv">1,2</data></layer></map>)");
        const Prefab prefab = prefabFromTiledMap(folder / "m.tmx", builtInTileKinds());
        QCOMPARE(prefab.width, 2);
        QCOMPARE(prefab.at(0, 0).tile, Tile::Floor);
        QCOMPARE(prefab.at(1, 0).tile, Tile::Wall);
        QVERIFY(prefab.things.empty());
        write(folder / "n.tmx", R"(<map width="1" height="1" tilewidth="16" tileheight="16"><tileset firstgid="1" source="x.tsx"/><layer><data encoding="csv">1</data></layer></map>)");
        write(folder / "x.tsx", R"(<map width="1" height="1"/>)");
        const QString message = refusal([&] { prefabFromTiledMap(folder / "n.tmx", builtInTileKinds()); });
        QVERIFY2(message.contains("x.tsx") && message.contains("not a Tiled tileset") && message.contains("n.tmx"), qPrintable(message));
    }

    // A Tiled file of bytes that are not UTF-8 (XML must be) is refused where it is
    // read, with the line: carried into a thing's properties, it broke every JSON
    // file written from the level with a bare nlohmann error naming no file.
    void tiledFilesAreUtf8() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        write(folder / "m.tmx", "<map width=\"1\" height=\"1\" tilewidth=\"16\" tileheight=\"16\">\n"
                                " <tileset firstgid=\"1\" name=\"k\"><tile id=\"0\" type=\"floor\"/></tileset>\n"
                                " <layer name=\"cells\"><data encoding=\"csv\">1</data></layer>\n"
                                " <objectgroup><object id=\"1\" name=\"torch\" x=\"0\" y=\"0\"><properties>"
                                "<property name=\"note\" value=\"caf\xc3\xa9 \xff\"/></properties></object></objectgroup></map>");
        const QString message = projectRefusal(folder, projectWithTiledPrefab("m.tmx"));
        QVERIFY2(message.contains("m.tmx") && message.contains("line 4: byte 0xFF is not UTF-8") && message.contains("t.burrow.json"), qPrintable(message));
        // Once: a sample, a population group and a room naming the prefab do not say
        // again that there is no such prefab.
        json naming = projectWithTiledPrefab("m.tmx");
        naming["recipe"].push_back({{"stage", "wave_function_collapse"}, {"name", "grown"}, {"params", {{"sample", "p"}}}});
        naming["recipe"].push_back({{"stage", "populate"}, {"name", "placed"}, {"rules", {{"format", "burrow-rules"}, {"version", 1},
            {"groups", json::array({{{"name", "g"}, {"kind", "prefabs"}, {"scope", "level"}, {"number", {{"min", 1}, {"max", 1}}}, {"prefabs", {"p"}}}})}}}});
        naming["room_graphs"] = json::array({{{"id", "r"}, {"nodes", json::array({{{"id", "a"}, {"tags", {"start"}}, {"rooms", {"p"}}}})}, {"edges", json::array()}}});
        const QString once = projectRefusal(folder, naming);
        QVERIFY2(once.contains("m.tmx") && !once.contains("/recipe/") && !once.contains("/room_graphs/"), qPrintable(once));
        write(folder / "k.tsx", "<tileset name=\"k\">\n<tile id=\"0\" type=\"fl\xc0\xafoor\"/></tileset>"); // an overlong '/'
        QVERIFY2(refusal([&] { (void)readTiledTileset(folder / "k.tsx"); }).contains("line 2: byte 0xC0"), "an overlong form passed");
        // What is UTF-8 passes, to its last byte; what is not is found at its first.
        QCOMPARE(firstNonUtf8Byte("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x90\x80z"), std::nullopt);
        QCOMPARE(firstNonUtf8Byte("ab\xed\xa0\x80"), std::optional<std::size_t>(2)); // a surrogate
        QCOMPARE(firstNonUtf8Byte("ab\xf4\x90\x80\x80"), std::optional<std::size_t>(2)); // above U+10FFFF
        QCOMPARE(firstNonUtf8Byte("ab\xe2\x82"), std::optional<std::size_t>(2)); // cut short
        QCOMPARE(utf8Only("bad\xffname\xc3\xa9", '_'), std::string("bad_name\xc3\xa9"));
    }

    // A project's file name may hold any bytes; the files exported from it are named
    // (and named in the maps) with those bytes that are not UTF-8 replaced.
    void anExportFromAFileNameOfAnyBytes() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        write(folder / "odd\xffname.burrow.json", test::minimalProject().dump(1));
        const CliResult r = runCliText({"generate", (folder / "odd\xffname.burrow.json").string(), "--format", "tmj,ldtk,txt", "--out", (folder / "out").string()});
        QVERIFY2(r.code == 0, r.err.c_str());
        int maps = 0;
        for (const auto& file : fs::directory_iterator(folder / "out")) {
            const std::string name = file.path().filename().string();
            QVERIFY2(name.rfind("odd_name", 0) == 0, name.c_str());
            if (file.path().extension() != ".tmj") continue;
            ++maps;
            QCOMPARE(json::parse(readTextFile(file.path()))["tilesets"][0]["image"].get<std::string>(), std::string("odd_name-tiles.png"));
        }
        QVERIFY(maps > 0 && fs::exists(folder / "out" / "odd_name-tiles.png") && fs::exists(folder / "out" / "odd_name.ldtk"));
    }

    // Defect 2: every JSON read goes through the one reader with its depth limit,
    // and a message quotes at most a short excerpt of what it found.
    void mergePartsAreReadWithTheLimits() {
        QTemporaryDir dir;
        const std::string part = dir.path().toStdString() + "/part.jsonl";
        for (const std::size_t depth : {std::size_t(100000), std::size_t(50)}) {
            write(part, std::string(depth, '[') + std::string(depth, ']') + "\n");
            const CliResult r = runCliText({"explore", std::string(BURROW_EXAMPLES) + "/random-fill.burrow.json", "--merge", part, "--out", dir.path().toStdString()});
            QCOMPARE(r.code, 1); // a problem of the file, not of the command line
            QVERIFY2(r.err.find("part.jsonl") != std::string::npos && r.err.find("line 1") != std::string::npos, r.err.c_str());
            QVERIFY2(r.err.size() < 1000, r.err.c_str());
        }
        json row = {{"seed", json::array()}};
        row["seed"] = std::string(100000, 'x');
        write(part, row.dump() + "\n");
        const CliResult r = runCliText({"explore", std::string(BURROW_EXAMPLES) + "/random-fill.burrow.json", "--merge", part});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.size() < 1000, r.err.c_str());
    }

    // Defect 3: the reader builds documents in linear time (no rescan of the parent
    // per object); its result is nlohmann's own, its errors name the field.
    void jsonIsReadWholeAndInOnePass() {
        std::string many = R"({"format": "burrow-project", "extra": {"list": [)";
        for (int i = 0; i < 200000; ++i) many += i ? ",{\"id\":12345}" : "{\"id\":12345}";
        many += R"(], "n": {"a": [1, 2.5, "x", null, true, {"b": {}}]}, "a": 1, "a": 2}})";
        const json read = parseJsonText(many, "many.json");
        QCOMPARE(read, json::parse(many));
        QCOMPARE(read["extra"]["list"].size(), std::size_t(200000));
        QCOMPARE(read["extra"]["a"], json(2)); // a repeated key keeps its last value, as nlohmann does
        const QString tooLarge = refusal([] { parseJsonText(R"({"recipe": [{"params": {"fill": 1e400}}]})", "big.json"); });
        QVERIFY2(tooLarge.contains("big.json: at /recipe/0/params/fill") && tooLarge.contains("too large"), qPrintable(tooLarge));
        const QString deep = refusal([] { parseJsonText(R"({"a": [)" + std::string(200, '[') + std::string(200, ']') + "]}", "deep.json"); });
        QVERIFY2(deep.contains("deep.json: at /a/0/0") && deep.contains("nested more than"), qPrintable(deep));
        const QString broken = refusal([] { parseJsonText("{\n  \"a\": \"" + std::string(5000, 'q') + "\n}", "broken.json"); });
        QVERIFY2(broken.contains("broken.json") && broken.contains("line 2") && broken.size() < 600, qPrintable(broken));
        // Memory is checked while reading: a document of tiny values beyond what its
        // size allows is refused, not built.
        std::string tiny = "[";
        for (int i = 0; i < 100000; ++i) tiny += i ? ",[{},{},{}]" : "[{},{},{}]";
        tiny += "]";
        const QString heavy = refusal([&] { parseJsonText(tiny, "heavy.json"); });
        QVERIFY2(heavy.contains("heavy.json") && heavy.contains("times its size"), qPrintable(heavy));
    }

    // Defect 4: an attribute of many '&' decodes in linear time, and character
    // references still decode.
    void xmlEntitiesDecode() {
        const auto tags = xmlTags("<a v=\"&amp;&lt;&#65;&#x42;&#67&;&\" w=\"" + std::string(100000, '&') + "\"/>");
        QVERIFY(tags && tags->size() == 1);
        QCOMPARE(*(*tags)[0].attribute("v"), std::string("&<AB&#67&;&"));
        QCOMPARE((*tags)[0].attribute("w")->size(), std::size_t(100000));
    }

    // Defect 10 and 13: a Tiled prefab's values of the wrong type or far out of
    // range are refused naming the file and the JSON path, never as a bare
    // nlohmann error or a float-to-int overflow.
    void tiledPrefabValuesAreChecked() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        const json data = json::array({1, 2});
        struct Case {
            json map;
            const char* path;
        };
        json wideObject = tiledMap(2, 1, data, json::array({{{"name", "x"}, {"x", 0}, {"y", 0}, {"width", 1e308}, {"height", 16}}}));
        json textWidth = tiledMap(2, 1, data, json::array({{{"name", "x"}, {"x", 0}, {"y", 0}, {"width", "wide"}}}));
        json textPoint = tiledMap(2, 1, data, json::array({{{"name", "x"}, {"x", 0}, {"y", 0}, {"point", "yes"}}}));
        json numberType = tiledMap(2, 1, data);
        numberType["layers"][0]["type"] = 7;
        numberType["layers"][0]["encoding"] = 3;
        json bigGid = tiledMap(2, 1, json::array({1, 4294967297ull}));
        json negativeGid = tiledMap(2, 1, json::array({1, -2}));
        json sourceNumber = tiledMap(2, 1, data);
        sourceNumber["tilesets"][0]["source"] = 12;
        json nameNumber = tiledMap(2, 1, data, json::array({{{"name", 12}, {"x", 0}, {"y", 0}}}));
        const Case cases[] = {{wideObject, "/layers/1/objects/0/width"}, {textWidth, "/layers/1/objects/0/width"},
                              {textPoint, "/layers/1/objects/0/point"},  {numberType, "/layers"},
                              {bigGid, "/layers/0/data/1"},              {negativeGid, "/layers/0/data/1"},
                              {sourceNumber, "/tilesets/0/source"},      {nameNumber, "/layers/1/objects/0"}};
        for (const Case& c : cases) {
            write(folder / "m.tmj", c.map.dump());
            const QString message = refusal([&] { prefabFromTiledMap(folder / "m.tmj", builtInTileKinds()); });
            QVERIFY2(message.contains("m.tmj") && message.contains(c.path) && !message.contains("json.exception"), qPrintable(c.path + (": " + message)));
        }
        // A library whose format is not text names the file and the field.
        write(folder / "lib.json", R"({"format": 3, "prefabs": []})");
        json doc = test::minimalProject();
        doc["prefabs"] = json::array({"lib.json"});
        const QString library = projectRefusal(folder, doc);
        QVERIFY2(library.contains("lib.json: at /format") && !library.contains("json.exception"), qPrintable(library));
    }

    // Defect 10 and 12: a text prefab is named in its own errors, with the line; one
    // larger than any prefab is refused before it is split into rows.
    void textPrefabsAreNamedAndBounded() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        json doc = test::minimalProject();
        doc["prefabs"] = json::array({{{"id", "p"}, {"text", "p.txt"}}});
        write(folder / "p.txt", "###\n#?#\n###\n");
        QString message = projectRefusal(folder, doc);
        QVERIFY2(message.contains("p.txt line 2") && message.contains("'?'"), qPrintable(message));
        write(folder / "p.txt", std::string(70, '.') + "\n");
        message = projectRefusal(folder, doc);
        QVERIFY2(message.contains("p.txt") && message.contains("70 x 1"), qPrintable(message));
        std::string rows;
        for (int i = 0; i < 70; ++i) rows += ".\n";
        write(folder / "p.txt", rows);
        message = projectRefusal(folder, doc);
        QVERIFY2(message.contains("p.txt") && message.contains("line 65"), qPrintable(message));
        write(folder / "p.txt", std::string(1 << 20, '\n'));
        message = projectRefusal(folder, doc);
        QVERIFY2(message.contains("p.txt") && message.contains("a text prefab"), qPrintable(message));
    }

    // Defect 11: a NUL (or any control character) in a file name is refused, never
    // cut short at the system call into the name of another file.
    void controlCharactersInFileNamesAreRefused() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        write(folder / "good.rules.json", R"({"format": "burrow-rules", "version": 1, "groups": []})");
        json doc = test::minimalProject();
        doc["recipe"].push_back({{"stage", "populate"}, {"rules", std::string("good.rules.json\0.evil", 22)}});
        QString message = projectRefusal(folder, doc);
        QVERIFY2(message.contains("control character") && message.contains("\\x00"), qPrintable(message));
        doc = test::minimalProject();
        doc["prefabs"] = json::array({{{"id", "p"}, {"text", "p\n.txt"}}});
        message = projectRefusal(folder, doc);
        QVERIFY2(message.contains("control character") && message.contains("\\x0a"), qPrintable(message));
    }

    // Defect 11: rules on a stage that places nothing are refused, not ignored.
    void rulesOnlyOnPopulate() {
        json doc = test::minimalProject();
        doc["recipe"][0]["rules"] = {{"format", "burrow-rules"}, {"version", 1}, {"groups", json::array()}};
        const QStringList problems = test::problemsOf(doc);
        QVERIFY2(problems.join("\n").contains("/recipe/0/rules|the stage \"random_fill\" places nothing by rules"), qPrintable(problems.join("\n")));
    }

    // Defect 11: a damaged PNG is refused when the project is read (validate), not
    // when an export first draws with it.
    void damagedArtIsRefusedOnLoad() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        const std::string good = readTextFile(fs::path(BURROW_EXAMPLES) / "art" / "shrine-tiles.png");
        QVERIFY(good.size() > 200);
        const std::size_t idat = good.find("IDAT");
        QVERIFY(idat != std::string::npos);
        std::string badCrc = good;
        const std::size_t length = (std::size_t(std::uint8_t(good[idat - 4])) << 24) | (std::size_t(std::uint8_t(good[idat - 3])) << 16) |
                                   (std::size_t(std::uint8_t(good[idat - 2])) << 8) | std::size_t(std::uint8_t(good[idat - 1]));
        badCrc[idat + 4 + length] = static_cast<char>(badCrc[idat + 4 + length] ^ 0x55);
        const std::string truncated = good.substr(0, idat + 4 + length / 2);
        for (const std::string& png : {badCrc, truncated}) {
            write(folder / "art.png", png);
            QVERIFY_THROWS_EXCEPTION(FileError, checkPng(folder / "art.png"));
            json doc = test::minimalProject();
            doc["game_tiles"] = {{"tilesets", json::array({{{"name", "art"}, {"image", "art.png"}, {"tile_size", 8}}})}, {"kinds", {{"floor", 0}}}};
            const QString message = projectRefusal(folder, doc);
            QVERIFY2(message.contains("art.png") && message.contains("t.burrow.json"), qPrintable(message));
        }
        write(folder / "art.png", good);
        QVERIFY(checkPng(folder / "art.png").width > 0);
    }

    // Defect 8: a replay without its checksum (version 1, or none) or with fields of
    // its own is refused: nothing shows it was not cut short or reseeded.
    void unverifiedReplaysAreRefused() {
        QTemporaryDir dir;
        const fs::path file = fs::path(dir.path().toStdString()) / "r.replay.json";
        Replay replay;
        replay.project = "p.burrow.json";
        replay.projectHash = "0123456789abcdef";
        replay.levelHash = "fedcba9876543210";
        replay.levelSeed = 4;
        replay.simulationSeed = 9;
        replay.inputs = {Input{}, Input{}};
        saveReplay(replay, file);
        QCOMPARE(loadReplay(file).inputs.size(), std::size_t(2));
        json doc = json::parse(readTextFile(file));
        json v1 = doc;
        v1["version"] = 1;
        v1.erase("checksum");
        json none = v1;
        none.erase("version");
        json v2 = doc;
        v2["version"] = 2;
        json extra = doc;
        extra["note"] = "x";
        for (const auto& [bad, path] : {std::pair{v1, "/version"}, std::pair{none, "/version"}, std::pair{v2, "/version"}, std::pair{extra, "/note"}}) {
            write(file, bad.dump());
            const QString message = refusal([&] { (void)loadReplay(file); });
            QVERIFY2(message.contains("r.replay.json: at " + QString(path)), qPrintable(message));
        }
    }

    // Defect 9: merge parts prove they belong together. Each doctored part (its row
    // checksums made right again, as a careful forger would) is refused with its file
    // and line, exit 1; a changed level hash only shows when the seed is made again.
    void mergePartsProveTheyBelongTogether() {
        QTemporaryDir dir;
        const std::string project = std::string(BURROW_EXAMPLES) + "/random-fill.burrow.json";
        const std::string folder = dir.path().toStdString();
        for (const char* shard : {"1/2", "2/2"})
            QCOMPARE(runCliText({"explore", project, "--seeds", "1..6", "--shard", shard, "--out", folder}).code, 0);
        const std::string one = folder + "/part-1-of-2.jsonl", two = folder + "/part-2-of-2.jsonl";
        QCOMPARE(runCliText({"explore", project, "--merge", one, two, "--verify", "6", "--out", folder + "/report"}).code, 0);
        const std::string original = readTextFile(one);
        // The part with its second row (seed 3) changed by `change`, the checksum redone.
        auto doctored = [&](const std::function<void(json&)>& change, bool redoChecksum = true) {
            std::vector<std::string> lines;
            std::istringstream in(original);
            for (std::string line; std::getline(in, line);) lines.push_back(line);
            json row = json::parse(lines[2]);
            change(row);
            if (redoChecksum) {
                json plain = row;
                plain.erase("checksum");
                char hex[17];
                std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hashText(plain.dump())));
                row["checksum"] = hex;
            }
            lines[2] = row.dump();
            std::string text;
            for (const std::string& l : lines) text += l + "\n";
            write(one, text);
        };
        struct Case {
            std::function<void(json&)> change;
            bool redo;
            const char* says;
        };
        const Case cases[] = {
            {[](json& r) { r["metrics"]["floor_share"] = 7.5; }, true, "a share above 1"},
            {[](json& r) { r["metrics"]["loops"] = -5; }, true, "negative"},
            {[](json& r) { r["metrics"]["floor_share"] = nullptr; }, true, "missing (null)"},
            {[](json& r) { r["seed"] = 99; }, true, "not one of shard 1 of 2"},
            {[](json& r) { r["seed"] = 4; }, true, "not one of shard 1 of 2"},
            {[](json& r) { r["metrics"]["regions"] = 1234; }, false, "checksum does not match"},
        };
        for (const Case& c : cases) {
            doctored(c.change, c.redo);
            const CliResult r = runCliText({"explore", project, "--merge", one, two, "--out", folder + "/report"});
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.find("part-1-of-2.jsonl: line 3") != std::string::npos && r.err.find(c.says) != std::string::npos, r.err.c_str());
        }
        // A changed level hash or metric within range reads as valid; --verify makes
        // the seeds again and finds it.
        doctored([](json& r) { r["level_hash"] = "0000000000000000"; });
        QCOMPARE(runCliText({"explore", project, "--merge", one, two, "--out", folder + "/report"}).code, 0);
        CliResult verified = runCliText({"explore", project, "--merge", one, two, "--verify", "6", "--out", folder + "/report"});
        QCOMPARE(verified.code, 1);
        QVERIFY2(verified.err.find("part-1-of-2.jsonl: line 3: seed 3, made again") != std::string::npos, verified.err.c_str());
        // One part of two, or a part cut short, is refused.
        write(one, original);
        CliResult alone = runCliText({"explore", project, "--merge", one});
        QCOMPARE(alone.code, 1);
        QVERIFY2(alone.err.find("shard 2 of 2 is missing") != std::string::npos, alone.err.c_str());
        write(one, original.substr(0, original.rfind('\n', original.size() - 2) + 1));
        CliResult cut = runCliText({"explore", project, "--merge", one, two});
        QCOMPARE(cut.code, 1);
        QVERIFY2(cut.err.find("where its manifest says 3") != std::string::npos, cut.err.c_str());
    }

#ifdef BURROW_BINARY
    // Defect 7: past a file-size limit (ulimit -f) the write fails with EFBIG and is
    // reported, exit 1; SIGXFSZ no longer kills the process and leaves a temporary.
    void aFileSizeLimitIsReportedNotFatal() {
        QTemporaryDir dir;
        QProcess burrow;
        burrow.setProcessChannelMode(QProcess::MergedChannels);
        burrow.start("sh", {"-c", "ulimit -f 16; exec \"$0\" generate \"$1\" --format tmj --out \"$2\"", BURROW_BINARY,
                            QString(BURROW_EXAMPLES) + "/cellular-depths.burrow.json", dir.path()});
        QVERIFY(burrow.waitForFinished(60000));
        const QString output = QString::fromUtf8(burrow.readAll());
        QCOMPARE(burrow.exitStatus(), QProcess::NormalExit); // not killed by SIGXFSZ
        QCOMPARE(burrow.exitCode(), 1);
        QVERIFY2(output.contains("File too large") && output.contains("files written whole before it"), qPrintable(output));
        for (const auto& entry : fs::directory_iterator(dir.path().toStdString()))
            QVERIFY2(entry.path().filename().string().find(".saving-") == std::string::npos, entry.path().c_str());
    }
#endif
};

BURROW_TEST_APPLESS_MAIN(TestHostileFiles)
#include "test_hostile_files.moc"
