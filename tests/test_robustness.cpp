// Broken and hostile files: every example project and rules file, mutated a few
// hundred ways (cut short, characters swapped, values of the wrong type, extreme
// numbers, deep nesting). Each must load or be refused with a FileError naming the
// file; nothing may crash or throw anything else, and whatever loads must generate.
// Replays too, and a corpus of files that once broke a loader (tests/data/corpus).
// CI runs this under ASan + UBSan, so a read past a buffer fails it too.
#include <QTest>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "test_main.h"
#include "generation/generation.h"
#include "pipeline/builtin_stages.h"
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
