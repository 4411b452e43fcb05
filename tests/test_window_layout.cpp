// The editor's window as a designer's screen holds it: the first layout on laptop
// screens (the map keeps most of the window, every dock tab's name whole, the window
// its size), the layout kept across a restart, and Tab clearing the docks away.
#include <QSettings>
#include <QTest>

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <cmath>

#include "test_main.h"
#include "docks/generation_dock.h"
#include "docks/legend_dock.h"
#include "docks/play_dock.h"
#include "docks/replay_bar.h"
#include "docks/room_graph_dock.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "play/play_view.h"
#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

namespace {

// The first window on a 1024 x 700 screen (the panel takes the rest), as first laid out.
bool showFirstWindowOfASmallScreen(MainWindow& window) {
    window.resize(1024, 644);
    window.applyFirstLayout();
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

} // namespace

class TestWindowLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // On a laptop's screen the map is the centre of the window: at 1024 x 700 and
    // 1366 x 768 it keeps over half the window, no two visible docks (nor a dock and
    // the map) overlap, and every dock tab shows its name whole. A game in the Play dock takes most of the width, and Esc
    // gives it back.
    void theMapKeepsMostOfALaptopWindow_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1024 x 700") << QSize(1024, 700);
        QTest::newRow("the first window on a 1024 x 700 screen") << QSize(1024, 644);
        QTest::newRow("1366 x 768") << QSize(1366, 768);
    }
    void theMapKeepsMostOfALaptopWindow() {
        QFETCH(QSize, size);
        QSettings().clear();
        MainWindow window;
        window.resize(size);
        window.applyFirstLayout();
        QCOMPARE(window.size(), size); // the docks moving about did not grow it past the screen
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        QTest::qWait(50);
        const auto area = [](const QRect& r) { return static_cast<double>(r.width()) * r.height(); };
        const QRect map = window.mapView()->geometry();
        QVERIFY2(area(map) >= 0.5 * area(window.rect()), qPrintable(QStringLiteral("map %1 x %2 in %3 x %4").arg(map.width()).arg(map.height()).arg(window.width()).arg(window.height())));
        QList<QRect> shown{map};
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            if (dock->isVisible() && !dock->visibleRegion().isEmpty()) shown << dock->geometry();
        QVERIFY(shown.size() >= 2);
        for (int i = 0; i < shown.size(); ++i)
            for (int j = i + 1; j < shown.size(); ++j) QVERIFY2(!shown[i].intersects(shown[j]), "two visible parts of the window overlap");
        verifyDockNamesWhole(window);
        screenshot(&window, QStringLiteral("layout-%1x%2").arg(size.width()).arg(size.height()));

        // A game is played on the map: the map keeps its share of the width.
        auto* play = window.findChild<PlayDock*>();
        const double least = size.width() > 1100 ? 0.55 : 0.5;
        const auto mapShare = [&] { return static_cast<double>(window.mapView()->width()) / window.width(); };
        play->playFromHere();
        QVERIFY(window.mapView()->cover());
        QTRY_VERIFY2_WITH_TIMEOUT(mapShare() >= least, qPrintable(QString::number(mapShare())), 5000);
        screenshot(&window, QStringLiteral("game-on-the-map-%1x%2").arg(size.width()).arg(size.height()));
        QTest::keyClick(window.mapView(), Qt::Key_Escape);
        QVERIFY(!window.mapView()->cover());
        QTRY_VERIFY_WITH_TIMEOUT(mapShare() >= least, 5000);
        // Played in the dock instead, the dock takes most of the width, and Esc gives it back.
        child<QCheckBox>(play, "playOnMap")->setChecked(false);
        play->playFromHere();
        QVERIFY(!window.mapView()->cover());
        QTRY_VERIFY2_WITH_TIMEOUT(play->width() > window.width() / 2 - 20, qPrintable(QString::number(play->width())), 5000);
        QTest::keyClick(play->view(), Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(window.mapView()->geometry().width() > window.width() / 2, 5000);
        child<QCheckBox>(play, "playOnMap")->setChecked(true);
        // Every other way out gives the width back too: a bot game watched to its end
        // then Back to editing, and a game the level changed under.
        play->watchTheBot();
        QTest::qWait(50);
        play->replay()->setPosition(static_cast<int>(play->watchedInputs().size()));
        QTest::qWait(50);
        child<QPushButton>(play, "backToEditing")->click();
        QTRY_VERIFY_WITH_TIMEOUT(window.mapView()->geometry().width() > window.width() / 2, 5000);
        play->playFromHere();
        QTest::qWait(50);
        window.document()->setSeed(window.document()->project().seed + 1, "");
        QTRY_VERIFY_WITH_TIMEOUT(window.mapView()->geometry().width() > window.width() / 2, 5000);
    }

    // Quit and start again: the same layout, tabs on the same side, the dock column
    // as wide, the map as large. A state saved by another layout version is not
    // restored (the first layout instead); Reset Layout keeps the window on its screen.
    void theLayoutStaysPut_data() { theMapKeepsMostOfALaptopWindow_data(); }
    void theLayoutStaysPut() {
        QFETCH(QSize, size);
        QSettings().clear();
        // A restored window is fitted into its screen: on a test screen smaller than
        // the laptop's, the laptop's size is taken down to it, both times.
        if (const QScreen* screen = QGuiApplication::primaryScreen()) size = size.boundedTo(screen->availableGeometry().size());
        const auto mapShare = [](MainWindow& w) { return static_cast<double>(w.mapView()->width()) / w.width(); };
        int columnWidth = 0;
        double share = 0;
        {
            MainWindow first;
            first.resize(size);
            first.applyFirstLayout();
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            QTest::qWait(50);
            columnWidth = first.findChild<GenerationDock*>()->width();
            size = first.size(); // as shown (a window is never smaller than its docks need)
            share = mapShare(first);
            QVERIFY2(share >= (size.width() > 1100 ? 0.55 : 0.5) || size.width() < 1000, qPrintable(QString::number(share)));
            QVERIFY(first.close()); // saves the layout, as quitting does
        }
        {
            MainWindow again;
            QCOMPARE(again.size(), size);
            again.show();
            QVERIFY(QTest::qWaitForWindowExposed(&again));
            QTest::qWait(50);
            QCOMPARE(again.tabPosition(Qt::LeftDockWidgetArea), QTabWidget::West);
            QTRY_VERIFY_WITH_TIMEOUT(std::abs(again.findChild<GenerationDock*>()->width() - columnWidth) <= 4, 5000);
            QTRY_VERIFY_WITH_TIMEOUT(std::abs(mapShare(again) - share) < 0.01, 5000);
            // Reset Layout: the first layout, the whole window on the screen.
            again.resize(5000, 3000);
            child<QAction>(&again, "resetLayout")->trigger();
            QVERIFY(again.screen()->availableGeometry().contains(again.frameGeometry()));
            // A state from another layout version (here: with the legend closed) is not restored.
            again.findChild<LegendDock*>()->close();
            QSettings().setValue("window/state", again.saveState(MainWindow::kLayoutVersion - 1));
        }
        MainWindow fresh;
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        QVERIFY(!fresh.findChild<LegendDock*>()->isHidden());
        QVERIFY(fresh.frameGeometry().top() >= fresh.screen()->availableGeometry().top());
    }

    // On the first window of a 1024 x 700 screen the Room Graph dock, opened, is an
    // eighth tab where seven fit: the tab bar scrolls, and no name is cut short.
    void openingTheRoomGraphCutsNoName() {
        QSettings().clear();
        MainWindow window;
        QVERIFY(showFirstWindowOfASmallScreen(window));
        auto* graph = window.findChild<RoomGraphDock*>();
        graph->show();
        graph->raise();
        QTest::qWait(50);
        QVERIFY(!graph->visibleRegion().isEmpty());
        verifyNoDockNameCut(window);
    }

    // A dock turned on from the Docks menu comes to the front of its tabs: the Room
    // Graph and the Overview start hidden, and shown behind another tab the click
    // seemed to do nothing.
    void aDockTurnedOnComesToTheFront() {
        QSettings().clear();
        MainWindow window;
        QVERIFY(showFirstWindowOfASmallScreen(window));
        int turnedOn = 0;
        for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
            if (!dock->isHidden()) continue;
            dock->toggleViewAction()->trigger();
            QTest::qWait(20);
            QVERIFY2(!dock->visibleRegion().isEmpty(), qPrintable(dock->windowTitle()));
            ++turnedOn;
        }
        QVERIFY(turnedOn >= 2); // the Room Graph and the Overview at least
    }

    // Tab on the map hides every dock and shows them again (Tiled's Clear View); Tab
    // in a field still moves to the next field.
    void tabHidesTheDocks() {
        QSettings().clear();
        MainWindow window;
        window.resize(1024, 700);
        window.applyFirstLayout();
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto* generation = window.findChild<GenerationDock*>();
        QVERIFY(generation->isVisible());
        window.mapView()->setFocus();
        QTest::keyClick(window.mapView(), Qt::Key_Tab);
        QVERIFY(!generation->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(window.mapView()->width() > window.width() * 9 / 10, 5000);
        QTest::keyClick(window.mapView(), Qt::Key_Tab);
        QVERIFY(generation->isVisible());
        auto* seed = generation->findChild<QLineEdit*>();
        QVERIFY(seed);
        seed->setFocus();
        QTest::keyClick(seed, Qt::Key_Tab);
        QVERIFY(generation->isVisible());
        QVERIFY(!seed->hasFocus());
    }

};

BURROW_TEST_MAIN(TestWindowLayout)
#include "test_window_layout.moc"
