// The one way to make a level (pipeline/level_build.h): a build stepped to its end is
// makeLevel()'s level on every example; before the end its level says it is partial
// and what it lacks; painting on a finished build is finishing it again; templates
// are decided once for the whole recipe.
#include <QTest>

#include <filesystem>

#include "test_main.h"
#include "model/level_hash.h"
#include "pipeline/level_build.h"
#include "pipeline/make_level.h"
#include "project_test_helpers.h"
#include "random/rng.h"

using namespace burrow;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> exampleProjects() {
    std::vector<fs::path> all;
    for (const auto& entry : fs::directory_iterator(BURROW_EXAMPLES))
        if (entry.path().string().ends_with(".burrow.json")) all.push_back(entry.path());
    std::sort(all.begin(), all.end());
    return all;
}

// A project whose two populate stages both define "boss", as `second` says.
nlohmann::json twoPopulateStages(const nlohmann::json& first, const nlohmann::json& second) {
    nlohmann::json doc = test::minimalProject();
    auto rules = [](const nlohmann::json& boss) {
        return nlohmann::json{{"format", "burrow-rules"}, {"version", 1}, {"templates", nlohmann::json::array({boss})}, {"groups", nlohmann::json::array()}};
    };
    doc["recipe"].push_back({{"stage", "populate"}, {"name", "monsters"}, {"rules", rules(first)}});
    doc["recipe"].push_back({{"stage", "populate"}, {"name", "more monsters"}, {"rules", rules(second)}});
    return doc;
}

nlohmann::json boss(int hp) {
    return {{"name", "boss"}, {"glyph", "B"}, {"kind", "creature"}, {"max_hp", hp}, {"attack", 4}, {"defense", 1}, {"speed", 100}};
}

} // namespace

class TestLevelBuild : public QObject {
    Q_OBJECT
private slots:
    // Stepped one step at a time or run at once, every example ends on makeLevel()'s
    // level, with its warnings.
    void steppedToTheEndIsMakeLevel() {
        const auto examples = exampleProjects();
        QVERIFY(examples.size() >= 8);
        for (const fs::path& path : examples) {
            const Project p = loadProject(path, builtinStages());
            const MadeLevel made = makeLevel(p);
            LevelBuild stepped(p, p.seed);
            while (stepped.step()) {}
            QVERIFY2(stepped.finished(), qPrintable(QString::fromStdString(path.filename().string())));
            QCOMPARE(QString::fromStdString(stepped.hash()), QString::fromStdString(levelHash(made.level)));
            QVERIFY(stepped.warnings() == made.warnings);
            QVERIFY(stepped.unfinished().empty());
        }
    }

    // Before the end: the hash is marked partial, and the build says which stage it
    // stopped in and that the templates are not resolved yet.
    void aPartialLevelSaysWhatItLacks() {
        const Project p = loadProject(fs::path(BURROW_EXAMPLES) / "rooms-and-hallways.burrow.json", builtinStages());
        LevelBuild build(p, p.seed);
        for (int i = 0; i < 3; ++i) QVERIFY(build.step());
        QVERIFY(!build.finished());
        QVERIFY(QString::fromStdString(build.hash()).startsWith("partial-"));
        const auto lacks = build.unfinished();
        QVERIFY(!lacks.empty());
        QVERIFY2(QString::fromStdString(lacks.front()).startsWith("the stages from "), lacks.front().c_str());
        QVERIFY(QString::fromStdString(lacks.back()).contains("templates"));
        build.run();
        QVERIFY(build.finished());
        QCOMPARE(QString::fromStdString(build.hash()), QString::fromStdString(levelHash(makeLevel(p).level)));
        // Scrubbed back, it is partial again.
        LevelBuild recorded(p, p.seed, {true});
        recorded.run();
        QVERIFY(recorded.stepBack());
        QVERIFY(!recorded.finished());
        QVERIFY(QString::fromStdString(recorded.hash()).startsWith("partial-"));
    }

    // Painting on a finished level updates only the painted cells, or finishes the
    // level again when an edit touches a thing; either way it is the level makeLevel()
    // makes with those edits, over hundreds of random strokes.
    void paintingIsFinishingAgain() {
        Project p = loadProject(fs::path(BURROW_EXAMPLES) / "rooms-and-hallways.burrow.json", builtinStages());
        LevelBuild build(p, p.seed);
        build.run();
        Rng choose(99);
        int incremental = 0, whole = 0;
        for (int stroke = 0; stroke < 200; ++stroke) {
            std::vector<Cell> cells;
            for (int i = static_cast<int>(choose.range(1, 6)); i > 0; --i) {
                const Cell c{static_cast<int>(choose.below(static_cast<std::uint32_t>(p.size.width))),
                             static_cast<int>(choose.below(static_cast<std::uint32_t>(p.size.height))), 0};
                if (choose.chance(0.2)) p.edits.erase(c);
                else p.edits.set(c, choose.chance(0.5) ? Tile::Wall : Tile::Floor);
                cells.push_back(c);
            }
            if (build.editsChanged(cells)) ++incremental;
            else ++whole;
        }
        QVERIFY(incremental > 0);
        QVERIFY(whole > 0);
        QCOMPARE(QString::fromStdString(build.hash()), QString::fromStdString(levelHash(makeLevel(p).level)));
        QVERIFY(build.warnings() == makeLevel(p).warnings);
        p.edits.clear();
        build.refinish();
        QCOMPARE(QString::fromStdString(build.hash()), QString::fromStdString(levelHash(makeLevel(p).level)));
    }

    // Two populate stages may define one template only alike: otherwise the project is
    // refused, naming the template and both stages.
    void templatesAreDecidedOnce() {
        const QStringList conflict = test::problemsOf(twoPopulateStages(boss(20), boss(30)));
        QCOMPARE(conflict.size(), 1);
        QVERIFY2(conflict.front().startsWith("/recipe/2/rules|"), qPrintable(conflict.front()));
        for (const char* words : {"\"boss\"", "stage 'monsters'", "stage 'more monsters'", "rules written in the project"})
            QVERIFY2(conflict.front().contains(words), qPrintable(conflict.front()));
        QVERIFY(test::problemsOf(twoPopulateStages(boss(20), boss(20))).isEmpty());
        // Both stages' templates are one table.
        const Project p = test::projectOf(twoPopulateStages(boss(20), boss(20)));
        QCOMPARE(recipeTemplates(p.recipe).size(), std::size_t(1));
        QVERIFY(findRecipeTemplate(p.recipe, "boss") != nullptr);
        QVERIFY(findRecipeTemplate(p.recipe, "dragon") == nullptr);
    }
};

BURROW_TEST_APPLESS_MAIN(TestLevelBuild)
#include "test_level_build.moc"
