// Metrics on hand-made levels whose answers are counted by hand, acceptance rules
// with attempts, and the summary of many seeds.
#include <QTest>

#include <climits>
#include <cmath>
#include <set>

#include "test_main.h"
#include "analysis/acceptance.h"
#include "analysis/breakpoints.h"
#include "analysis/comparison.h"
#include "analysis/explore_report.h"
#include "analysis/level_evidence.h"
#include "analysis/measure.h"
#include "analysis/seed_summary.h"
#include "io/ascii_map.h"
#include "io/file_io.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "project/project.h"
#include "regions/region_map.h"

#include "level_helpers.h"

using namespace burrow;
using namespace burrow::testing;

namespace {


EntityTemplate kindOf(const char* name, EntityKind kind) {
    EntityTemplate t;
    t.name = name;
    t.kind = kind;
    return t;
}


} // namespace


class TestAnalysis : public QObject {
    Q_OBJECT
private slots:
    // What explore draws over a thumbnail: the walk from the start to the farthest cell,
    // a dead end off it, and a pocket the start cannot reach.
    void evidenceShowsWhyASeedIsExtreme() {
        Level level(LevelSize{8, 5, 1});
        for (int x = 1; x <= 6; ++x) level.set(x, 2, 0, Tile::Floor);
        level.set(3, 1, 0, Tile::Floor); // a dead end off the corridor
        level.set(3, 4, 0, Tile::Floor); // a pocket on its own
        level.markers.push_back({"start", {1, 2, 0}});
        const LevelEvidence e = levelEvidence(level, Connectivity::Four);
        for (int x = 1; x <= 6; ++x) QVERIFY2(e.at(x, 2, 0) == Evidence::LongestWalk, qPrintable(QString::number(x)));
        QVERIFY(e.at(3, 1, 0) == Evidence::DeadEnd);
        QVERIFY(e.at(3, 4, 0) == Evidence::Unreachable);
        QVERIFY(e.at(0, 0, 0) == Evidence::None);
        // Drawn in the thumbnail, in its colours.
        const RgbImage thumb = levelThumbnail(level, 8, &e);
        QCOMPARE(thumb.width, 8);
        QCOMPARE(thumb.get(3, 4), evidenceColour(Evidence::Unreachable));
        QCOMPARE(thumb.get(6, 2), evidenceColour(Evidence::LongestWalk));
        // Without a start: dead ends only.
        level.markers.clear();
        QVERIFY(levelEvidence(level, Connectivity::Four).at(3, 4, 0) != Evidence::Unreachable);
    }

    // The comparison's statistics against values worked out by hand (and by R's
    // wilcox.test(exact = FALSE, correct = TRUE) and p.adjust(method = "holm")).
    void comparisonStatistics() {
        std::vector<double> low, high;
        for (int i = 1; i <= 10; ++i) {
            low.push_back(i);
            high.push_back(i + 10);
        }
        const RankTest apart = mannWhitney(low, high);
        QCOMPARE(apart.u, 100.0);     // every B above every A
        QCOMPARE(apart.effect, 1.0);
        QVERIFY(std::abs(apart.p - 0.0001817) < 2e-6);
        const RankTest reversed = mannWhitney(high, low);
        QCOMPARE(reversed.u, 0.0);
        QCOMPARE(reversed.effect, -1.0);
        QCOMPARE(reversed.p, apart.p);
        const RankTest same = mannWhitney(low, low);
        QCOMPARE(same.effect, 0.0);
        QCOMPARE(same.p, 1.0);
        QCOMPARE(mannWhitney({3, 3, 3}, {3, 3}).p, 1.0); // all tied: no evidence, no division by zero

        const std::vector<double> holm = holmAdjusted({0.01, 0.04, 0.03});
        QVERIFY(std::abs(holm[0] - 0.03) < 1e-12);
        QVERIFY(std::abs(holm[1] - 0.06) < 1e-12);
        QVERIFY(std::abs(holm[2] - 0.06) < 1e-12);
        QCOMPARE(holmAdjusted({0.9, 0.8})[0], 1.0); // clamped

        const Quartiles q = quartilesOf({5, 1, 4, 2, 3});
        QCOMPARE(q.min, 1.0);
        QCOMPARE(q.q1, 2.0);
        QCOMPARE(q.median, 3.0);
        QCOMPARE(q.q3, 4.0);
        QCOMPARE(q.max, 5.0);
    }

    void theCatalogIsWhole() {
        std::set<std::string> ids;
        for (const MetricInfo& m : metricCatalog()) {
            QVERIFY2(ids.insert(m.id).second, m.id.c_str());
            QVERIFY(!m.name.empty() && !m.unit.empty() && m.definition.size() > 20);
        }
        QVERIFY(metricIndex("reachable_share"));
        QVERIFY(!metricIndex("reachability"));
    }

    // Two rings of 8 cells, each around one pillar of rock, with a wall between.
    void ringsAroundPillars() {
        const Level level = levelFromAscii("#########\n#...#...#\n#.#.#.#.#\n#...#...#\n#########\n");
        const Measurement m = measure(level, Connectivity::Four);
        QCOMPARE(metric(m, "floor_share"), 16.0 / 45.0);
        QCOMPARE(metric(m, "regions"), 2.0);
        QCOMPARE(metric(m, "largest_region_share"), 0.5);
        QCOMPARE(metric(m, "loops"), 2.0);
        QCOMPARE(metric(m, "dead_ends"), 0.0);
        QCOMPARE(metric(m, "reachable_share"), 0.5);   // the start, (1,1), is on one ring only
        QCOMPARE(metric(m, "longest_path"), 4.0);      // halfway round its ring
        QVERIFY(std::isnan(metric(m, "start_to_exit"))); // there is no exit
        QCOMPARE(metric(m, "start_to_deepest"), 0.0);   // one depth: the start is on it
        QCOMPARE(m.unreachable.size(), std::size_t(1));
        // An open 2 x 2 room is no loop, a corridor's end is a dead end.
        const Measurement open = measure(levelFromAscii("######\n#..###\n#....#\n######\n"), Connectivity::Four);
        QCOMPARE(metric(open, "loops"), 0.0);
        QCOMPARE(metric(open, "dead_ends"), 1.0); // (4,2)
    }

    // Two rooms joined by a one-cell hallway (a door), with things and an exit.
    void roomsThingsAndWalks() {
        Level level = levelFromAscii("##########\n#...#....#\n#........#\n#...#....#\n##########\n");
        level.addArea(AreaKind::Room, 0, {1, 1, 3, 3});
        level.addArea(AreaKind::Room, 0, {5, 1, 4, 3});
        level.addArea(AreaKind::Hallway, 0, {4, 2, 1, 1});
        level.templates = {kindOf("gold", EntityKind::Item), kindOf("rat", EntityKind::Creature)};
        level.entities = {{"gold", {2, 1, 0}, {}}, {"gold", {3, 3, 0}, {}}, {"gold", {4, 2, 0}, {}}, {"rat", {8, 2, 0}, {}}, {"rat", {8, 1, 0}, {}}};
        level.markers = {{"start", {1, 1, 0}}, {"exit", {8, 3, 0}}};
        const Measurement m = measure(level, Connectivity::Four);
        QCOMPARE(metric(m, "rooms"), 2.0);
        QCOMPARE(metric(m, "hallways"), 1.0);
        QCOMPARE(metric(m, "corridor_share"), 1.0 / 22.0);
        QCOMPARE(metric(m, "items"), 3.0);
        QCOMPARE(metric(m, "items_per_room"), 1.0); // two of the three stand in a room; two rooms
        QCOMPARE(metric(m, "creatures"), 2.0);
        QCOMPARE(metric(m, "start_to_exit"), 9.0);  // 3 right and 1 down to the door, 4 right, 1 down
        QCOMPARE(metric(m, "enemies_near_start"), 2.0); // 8 and 9 steps away
        QCOMPARE(metric(m, "loops"), 0.0);
        QCOMPARE(metric(m, "dead_ends"), 0.0);
        QCOMPARE(metric(m, "longest_path"), 9.0);   // the far corners (8,1) and (8,3)
    }

    // Stairs: the walk to the deepest depth goes down them (one step to take them).
    void walksAcrossDepths() {
        Level level = levelFromAscii("######\n#...>#\n######\n######\n\n######\n#...<#\n#.####\n######\n");
        level.stairs.push_back({4, 1, 0, 1, 1});
        level.markers = {{"start", {1, 1, 0}}};
        const Measurement m = measure(level, Connectivity::Four);
        QCOMPARE(metric(m, "start_to_deepest"), 4.0);
        QCOMPARE(metric(m, "longest_path"), 8.0); // down, then back along depth 1 and round its corner
        QCOMPARE(metric(m, "stairs_pairs"), 1.0);
        QCOMPARE(metric(m, 0, "stairs_pairs"), 1.0);
        QCOMPARE(metric(m, 1, "stairs_pairs"), 0.0);
        QCOMPARE(metric(m, "reachable_share"), 1.0);
        QVERIFY(std::isnan(metric(m, 0, "start_to_deepest"))); // a level-only metric has no per-depth value
    }

    void botMetricsOnlyWhenAsked() {
        const Project project = exampleProject("rooms-and-hallways.burrow.json");
        const MadeLevel made = makeLevel(project, 3);
        const Measurement usual = measure(made.level, project.movement);
        QVERIFY(std::isnan(metric(usual, "bot_win_rate")));
        MeasureOptions bot;
        bot.upTo = MetricCost::BotGames;
        bot.botGames = 3;
        const Measurement played = measure(made.level, project.movement, bot);
        QVERIFY(metric(played, "bot_win_rate") >= 0 && metric(played, "bot_win_rate") <= 1);
        QVERIFY(metric(played, "bot_median_turns") > 0);
        QVERIFY(!std::isnan(metric(played, "bot_damage_taken")));
    }

    // Acceptance rules are read with their JSON paths in every error, and written back.
    void acceptanceRulesAreReadStrictly() {
        nlohmann::json doc = nlohmann::json::parse(readTextFile(std::string(BURROW_EXAMPLES) + "/random-fill.burrow.json"));
        doc["acceptance"] = nlohmann::json::parse(R"({"attempts": 7, "rules": [{"metric": "floor_share", "min": 0.3, "max": 0.9},
            {"metric": "loops", "min": 1, "depth": "each"}, {"metric": "regions", "max": 4, "depth": 0}]})");
        std::vector<Diagnostic> problems;
        const Project project = projectFromJson(doc, builtinStages(), problems);
        QVERIFY(problems.empty());
        QCOMPARE(project.acceptance.attempts, 7);
        QCOMPARE(project.acceptance.rules.size(), std::size_t(3));
        QVERIFY(project.acceptance.rules[1].eachDepth);
        QCOMPARE(project.acceptance.rules[2].depth.value(), 0);
        QCOMPARE(describeRule(project.acceptance.rules[0]), std::string("floor_share in 0.3..0.9"));
        std::vector<Diagnostic> again;
        QVERIFY(projectFromJson(nlohmann::json::parse(projectToJson(project).dump()), builtinStages(), again) == project);
        // The rules choose among levels; they are not part of what makes one.
        Project without = project;
        without.acceptance = {};
        QCOMPARE(projectHash(without), projectHash(project));

        const auto problemsOf = [&](const char* acceptance) {
            nlohmann::json bad = doc;
            bad["acceptance"] = nlohmann::json::parse(acceptance);
            std::vector<Diagnostic> found;
            projectFromJson(bad, builtinStages(), found);
            QStringList texts;
            for (const Diagnostic& d : found) texts << QString::fromStdString(d.path + ": " + d.message);
            return texts.join("\n");
        };
        QVERIFY(problemsOf(R"({"rules": [{"metric": "reachability", "min": 1}]})").contains("/acceptance/rules/0/metric: unknown metric \"reachability\"; known metrics: floor_share"));
        QVERIFY(problemsOf(R"({"rules": [{"metric": 7, "min": 1}]})").contains("/acceptance/rules/0/metric: expected a metric's name (floor_share, "));
        QVERIFY(problemsOf(R"({"rules": [{"metric": 7, "min": 1}]})").contains("found a whole number"));
        QVERIFY(problemsOf(R"({"rules": [{"metric": "loops"}]})").contains("/acceptance/rules/0: expected \"min\", \"max\" or both"));
        QVERIFY(problemsOf(R"({"rules": [{"metric": "loops", "min": 5, "max": 2}]})").contains("/acceptance/rules/0/max"));
        QVERIFY(problemsOf(R"({"rules": [{"metric": "start_to_exit", "min": 5, "depth": 0}]})").contains("measured on the whole level"));
        QVERIFY(problemsOf(R"({"rules": [{"metric": "loops", "min": 1, "depth": 3}]})").contains("/acceptance/rules/0/depth"));
        QVERIFY(problemsOf(R"({"attempts": 5000})").contains("/acceptance/attempts"));
        QVERIFY(problemsOf(R"({"rules": [{"metric": "loops", "min": 1, "mni": 2}]})").contains("/acceptance/rules/0"));
    }

    // A rule no level meets ends after the attempts allowed, naming the closest.
    void aRuleNoLevelMeetsFailsClearly() {
        Project project = exampleProject("random-fill.burrow.json");
        project.acceptance.rules = {{"floor_share", 2.0, std::nullopt, std::nullopt, false}};
        project.acceptance.attempts = 6;
        const AcceptedLevel result = makeAcceptedLevel(project, 11);
        QVERIFY(!result.accepted);
        QCOMPARE(result.rejected.size(), std::size_t(6));
        QVERIFY(QString::fromStdString(result.broken).startsWith("floor_share >= 2: 0."));
        for (int i = 0; i < 6; ++i) QCOMPARE(result.rejected[static_cast<std::size_t>(i)].levelSeed, attemptSeed(11, i + 1));
    }

    // A rule first met by a later attempt keeps that attempt, and its level seed alone
    // makes the same level again.
    void aLaterAttemptIsKeptAndReproduces() {
        Project project = exampleProject("cellular-depths.burrow.json");
        const std::uint64_t seed = 5;
        std::vector<double> walks;
        for (int attempt = 1; attempt <= 12; ++attempt)
            walks.push_back(metric(measure(makeLevel(project, attemptSeed(seed, attempt)).level, project.movement), "start_to_deepest"));
        // The first attempt after the first whose walk beats every earlier one.
        int expected = 0;
        for (int k = 2; k <= 12 && !expected; ++k)
            if (walks[static_cast<std::size_t>(k - 1)] > *std::max_element(walks.begin(), walks.begin() + (k - 1))) expected = k;
        QVERIFY(expected >= 2);
        project.acceptance.rules = {{"start_to_deepest", walks[static_cast<std::size_t>(expected - 1)], std::nullopt, std::nullopt, false}};
        project.acceptance.attempts = 12;
        const AcceptedLevel result = makeAcceptedLevel(project, seed);
        QVERIFY(result.accepted);
        QCOMPARE(result.attempt, expected);
        QCOMPARE(result.rejected.size(), std::size_t(expected - 1));
        QCOMPARE(levelHash(makeLevel(project, result.levelSeed).level), levelHash(result.made.level));
        QVERIFY(judge(project.acceptance, measure(result.made.level, project.movement)).passed());
    }

    // A rule on the bot judges the same games wherever the seed is judged: `generate
    // --accept` (makeAcceptedLevel), `explore --accept` and the editor's gallery
    // (judgeSeed), and `stats --seed LEVEL_SEED --bot` on the kept level, each
    // attempt's games following its level seed. Judged with other games, the two
    // commands kept different attempts of one seed.
    void aBotRuleJudgesTheSameGamesEverywhere() {
        Project project = exampleProject("rooms-and-hallways.burrow.json");
        int checked = 0;
        for (std::uint64_t seed = 1; seed <= 6 && checked < 3; ++seed) {
            MeasureOptions asStats;
            asStats.upTo = MetricCost::BotGames;
            std::vector<double> turns;
            for (int attempt = 1; attempt <= 8; ++attempt) {
                asStats.botSeed = attemptSeed(seed, attempt);
                turns.push_back(metric(measure(makeLevel(project, attemptSeed(seed, attempt)).level, project.movement, asStats), "bot_median_turns"));
            }
            // The first attempt after the first whose bot games are quicker than every earlier one's.
            int expected = 0;
            for (int k = 2; k <= 8 && !expected; ++k)
                if (turns[static_cast<std::size_t>(k - 1)] < *std::min_element(turns.begin(), turns.begin() + (k - 1))) expected = k;
            if (!expected) continue;
            project.acceptance.rules = {{"bot_median_turns", std::nullopt, turns[static_cast<std::size_t>(expected - 1)], std::nullopt, false}};
            project.acceptance.attempts = 8;
            const AcceptedLevel generated = makeAcceptedLevel(project, seed);
            QVERIFY2(generated.accepted, generated.broken.c_str());
            QCOMPARE(generated.attempt, expected);
            const SeedResult explored = judgeSeed(project, seed, true);
            QVERIFY(explored.accepted);
            QCOMPARE(explored.attempt, expected);
            QCOMPARE(explored.levelHash, levelHash(generated.made.level));
            asStats.botSeed = generated.levelSeed;
            QVERIFY(judge(project.acceptance, measure(makeLevel(project, generated.levelSeed).level, project.movement, asStats)).passed());
            ++checked;
        }
        QCOMPARE(checked, 3); // the rule chose a later attempt for three seeds: not vacuous
    }

    // The example the issue asks for: "reachable share at least 0.99 and a walk from the
    // start to the deepest depth of at least 150 steps". Every kept level passes and
    // is made again from its level seed alone.
    void theLongWalksExampleKeepsOnlyPassingLevels() {
        const Project project = exampleProject("cellular-depths-long-walks.burrow.json");
        QCOMPARE(project.acceptance.rules.size(), std::size_t(2));
        int later = 0;
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            const AcceptedLevel result = makeAcceptedLevel(project, seed);
            QVERIFY2(result.accepted, result.broken.c_str());
            const Measurement m = measure(result.made.level, project.movement);
            QVERIFY(metric(m, "reachable_share") >= 0.99);
            QVERIFY(metric(m, "start_to_deepest") >= 150);
            QCOMPARE(levelHash(makeLevel(project, result.levelSeed).level), levelHash(result.made.level));
            later += result.attempt > 1;
        }
        QVERIFY(later > 0); // some seeds needed a reroll: the rules are not vacuous
    }

    // Per-depth rules read each depth: "each" breaks when any one depth does.
    void perDepthRules() {
        const Level level = levelFromAscii("#####\n#...#\n#####\n\n#####\n#.#.#\n#####\n");
        const Measurement m = measure(level, Connectivity::Four);
        Acceptance each{{{"regions", std::nullopt, 1.0, std::nullopt, true}}, 5};
        const RuleVerdict verdict = judge(each, m);
        QVERIFY(!verdict.passed());
        QCOMPARE(QString::fromStdString(verdict.broken), QString("regions <= 1 on every depth: 2 on depth 1"));
        Acceptance first{{{"regions", std::nullopt, 1.0, 0, false}}, 5};
        QVERIFY(judge(first, m).passed());
    }
};

BURROW_TEST_APPLESS_MAIN(TestAnalysis)
#include "test_analysis.moc"
