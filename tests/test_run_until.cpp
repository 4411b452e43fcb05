// Run until, in the editor: it stops at the step the command line's --until stops
// at, ticks each hit on the timeline, picks a cell on the map, and says what is
// wrong with an expression it cannot read.
#include <QtTest>

#include <QComboBox>
#include <QPushButton>
#include <sstream>

#include "cli/cli.h"
#include "docks/breakpoint_bar.h"
#include "docks/generation_dock.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"

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

QTEST_MAIN(TestRunUntil)
#include "test_run_until.moc"
