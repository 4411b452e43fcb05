// Readable goldens: every example's level for seeds 1 and 2, as text (the map, then
// its things, markers and stairs, with the level hash) in tests/goldens/, so a change
// to a technique shows as a diff of the level, not as one opaque hash. Every example
// has them, those to come included: an example without goldens fails here.
//
// Regenerated after a deliberate change of a technique, with:
//   BURROW_UPDATE_GOLDENS=1 build/debug/tests/burrow_tests test_goldens
// (tests/goldens/README.md), then read the diff before committing it.
#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "test_main.h"
#include "io/ascii_map.h"
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"

using namespace burrow;
namespace fs = std::filesystem;

namespace {

constexpr const char* kRegenerate = "BURROW_UPDATE_GOLDENS=1 build/debug/tests/burrow_tests test_goldens";
const std::uint64_t kGoldenSeeds[] = {1, 2};

fs::path goldensFolder() { return fs::path(BURROW_SOURCE_DIR) / "tests" / "goldens"; }

std::string stemOf(const fs::path& project) {
    const std::string name = project.filename().string();
    return name.substr(0, name.size() - std::string(".burrow.json").size());
}

std::string cellText(const Cell& c) { return std::to_string(c.x) + ", " + std::to_string(c.y) + ", depth " + std::to_string(c.z); }

// The whole level as a designer reads it: what the text export shows, and what it cannot.
std::string goldenText(const std::string& stem, std::uint64_t seed, const Level& level) {
    std::ostringstream out;
    out << "# " << stem << ", seed " << seed << ": level hash " << levelHash(level) << "\n";
    out << "# made again by: " << kRegenerate << "\n";
    out << asciiMap(level);
    out << "\n# markers\n";
    for (const Marker& m : level.markers) out << m.name << " at " << cellText(m.at) << "\n";
    out << "# stairs (down on the upper depth, up on the next)\n";
    for (const StairsPair& s : level.stairs) out << s.x << ", " << s.y << ", depth " << s.upperDepth << " to " << s.upperDepth + 1 << "\n";
    out << "# locked doors\n";
    for (const Door& d : level.doors)
        if (!d.lock.empty()) out << d.lock << " at " << cellText(d.at) << "\n";
    out << "# things\n";
    for (const Entity& e : level.entities) {
        out << e.templateName << " at " << cellText(e.at);
        for (const Property& p : e.properties) out << ", " << p.name << " " << propertyText(p.value);
        out << "\n";
    }
    return out.str();
}

// The first line where two texts differ, as "line N: expected ... / found ...".
QString firstDifference(const std::string& expected, const std::string& found) {
    std::istringstream a(expected), b(found);
    std::string x, y;
    for (int line = 1;; ++line) {
        const bool moreA = static_cast<bool>(std::getline(a, x)), moreB = static_cast<bool>(std::getline(b, y));
        if (!moreA && !moreB) return "the same text";
        if (x != y || moreA != moreB)
            return QString("line %1:\n  golden: %2\n  now:    %3").arg(line).arg(QString::fromStdString(moreA ? x : "(end)"), QString::fromStdString(moreB ? y : "(end)"));
    }
}

} // namespace

class TestGoldens : public QObject {
    Q_OBJECT
private slots:
    void everyExampleMatchesItsGoldens_data() {
        QTest::addColumn<QString>("project");
        QTest::addColumn<quint64>("seed");
        for (const auto& entry : fs::directory_iterator(BURROW_EXAMPLES))
            if (entry.path().string().ends_with(".burrow.json"))
                for (const std::uint64_t seed : kGoldenSeeds)
                    QTest::newRow(qPrintable(QString("%1 seed %2").arg(QString::fromStdString(stemOf(entry.path()))).arg(seed)))
                        << QString::fromStdString(entry.path().string()) << quint64{seed};
    }
    void everyExampleMatchesItsGoldens() {
        QFETCH(QString, project);
        QFETCH(quint64, seed);
        const fs::path path = project.toStdString();
        const Project p = loadProject(path, builtinStages());
        const std::string stem = stemOf(path);
        const std::string now = goldenText(stem, seed, makeLevel(p, seed).level);
        const fs::path golden = goldensFolder() / (stem + ".seed-" + std::to_string(seed) + ".txt");
        if (std::getenv("BURROW_UPDATE_GOLDENS")) {
            writeFileAtomically(golden, now);
            return;
        }
        QVERIFY2(fs::exists(golden), qPrintable(QString("%1 has no golden; make it with: %2").arg(QString::fromStdString(golden.string()), kRegenerate)));
        const std::string expected = readTextFile(golden);
        QVERIFY2(expected == now, qPrintable(QString("%1 differs at %2\nIf the change is meant, make the goldens again (%3) and read the diff.")
                                                 .arg(QString::fromStdString(golden.filename().string()), firstDifference(expected, now), kRegenerate)));
    }

    // No golden outlives its example: each names an example and a seed tested above.
    void everyGoldenHasItsExample() {
        int goldens = 0;
        for (const auto& entry : fs::directory_iterator(goldensFolder())) {
            const std::string name = entry.path().filename().string();
            if (!name.ends_with(".txt")) continue;
            ++goldens;
            const std::string stem = name.substr(0, name.find(".seed-"));
            const std::string seed = name.substr(name.find(".seed-") + 6, name.size() - name.find(".seed-") - 10);
            QVERIFY2(fs::exists(fs::path(BURROW_EXAMPLES) / (stem + ".burrow.json")), qPrintable(QString::fromStdString(name + ": no such example")));
            QVERIFY2(std::any_of(std::begin(kGoldenSeeds), std::end(kGoldenSeeds), [&](std::uint64_t s) { return std::to_string(s) == seed; }),
                     qPrintable(QString::fromStdString(name + ": no such seed is tested")));
        }
        QVERIFY(goldens >= 16);
    }
};

BURROW_TEST_APPLESS_MAIN(TestGoldens)
#include "test_goldens.moc"
