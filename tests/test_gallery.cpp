// The seed gallery: seeds made on worker threads while the editor stays responsive,
// each the level `burrow explore` judges for that seed, adopted by a click, and
// started over (stale seeds dropped) when the recipe changes.
#include <QSettings>
#include <QTest>

#include <QCheckBox>
#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QUndoStack>
#include <QTemporaryDir>
#include <QTimer>
#include <sstream>
#include <cmath>

#include "test_main.h"
#include "analysis/acceptance.h"
#include "cli/cli.h"
#include "gallery/expressive_range_view.h"
#include "io/file_io.h"
#include "docks/metrics_panel.h"
#include "docks/seed_gallery_dock.h"
#include "document/background_jobs.h"
#include "document/project_document.h"
#include "gallery/seed_gallery.h"
#include "main_window.h"
#include "model/level_hash.h"
#include "pipeline/builtin_stages.h"
#include "pipeline/make_level.h"
#include "generation/stop_flag.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

namespace {

bool sameValues(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
    return true;
}

// Shows the gallery, starts it, and waits for every seed with the event loop
// turning; counts the loop's turns meanwhile (a 5 ms timer).
int fillGallery(MainWindow& window) {
    SeedGalleryDock* dock = window.seedGalleryDock();
    dock->show();
    dock->raise();
    QTimer ticker;
    int ticks = 0;
    QObject::connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
    ticker.start(5);
    dock->refresh();
    QElapsedTimer clock;
    clock.start();
    while (!dock->gallery()->done() && clock.elapsed() < 60000) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return ticks;
}

// A laptop-sized window on `project`, its gallery filled; nothing when either fails.
SeedGalleryDock* openWithGallery(MainWindow& window, const char* project) {
    window.resize(1366, 768);
    window.show();
    if (!openAndFinish(window, example(project))) return nullptr;
    fillGallery(window);
    return window.seedGalleryDock()->gallery()->done() ? window.seedGalleryDock() : nullptr;
}

} // namespace

class TestGallery : public QObject {
    Q_OBJECT
private slots:
    // Work gone stale (a gallery's seeds of a project since changed, a reroll when the
    // editor closes) stops inside the stage run it is in, not at its end: a wave
    // function collapse of 300 x 300 is dropped as soon as the job is restarted.
    void staleGenerationStopsWhereItIs() {
        Project project = loadProject(std::string(BURROW_EXAMPLES) + "/wfc-ruins.burrow.json", builtinStages());
        project.size = {300, 300, 1};
        // The stale check, counting the stage runs that finished.
        struct Watch final : GenerationObserver {
            explicit Watch(const std::atomic<bool>& stop) : stale(stop) {}
            void stageFinished(const StageRun& run, std::size_t index) override {
                ++finished;
                stale.stageFinished(run, index);
            }
            void whileRunning(const StageRun& run, std::size_t index) override { stale.whileRunning(run, index); }
            StopWhenFlagged stale;
            std::atomic<int> finished{0};
        };
        std::atomic<bool> started{false}, made{false};
        std::atomic<int> finished{-1};
        bool delivered = false;
        {
            BackgroundJobs jobs;
            jobs.run(
                [&](const std::atomic<bool>& stop) {
                    Watch watch(stop);
                    started = true;
                    try {
                        (void)makeLevel(project, 1, &watch);
                        made = true;
                    } catch (const GenerationStopped&) {
                        finished = watch.finished.load();
                        throw;
                    }
                },
                [&] { delivered = true; });
            QTRY_VERIFY_WITH_TIMEOUT(started.load(), 30000);
            jobs.restart();
            jobs.waitForDone();
        }
        QVERIFY(!made);
        QCOMPARE(finished.load(), 0); // stopped inside the first stage run (WFC), not at its end
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }

    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // The seeds arrive one by one (none before the event loop turns), and each is the
    // level, metrics and verdict core's judgeSeed gives — what `burrow explore` writes.
    void seedsFillInWithoutBlockingAndEqualExplore() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths-long-walks.burrow.json")));
        SeedGalleryDock* dock = window.seedGalleryDock();
        dock->show();
        dock->refresh();
        QCOMPARE(dock->gallery()->entries().size(), std::size_t(0)); // start() returned at once
        const int ticks = fillGallery(window);
        QVERIFY(dock->gallery()->done());
        QVERIFY2(ticks >= 2, qPrintable(QString::number(ticks)));
        const auto& entries = dock->gallery()->entries();
        QCOMPARE(entries.size(), std::size_t(24));
        const Project& project = window.document()->project();
        int failing = 0;
        for (const SeedGallery::Entry& e : entries) {
            const SeedResult expected = judgeSeed(project, e.result.seed, true);
            QCOMPARE(e.result.levelHash, expected.levelHash);
            QCOMPARE(e.result.levelSeed, expected.levelSeed);
            QCOMPARE(e.result.accepted, expected.accepted);
            QVERIFY(sameValues(e.result.values, expected.values));
            QVERIFY(!e.thumbnail.isNull());
            failing += e.result.accepted != true;
        }
        // The badges: a pass mark on every seed whose kept attempt meets the rules.
        for (int i = 0; i < dock->list()->count(); ++i) QVERIFY(dock->list()->item(i)->text().contains(QStringLiteral("✓")) ||
                                                                  dock->list()->item(i)->text().contains(QStringLiteral("✗")));
        // Passing only hides exactly the seeds whose kept attempt fails the rules.
        child<QCheckBox>(dock, "galleryPassingOnly")->setChecked(true);
        QCOMPARE(dock->list()->count(), 24 - failing);
        child<QCheckBox>(dock, "galleryPassingOnly")->setChecked(false);
        QCOMPARE(dock->list()->count(), 24);

        // Sorted by a metric: largest first, ties by seed.
        auto* sort = child<QComboBox>(dock, "gallerySort");
        sort->setCurrentIndex(sort->findText("Start to the deepest depth"));
        const std::size_t metric = *metricIndex("start_to_deepest");
        const auto shown = dock->shownSeeds();
        QCOMPARE(shown.size(), std::size_t(24));
        for (std::size_t i = 1; i < shown.size(); ++i) {
            const auto valueOf = [&](std::uint64_t seed) {
                for (const SeedGallery::Entry& e : entries)
                    if (e.result.seed == seed) return e.result.values[metric];
                return std::nan("");
            };
            QVERIFY(valueOf(shown[i - 1]) >= valueOf(shown[i]));
        }
        QVERIFY(dock->list()->item(0)->text().contains("Start to the deepest depth"));
        screenshot(&window, "gallery");
    }

    // A click on a thumbnail makes its seed the project's: the map then shows exactly
    // the level opening the project with that seed gives.
    void clickingAThumbnailAdoptsItsSeed() {
        MainWindow window;
        SeedGalleryDock* dock = openWithGallery(window, "cellular-depths.burrow.json");
        QVERIFY(dock);
        QVERIFY(!dock->list()->item(0)->text().contains(QStringLiteral("✓"))); // no rules, no marks
        QListWidgetItem* item = dock->list()->item(6);
        const std::uint64_t seed = item->data(Qt::UserRole).toULongLong();
        QVERIFY(seed != window.document()->project().seed);
        dock->list()->scrollToItem(item);
        QTest::mouseClick(dock->list()->viewport(), Qt::LeftButton, {}, dock->list()->visualItemRect(item).center());
        QCOMPARE(window.document()->project().seed, seed);
        QTRY_VERIFY_WITH_TIMEOUT(window.document()->atEnd(), 30000);
        Project expected = window.document()->project();
        expected.seed = seed;
        QCOMPARE(window.document()->levelHash().toStdString(), levelHash(makeLevel(expected, seed).level));
        // Adopting a seed is not a change of recipe: the gallery stays as it was.
        QVERIFY(dock->gallery()->done());
        QCOMPARE(dock->gallery()->entries().size(), std::size_t(24));
    }

    // Pinning: the chosen seed goes first, marked, kept in the project's file, undoable;
    // a pinned seed beyond N is still made; a save and reopen keeps it.
    void pinnedSeedsComeFirstAndAreSaved() {
        MainWindow window;
        SeedGalleryDock* dock = openWithGallery(window, "cellular-depths.burrow.json");
        QVERIFY(dock);
        QListWidgetItem* item = dock->list()->item(9);
        const std::uint64_t seed = item->data(Qt::UserRole).toULongLong();
        dock->list()->setCurrentItem(item);
        QCOMPARE(dock->pinButton()->text(), QString("Pin"));
        dock->pinButton()->click();
        QCOMPARE(window.document()->project().pinnedSeeds, std::vector<std::uint64_t>{seed});
        QCOMPARE(dock->shownSeeds().front(), seed);
        QVERIFY2(dock->list()->item(0)->text().startsWith(QStringLiteral("★ seed %1").arg(seed)), qPrintable(dock->list()->item(0)->text()));
        QCOMPARE(dock->pinButton()->text(), QString("Unpin"));
        window.document()->undoStack()->undo();
        QVERIFY(window.document()->project().pinnedSeeds.empty());
        QCOMPARE(dock->shownSeeds().front(), std::uint64_t{1});
        window.document()->undoStack()->redo();
        QCOMPARE(dock->shownSeeds().front(), seed);
        screenshot(&window, "gallery-pinned");

        // Fewer seeds than the pinned one: it is still made, and first.
        dock->findChild<QSpinBox*>("galleryCount")->setValue(4);
        dock->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(dock->gallery()->done(), 30000);
        QCOMPARE(dock->gallery()->entries().size(), std::size_t{5});
        QCOMPARE(dock->shownSeeds(), (std::vector<std::uint64_t>{seed, 1, 2, 3, 4}));

        QTemporaryDir dir;
        const QString path = dir.path() + "/pinned.burrow.json";
        QVERIFY(window.document()->saveAs(path, nullptr));
        QVERIFY(QString::fromStdString(readTextFile(path.toStdString())).contains(QStringLiteral("\"pinned_seeds\": [\n    %1\n  ]").arg(seed)));
        QCOMPARE(loadProject(path.toStdString(), builtinStages()).pinnedSeeds, std::vector<std::uint64_t>{seed});
    }

    // The expressive range counts what `burrow explore` counts for the same seeds and
    // pair; a bin clicked narrows the thumbnails to its seeds, clicked again shows all.
    void theRangeEqualsExploreAndPicksSeeds() {
        MainWindow window;
        SeedGalleryDock* dock = openWithGallery(window, "cellular-depths.burrow.json");
        QVERIFY(dock);
        auto* x = child<QComboBox>(dock, "rangeX");
        auto* y = child<QComboBox>(dock, "rangeY");
        x->setCurrentIndex(x->findText("Loops"));
        y->setCurrentIndex(y->findText("Regions"));
        QTemporaryDir dir;
        std::ostringstream out, err;
        QCOMPARE(*cli::run({"explore", example("cellular-depths.burrow.json").toStdString(), "--seeds", "1..24", "--pair", "loops,regions", "--out",
                            dir.path().toStdString()},
                           out, err),
                 0);
        const auto summary = parseJsonFile(dir.path().toStdString() + "/summary.json");
        const PairSummary& shown = dock->range()->pair();
        QCOMPARE(summary["pairs"][0]["counts"].get<std::vector<int>>(), shown.counts);
        QCOMPARE(summary["pairs"][0]["x"].get<std::string>(), std::string("loops"));

        // The fullest bin, clicked.
        const auto fullest = std::max_element(shown.counts.begin(), shown.counts.end()) - shown.counts.begin();
        const int columns = static_cast<int>(shown.xBins.counts.size());
        const int bx = static_cast<int>(fullest) % columns, by = static_cast<int>(fullest) / columns;
        ExpressiveRangeView* range = dock->range();
        range->show();
        QTest::mouseClick(range, Qt::LeftButton, {}, range->binRect(bx, by).center().toPoint());
        auto chosen = range->seedsIn(bx, by);
        QCOMPARE(static_cast<int>(chosen.size()), shown.counts[static_cast<std::size_t>(fullest)]);
        auto shownSeeds = dock->shownSeeds();
        std::sort(shownSeeds.begin(), shownSeeds.end());
        std::sort(chosen.begin(), chosen.end());
        QCOMPARE(shownSeeds, chosen);
        screenshot(&window, "gallery-range-bin");
        QTest::mouseClick(range, Qt::LeftButton, {}, range->binRect(bx, by).center().toPoint());
        QCOMPARE(dock->shownSeeds().size(), std::size_t(24));
    }

    // Changing a parameter starts the gallery over: none of the old project's seeds
    // survive, even those under way when the change came.
    void aRecipeEditDropsStaleSeeds() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        SeedGalleryDock* dock = window.seedGalleryDock();
        dock->show();
        dock->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!dock->gallery()->entries().empty(), 30000); // some made, more under way
        Recipe recipe = window.document()->project().recipe;
        recipe.stages[0].params.set("fill", 0.55);
        window.document()->setRecipe(recipe);
        dock->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(dock->gallery()->done(), 60000);
        dock->gallery()->waitForWorkers(); // every worker of the first start has finished...
        QCoreApplication::processEvents(); // ...and anything stale it found has arrived
        const Project& project = window.document()->project();
        QCOMPARE(dock->gallery()->entries().size(), std::size_t(24));
        for (const SeedGallery::Entry& e : dock->gallery()->entries())
            QCOMPARE(e.result.levelHash, levelHash(makeLevel(project, e.result.levelSeed).level));
    }

    // A project whose one level would not fit the gallery's memory makes nothing
    // and says why, instead of filling the machine's memory with levels.
    void levelsTooLargeForTheGalleryAreRefused() {
        SeedGallery gallery;
        Project huge = loadProject(example("cellular-depths.burrow.json").toStdString(), builtinStages());
        huge.size = {4096, 4096, 64};
        gallery.start(huge, 24);
        QCOMPARE(gallery.requested(), 0);
        QVERIFY(gallery.done());
        QVERIFY2(gallery.refusal().contains("burrow explore"), qPrintable(gallery.refusal()));
        gallery.waitForWorkers();
        QCoreApplication::processEvents();
        QVERIFY(gallery.entries().empty());
        Project small = huge;
        small.size = {80, 50, 2};
        gallery.start(small, 3);
        QVERIFY(gallery.refusal().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(gallery.done(), 30000);
        QCOMPARE(gallery.entries().size(), std::size_t(3));
    }

    // "This level": the metrics are core's for the level shown; each rule shows its
    // verdict; rules added and removed are undoable; Reroll until it passes keeps the
    // attempt generate --accept keeps for this seed, and the editor then shows it.
    void thisLevelsMetricsRulesAndReroll() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths-long-walks.burrow.json")));
        SeedGalleryDock* dock = window.seedGalleryDock();
        dock->show();
        dock->raise();
        auto* tabs = child<QTabWidget>(dock, "judge-tabs");
        MetricsPanel* panel = dock->metricsPanel();
        tabs->setCurrentWidget(panel);
        QTRY_VERIFY_WITH_TIMEOUT(panel->measured() != nullptr, 20000);
        ProjectDocument* doc = window.document();
        Measurement core = measure(doc->level(), doc->project().movement);
        recordWarnings(core, doc->warnings().size()); // as `burrow stats` counts them
        QVERIFY(sameValues(panel->measured()->level, core.level));
        auto* rules = child<QTableWidget>(panel, "level-rules");
        QCOMPARE(rules->rowCount(), 2);
        const std::size_t reachable = *metricIndex("reachable_share");
        // The table shows the same value as core, row by row.
        auto* metrics = child<QTableWidget>(panel, "level-metrics");
        bool shown = false;
        for (int row = 0; row < metrics->rowCount(); ++row)
            if (metrics->item(row, 0)->data(Qt::UserRole).toInt() == static_cast<int>(reachable))
                shown = metrics->item(row, 1)->text() == QString::number(core[reachable], 'f', 2);
        QVERIFY(shown);

        // A rule this seed's own level breaks: one loop more than it has.
        const std::size_t loops = *metricIndex("loops");
        const int undoBefore = doc->undoStack()->count();
        panel->addRule({"loops", core[loops] + 1, std::nullopt, std::nullopt, false});
        QCOMPARE(doc->project().acceptance.rules.size(), std::size_t(3));
        QCOMPARE(doc->undoStack()->count(), undoBefore + 1);
        QTRY_VERIFY_WITH_TIMEOUT(rules->rowCount() == 3 && rules->item(2, 1)->text().startsWith(QChar(0x2717)), 10000);
        doc->undoStack()->undo();
        QCOMPARE(doc->project().acceptance.rules.size(), std::size_t(2));
        doc->undoStack()->redo();
        const Project before = doc->project();
        const AcceptedLevel expected = makeAcceptedLevel(before, before.seed);
        QSignalSpy finished(panel, &MetricsPanel::rerollFinished);
        panel->rerollUntilItPasses();
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 60000);
        QCOMPARE(finished[0][0].toBool(), expected.accepted);
        if (expected.accepted) {
            QCOMPARE(doc->project().seed, expected.levelSeed);
            QTRY_VERIFY_WITH_TIMEOUT(doc->atEnd(), 30000);
            QCOMPARE(doc->levelHash().toStdString(), levelHash(expected.made.level));
            QTRY_VERIFY_WITH_TIMEOUT(panel->measured() && judge(doc->project().acceptance, *panel->measured()).passed(), 20000);
        } else {
            QCOMPARE(doc->project().seed, before.seed);
        }
        screenshot(&window, "this-level");
    }
};

BURROW_TEST_MAIN(TestGallery)
#include "test_gallery.moc"
