// The editor agrees with the command line: the level hash it shows is the one
// `burrow stats` prints, and Run until stops at the step `--until` stops at (ticking
// each hit on the timeline, picking a cell on the map, explaining an expression it
// cannot read).
#include <QSettings>
#include <QTest>

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <sstream>

#include "test_main.h"
#include "analysis/breakpoints.h"
#include "cli/cli.h"
#include "docks/breakpoint_bar.h"
#include "docks/generation_dock.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "model/level_hash.h"
#include "pipeline/make_level.h"

#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

namespace {

// The step `burrow generate --until` reports for the example from step 0.
std::size_t cliStep(const char* project, const std::string& until) {
    std::ostringstream out, err;
    const auto code = cli::run({"generate", example(project).toStdString(), "--until", until, "--out", QDir::tempPath().toStdString() + "/burrow-run-until"}, out, err);
    if (!code || *code != 0) return SIZE_MAX;
    const std::string text = out.str();
    const auto at = text.find("stopped at step ");
    return at == std::string::npos ? SIZE_MAX : std::stoul(text.substr(at + 16));
}

bool waitFor(BreakpointBar* bar) {
    QElapsedTimer clock;
    clock.start();
    while (bar->searching() && clock.elapsed() < 60000) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !bar->searching();
}

} // namespace

class TestRunUntil : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // The status bar shows the level hash: the one `burrow stats` prints for the saved
    // project, hand edits included.
    void theLevelHashIsTheCommandLines() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
        ProjectDocument* doc = window.document();
        doc->applyEdits(std::vector<ProjectDocument::EditChange>{{{3, 3, 0}, Tile::Water}, {{4, 3, 0}, Tile::Obstacle}});
        const QString expected = QString::fromStdString(levelHash(makeLevel(doc->project()).level));
        QCOMPARE(doc->levelHash(), expected);
        QVERIFY2(child<QLabel>(&window, "levelLabel")->text().contains(expected), qPrintable(child<QLabel>(&window, "levelLabel")->text()));
        // Walling in a placed thing leaves it out, in the editor as in makeLevel(),
        // with a warning that says so; undoing brings it back.
        const Entity victim = doc->level().entities.back();
        const std::size_t things = doc->level().entities.size();
        doc->applyEdits(std::vector<ProjectDocument::EditChange>{{victim.at, Tile::Wall}});
        const MadeLevel made = makeLevel(doc->project());
        QCOMPARE(doc->levelHash(), QString::fromStdString(levelHash(made.level)));
        QCOMPARE(doc->level().entities.size(), things - 1);
        QVERIFY(std::any_of(made.warnings.begin(), made.warnings.end(), [](const StageWarning& w) { return w.code == "edit_buries_thing"; }));
        doc->applyEdits(std::vector<ProjectDocument::EditChange>{{victim.at, std::nullopt}});
        QCOMPARE(doc->level().entities.size(), things);
        QCOMPARE(doc->levelHash(), expected);
    }

    void stopsWhereTheCommandLineStops() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        window.document()->seek(0);
        BreakpointBar* bar = window.findChild<GenerationDock*>()->breakpoints();
        bar->runUntil("stage-end:prune");
        QVERIFY(bar->searching()); // the search is off the UI thread
        QVERIFY(waitFor(bar));
        const std::size_t expected = cliStep("cellular-depths.burrow.json", "stage-end:prune");
        QVERIFY(expected != SIZE_MAX);
        QCOMPARE(window.document()->generation().stepsDone(), expected);
        QVERIFY2(bar->result().contains(QStringLiteral("Stopped at step %1").arg(expected)), qPrintable(bar->result()));
        // The transport names the run of the step shown, the one that just ended, not the next.
        const QString transport = window.findChild<GenerationDock*>()->findChild<QLabel*>("status")->text();
        QVERIFY2(transport.startsWith("prune (depth 0)"), qPrintable(transport));
        const auto next = window.document()->generation().currentRun();
        QVERIFY(next && window.document()->generation().runs()[*next].label != "prune (depth 0)");

        // From there, the next regions change; each hit is kept for the timeline.
        bar->runUntil("regions-change");
        QVERIFY(waitFor(bar));
        const std::size_t second = window.document()->generation().stepsDone();
        QVERIFY(second > expected);
        QCOMPARE(bar->hits().size(), std::size_t(2));
        screenshot(&window, "run-until");

        // An expression the core cannot read is explained, and nothing moves.
        bar->runUntil("regions");
        QVERIFY(bar->result().startsWith("Not a breakpoint"));
        QCOMPARE(window.document()->generation().stepsDone(), second);
    }

    // Each offered breakpoint is one the command line reads, and says in words what it waits for.
    void theOfferedBreakpointsReadAndExplain() {
        MainWindow window;
        BreakpointBar* bar = window.findChild<GenerationDock*>()->breakpoints();
        auto* box = child<QComboBox>(bar, "breakpoint");
        QVERIFY(box->count() >= 7);
        for (int i = 0; i < box->count(); ++i) {
            std::string why;
            QVERIFY2(parseBreakpoint(box->itemText(i).toStdString(), why), qPrintable(box->itemText(i) + ": " + QString::fromStdString(why)));
            QVERIFY2(box->itemData(i, Qt::ToolTipRole).toString().startsWith("When "), qPrintable(box->itemText(i)));
        }
    }

    void pickACellOnTheMap() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("drone-caves.burrow.json")));
        BreakpointBar* bar = window.findChild<GenerationDock*>()->breakpoints();
        child<QPushButton>(bar, "pickCell")->click();
        QVERIFY(bar->picking());
        MapView* map = window.mapView();
        QTest::mouseClick(map, Qt::LeftButton, {}, map->cellCentre(12, 7).toPoint());
        QVERIFY(!bar->picking());
        QCOMPARE(child<QComboBox>(bar, "breakpoint")->currentText(), QString("cell:12,7,0"));
        // Run from the start: it stops where the command line does (or, if the drones
        // never dig that cell, at the end, as the command line does).
        window.document()->seek(0);
        bar->runUntil();
        QVERIFY(waitFor(bar));
        const std::size_t expected = cliStep("drone-caves.burrow.json", "cell:12,7,0");
        if (expected != SIZE_MAX) QCOMPARE(window.document()->generation().stepsDone(), expected);
        else QVERIFY(bar->result().startsWith("Not hit"));
    }
};

BURROW_TEST_MAIN(TestRunUntil)
#include "test_run_until.moc"
