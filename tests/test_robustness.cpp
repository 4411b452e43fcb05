// Broken and hostile files: every example project and rules file, mutated a few
// hundred ways (cut short, characters swapped, values of the wrong type, extreme
// numbers, deep nesting). Each must load or be refused with a FileError naming the
// file; nothing may crash or throw anything else, and whatever loads must generate.
// Values a designer could type (plausible extremes) too: what loads is made,
// measured, exported in every format and played.
// Replays too, and a corpus of files that once broke a loader (tests/data/corpus).
// CI runs this under ASan + UBSan, so a read past a buffer fails it too.
#include <QTest>
#include <array>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "test_main.h"
#include "analysis/measure.h"
#include "export/level_export.h"
#include "generation/generation.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "play/bot.h"
#include "play/game.h"
#include "play/replay.h"
#include "content/rules_json.h"
#include "io/file_io.h"
#include "project/project.h"
#include "stage_entries.h"

using namespace burrow;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A value of another kind than `v`, chosen by the draw.
json otherValue(Rng& rng) {
    switch (rng.below(9)) {
    case 0: return nullptr;
    case 1: return -1;
    case 2: return 4294967296ll * 4096;
    case 3: return 1e308;
    case 4: return "";
    case 5: return json::array();
    case 6: return json::object();
    case 7: return true;
    default: return std::string(2000, 'x');
    }
}

// Replaces one randomly chosen value somewhere in the document.
void mutateValue(json& doc, Rng& rng) {
    json* at = &doc;
    for (int depth = 0; depth < 6; ++depth) {
        if (!(at->is_object() || at->is_array()) || at->empty() || rng.chance(0.25)) break;
        auto it = at->begin();
        std::advance(it, rng.below(static_cast<std::uint32_t>(at->size())));
        at = &*it;
    }
    *at = otherValue(rng);
}

// A value a designer might well type in its place: a number at an edge of what is
// sensible (0, 1, -1, doubled, halved, 4096), another string of the examples (an id of
// another tile, stage, prefab or tag), the other boolean, an array with an item
// dropped or repeated, an object with a key dropped.
json plausibleValue(const json& v, const std::vector<json>& strings, Rng& rng) {
    if (v.is_number()) {
        const double d = v.get<double>();
        const double picks[] = {0, 1, 2, -1, d * 2, d / 2, d + 1, d - 1, 4096, 0.5, 0.999, 1e-9, 64, 255, 256};
        const double x = picks[rng.below(std::size(picks))];
        return v.is_number_float() ? json(x) : json(static_cast<long long>(x));
    }
    if (v.is_string()) return strings[rng.below(static_cast<std::uint32_t>(strings.size()))];
    if (v.is_boolean()) return !v.get<bool>();
    json out = v;
    if (v.is_array() && !v.empty()) {
        const std::uint32_t i = rng.below(static_cast<std::uint32_t>(v.size()));
        if (rng.chance(0.5)) out.erase(out.begin() + i);
        else out.push_back(v[i]);
    } else if (v.is_object() && !v.empty()) {
        auto it = out.begin();
        std::advance(it, rng.below(static_cast<std::uint32_t>(out.size())));
        out.erase(it.key());
    }
    return out;
}

void gatherStrings(const json& v, std::vector<json>& into) {
    if (v.is_string()) into.push_back(v);
    else if (v.is_structured())
        for (const json& item : v) gatherStrings(item, into);
}

// Pieces a hostile or careless edit leaves behind.
const char* const kTokens[] = {"{", "}", "[", "]", "\"", ",", ":", "-1", "1e400", "4294967306", "-9223372036854775809", "null", "true",
                               "\"\\u0000\"", "0.5", "\"\\ud800\"", "[[[[[[[[[[[[", "{\"a\":", "\xff\xfe", "\n"};

std::string mutateText(std::string text, Rng& rng) {
    switch (rng.below(6)) {
    case 4: // a token dropped in anywhere
        return text.insert(rng.below(static_cast<std::uint32_t>(text.size()) + 1), kTokens[rng.below(std::size(kTokens))]);
    case 5: { // a stretch repeated
        const std::size_t from = rng.below(static_cast<std::uint32_t>(text.size()) + 1);
        const std::size_t length = std::min<std::size_t>(text.size() - from, rng.below(200));
        return text.insert(from, text.substr(from, length));
    }
    case 0: return text.substr(0, rng.below(static_cast<std::uint32_t>(text.size()) + 1)); // cut short
    case 1: // a few characters swapped for others
        for (int i = 0; i < 3 && !text.empty(); ++i) text[rng.below(static_cast<std::uint32_t>(text.size()))] = "{}[]\",:0-9ex"[rng.below(12)];
        return text;
    case 2: return std::string(20000, '[') + text; // deep nesting
    default: return text + text;                   // two documents in one
    }
}

} // namespace

class TestRobustness : public QObject {
    Q_OBJECT
private slots:
    void mutatedFilesLoadOrAreRefused() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        // The example projects and rules files, in name order so every run mutates the same way.
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(BURROW_EXAMPLES))
            if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files) fs::copy(file, folder / file.filename());
        Rng rng(2026);
        int refused = 0, loaded = 0;
        for (const fs::path& path : files) {
            const std::string original = readTextFile(path);
            const bool isRules = path.string().find(".rules.json") != std::string::npos;
            for (int trial = 0; trial < 200; ++trial) {
                std::string text;
                if (rng.chance(0.5)) {
                    json doc = json::parse(original);
                    for (int n = 1 + static_cast<int>(rng.below(3)); n > 0; --n) mutateValue(doc, rng);
                    text = doc.dump();
                } else {
                    text = mutateText(original, rng);
                }
                const fs::path file = folder / (isRules ? "mutant.rules.json" : "mutant.burrow.json");
                std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
                try {
                    if (isRules) {
                        loadRules(file);
                    } else {
                        const Project p = loadProject(file, builtinStages());
                        // Whatever loads, generates (kept small, so the test stays quick).
                        if (static_cast<long long>(p.size.width) * p.size.height * p.size.depth <= 200000) (void)makeLevel(p);
                    }
                    ++loaded;
                } catch (const FileError& e) {
                    QVERIFY2(QString(e.what()).contains("mutant"), e.what()); // names the file
                    ++refused;
                }
            }
        }
        qInfo("%d mutants refused, %d loaded", refused, loaded);
        QVERIFY(refused > 100);
        QVERIFY(loaded > 0); // some mutations leave a valid file, and those must generate
    }

    // Projects a designer could have written: each example with a value or two
    // changed to a plausible extreme (plausibleValue). Whatever loads goes all the way,
    // as a designer or a game would take it: made, measured with a bot game, exported
    // in every format and played; nothing may crash or throw but a FileError. (A
    // longer run of the same found nothing in 6,000 projects; this keeps it so.)
    void plausibleExtremesGoAllTheWay() {
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        fs::copy(BURROW_EXAMPLES, folder, fs::copy_options::recursive); // prefabs and art too
        std::vector<fs::path> files;
        std::vector<json> strings;
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().string().ends_with(".burrow.json")) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files) gatherStrings(json::parse(readTextFile(file)), strings);
        Rng rng(77);
        int loaded = 0, made = 0;
        for (int trial = 0; trial < 150; ++trial) {
            json doc = json::parse(readTextFile(files[rng.below(static_cast<std::uint32_t>(files.size()))]));
            for (int n = 1 + static_cast<int>(rng.below(2)); n > 0; --n) {
                json* at = &doc;
                for (int depth = 0; depth < 8 && at->is_structured() && !at->empty() && !rng.chance(0.15); ++depth) {
                    auto it = at->begin();
                    std::advance(it, rng.below(static_cast<std::uint32_t>(at->size())));
                    at = &*it;
                }
                *at = plausibleValue(*at, strings, rng);
            }
            const fs::path file = folder / "mutant.burrow.json";
            std::ofstream(file, std::ios::binary | std::ios::trunc) << doc.dump(1);
            try {
                const Project p = loadProject(file, builtinStages());
                ++loaded;
                if (static_cast<long long>(p.size.width) * p.size.height * p.size.depth > 20000) continue; // kept quick
                const MadeLevel level = makeLevel(p, 1 + rng.below(1000));
                MeasureOptions options;
                options.botGames = 1;
                options.botMaxTurns = 100;
                (void)measure(level.level, p.movement, options);
                ExportRequest request;
                request.formats.assign(std::begin(kExportFormats), std::end(kExportFormats));
                request.tileSize = 8;
                request.movement = p.movement;
                (void)exportLevel(level.level, ExportInfo{"mutant", 1, "p", "l"}, request, folder / "out");
                Game game(level.level, 7, GameOptions::forMovement(p.movement));
                (void)playWithBot(game, 100);
                ++made;
            } catch (const FileError& e) {
                QVERIFY2(QString(e.what()).contains("mutant"), e.what()); // names the file
            }
        }
        qInfo("%d of 150 plausible mutants loaded, %d made, measured, exported and played", loaded, made);
        QVERIFY(loaded > 30);
        QVERIFY(made > 20);
    }

    // Every example's recipe on levels a cell or a few cells thin, where a stage's
    // margins (a room's padding, a maze's border, a sample's window) do not fit:
    // each is refused when it loads, naming the file, or makes a level whose rooms,
    // doors, stairs, markers and entities all lie inside it, and exports. (BSP rooms on
    // 80 x 1 put its one room below the level and dug a hallway out of bounds: the
    // ASan build of this test stopped there.)
    void thinLevelsOfEveryExample_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("depths");
        for (const auto& [w, h, d] : {std::array{1, 1, 1}, {80, 1, 3}, {1, 50, 2}, {2, 2, 1}, {60, 2, 2}, {2, 60, 1}, {3, 3, 2}, {7, 5, 2}, {12, 4, 1}})
            QTest::newRow(qPrintable(QString("%1x%2x%3").arg(w).arg(h).arg(d))) << w << h << d;
    }
    void thinLevelsOfEveryExample() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, depths);
        QTemporaryDir dir;
        const fs::path folder = dir.path().toStdString();
        fs::copy(BURROW_EXAMPLES, folder, fs::copy_options::recursive); // prefabs, rules and art too
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(folder))
            if (entry.path().string().ends_with(".burrow.json")) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        int made = 0;
        for (const fs::path& example : files) {
            json doc = json::parse(readTextFile(example));
            doc["size"] = {{"width", width}, {"height", height}, {"depth", depths}};
            const fs::path file = folder / "thin.burrow.json";
            std::ofstream(file, std::ios::binary | std::ios::trunc) << doc.dump(1);
            const std::string name = example.filename().string();
            try {
                const Project p = loadProject(file, builtinStages());
                for (std::uint64_t seed = 1; seed <= 2; ++seed) {
                    const MadeLevel level = makeLevel(p, seed);
                    const Level& l = level.level;
                    for (const Area& a : l.areas)
                        QVERIFY2(a.bounds.x >= 0 && a.bounds.y >= 0 && a.bounds.right() <= width && a.bounds.bottom() <= height && a.depth < depths,
                                 qPrintable(QString::fromStdString(name) + ": an area outside the level"));
                    for (const Door& d : l.doors) QVERIFY2(l.contains(d.at.x, d.at.y, d.at.z), qPrintable(QString::fromStdString(name)));
                    for (const StairsPair& s : l.stairs) QVERIFY2(l.contains(s.x, s.y, s.upperDepth + 1), qPrintable(QString::fromStdString(name)));
                    for (const Marker& m : l.markers) QVERIFY2(l.contains(m.at.x, m.at.y, m.at.z), qPrintable(QString::fromStdString(name)));
                    for (const Entity& e : l.entities) QVERIFY2(l.contains(e.at.x, e.at.y, e.at.z), qPrintable(QString::fromStdString(name)));
                    if (seed > 1) continue; // one export an example: the files are flushed to disk, the slow part
                    ExportRequest request;
                    request.formats.assign(std::begin(kExportFormats), std::end(kExportFormats));
                    request.tileSize = 4;
                    request.movement = p.movement;
                    (void)exportLevel(l, ExportInfo{"thin", seed, "p", "l"}, request, folder / "out");
                }
                ++made;
            } catch (const FileError& e) {
                QVERIFY2(QString(e.what()).contains("thin.burrow.json"), e.what()); // a refusal names the file
            }
        }
        qInfo("%d of %zu examples made at %dx%dx%d", made, files.size(), width, height, depths);
    }

    // Replays, mutated the same ways: each loads (only when nothing that the checksum
    // covers changed) or is refused with a FileError; none crashes.
    void mutatedReplaysLoadOrAreRefused() {
        QTemporaryDir dir;
        const fs::path file = fs::path(dir.path().toStdString()) / "mutant.replay.json";
        Replay recorded{"level.burrow.json", "0123456789abcdef", "fedcba9876543210", 42, 7, {}};
        Rng draw(5);
        for (int i = 0; i < 300; ++i) recorded.inputs.push_back({static_cast<Input::Kind>(draw.below(4)), static_cast<int>(draw.below(3)) - 1, static_cast<int>(draw.below(3)) - 1});
        saveReplay(recorded, file);
        const std::string original = readTextFile(file);
        Rng rng(77);
        int refused = 0;
        for (int trial = 0; trial < 300; ++trial) {
            std::string text;
            if (rng.chance(0.5)) {
                json doc = json::parse(original);
                mutateValue(doc, rng);
                text = doc.dump();
            } else {
                text = mutateText(original, rng);
            }
            std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
            try {
                const Replay r = loadReplay(file);
                QCOMPARE(replayChecksum(r), replayChecksum(recorded)); // what loads is what was recorded
            } catch (const FileError& e) {
                QVERIFY2(QString(e.what()).contains("mutant"), e.what());
                ++refused;
            }
        }
        QVERIFY(refused > 200);
    }

    // The corpus: files that once broke a loader or nearly did, kept so they never do again.
    void theCorpusLoadsOrIsRefused() {
        int files = 0;
        for (const auto& entry : fs::directory_iterator(fs::path(BURROW_TEST_DATA) / "corpus")) {
            ++files;
            const std::string name = entry.path().filename().string();
            try {
                if (name.find(".rules.json") != std::string::npos) loadRules(entry.path());
                else if (name.find(".replay.json") != std::string::npos) loadReplay(entry.path());
                else (void)loadProject(entry.path(), builtinStages());
                QFAIL(("loaded " + name).c_str());
            } catch (const FileError& e) {
                QVERIFY2(QString(e.what()).contains(QString::fromStdString(name)), e.what());
            }
        }
        QVERIFY(files >= 8);
    }

    void hostileReplaysAreRefused() {
        QTemporaryDir dir;
        const std::string file = dir.path().toStdString() + "/r.json";
        for (const char* text : {"", "[]", R"({"format": "burrow-replay"})", R"({"format": "burrow-replay", "project": 1, "project_hash": "", "seed": "x", "simulation_seed": "-3", "inputs": {}})"}) {
            std::ofstream(file, std::ios::trunc) << text;
            QVERIFY_THROWS_EXCEPTION(FileError, loadReplay(file));
        }
    }
};

BURROW_TEST_APPLESS_MAIN(TestRobustness)
#include "test_robustness.moc"
