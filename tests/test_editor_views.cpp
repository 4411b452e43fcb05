// The editor's views as a designer reads them: a game played on the map, zoom, the
// legend, the overview, thumbnails, themes, tooltips and the screens the issue asks to
// look at (the window's layout is test_window_layout's, regions and depths
// test_region_views', how the map is drawn at a zoom test_map_drawing's). With BURROW_SCREENSHOTS set to a folder, it
// saves window grabs of them.
#include <QSettings>
#include <QTest>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QToolBar>
#include <QToolButton>
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <map>

#include "test_main.h"
#include "docks/depth_strip_dock.h"
#include "docks/generation_dock.h"
#include "docks/depth_strip_view.h"
#include "docks/legend_dock.h"
#include "docks/overview_dock.h"
#include "docks/parameter_form.h"
#include "docks/play_dock.h"
#include "docks/replay_bar.h"
#include "document/level_facts.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/level_preview.h"
#include "map/map_view.h"
#include "pipeline/builtin_stages.h"
#include "model/level_hash.h"
#include "play/game_cover.h"
#include "play/play_view.h"
#include "style/theme.h"
#include "editor_test_helpers.h"

using namespace burrow;
using namespace burrow::ui;

class TestEditorViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName("BurrowTest");
        QSettings().clear();
    }

    // Play on the map: the map shows the game's depth as the player sees it, takes
    // the game's keys (numpad 1 moves, it does not pick a tool), follows the player
    // as they walk, does not paint, and is the editor's map again after Esc.
    void aGameIsPlayedOnTheMap() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        child<QAction>(&window, "toolPencil")->trigger();
        const std::string hash = levelHash(window.document()->level());
        auto* play = window.findChild<PlayDock*>();
        MapView* map = window.mapView();
        const QImage editing = map->grab().toImage();
        play->playFromHere();
        QCOMPARE(static_cast<const MapCover*>(map->cover()), static_cast<const MapCover*>(play->mapCover()));
        QVERIFY(map->hasFocus());
        QVERIFY(map->cellPixels() >= 16.0); // close enough to read the glyphs
        const Game& game = *play->game();
        QCOMPARE(map->depth(), game.player().at.z);
        const QImage playing = map->grab().toImage();
        QVERIFY(playing != editing);
        // Unseen ground is dark: the game's picture, not the level's.
        int black = 0;
        for (int y = 0; y < playing.height(); y += 7)
            for (int x = 0; x < playing.width(); x += 7) black += playing.pixel(x, y) == qRgb(0, 0, 0);
        QVERIFY2(black > 100, qPrintable(QString::number(black)));
        // Walk where the way is open, a step a key; the player stays in sight.
        const auto inSight = [&] { return map->visibleCells().contains(QPointF(game.player().at.x + 0.5, game.player().at.y + 0.5)); };
        int turns = 0;
        for (int i = 0; i < 60 && game.outcome() == Outcome::Playing; ++i) {
            const Cell at = game.player().at;
            static const std::pair<Qt::Key, QPoint> moves[] = {{Qt::Key_Right, {1, 0}}, {Qt::Key_Down, {0, 1}}, {Qt::Key_Left, {-1, 0}}, {Qt::Key_Up, {0, -1}}};
            for (const auto& [key, d] : moves) {
                const Cell to{at.x + d.x(), at.y + d.y(), at.z};
                if (!game.level().contains(to.x, to.y, to.z) || !game.level().kinds.walkable(game.level().at(to.x, to.y, to.z)) || game.actorAt(to)) continue;
                QTest::keyClick(map, key);
                break;
            }
            QVERIFY(inSight());
            turns = game.turn();
        }
        QVERIFY(turns > 0);
        QTest::keyClick(map, Qt::Key_1, Qt::KeypadModifier);
        QVERIFY(child<QAction>(&window, "toolPencil")->isChecked()); // numpad 1 was the game's
        QTest::keyClick(map, Qt::Key_L); // and l and b are moves, not the Line and Pencil tools
        QTest::keyClick(map, Qt::Key_B);
        QVERIFY(child<QAction>(&window, "toolPencil")->isChecked());
        QTest::keyClick(map, Qt::Key_R); // the game's or not, a tool key does nothing in a game
        QTest::keyClick(map, Qt::Key_3);
        QTest::keyClick(map, Qt::Key_Z);
        QVERIFY(child<QAction>(&window, "toolPencil")->isChecked());
        // The mouse does not paint while a game is shown.
        QTest::mouseClick(map, Qt::LeftButton, {}, map->rect().center());
        QCOMPARE(levelHash(window.document()->level()), hash);
        QTest::keyClick(map, Qt::Key_Escape);
        QVERIFY(!map->cover());
        QVERIFY(map->grab().toImage() != playing);
        // Watching the bot shows its game there too, following it turn by turn.
        play->watchTheBot();
        QVERIFY(map->cover());
        const int end = static_cast<int>(play->watchedInputs().size());
        for (int turn = 0; turn <= end; turn += std::max(1, end / 10)) {
            play->replay()->setPosition(turn);
            QVERIFY(map->visibleCells().contains(QPointF(play->game()->player().at.x + 0.5, play->game()->player().at.y + 0.5)));
            QCOMPARE(map->depth(), play->game()->player().at.z);
        }
        child<QPushButton>(play, "backToEditing")->click();
        QVERIFY(!map->cover());
    }

    // The status bar says how large the map is drawn and jumps to the usual zooms.
    void zoomReadoutAndPresets() {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(openAndFinish(window, example("room-grid.burrow.json")));
        auto* zoom = child<QToolButton>(&window, "zoom");
        const auto presets = zoom->menu()->actions();
        QCOMPARE(presets.size(), 5);
        presets[3]->trigger(); // 200%
        QCOMPARE(window.mapView()->cellPixels(), 32.0);
        QCOMPARE(zoom->text(), QString("Zoom 200%"));
        window.mapView()->zoomBy(1.25);
        QCOMPARE(zoom->text(), QString("Zoom 250%"));
        presets[0]->trigger(); // fit
        QVERIFY(zoom->text() != QString("Zoom 250%"));
    }

    // The legend lists what the map shows now, and follows the view toggles.
    void theLegendListsWhatIsOnScreen() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        auto* legend = window.findChild<LegendDock*>();
        legend->show();
        legend->raise();
        legend->refresh();
        const Level& level = window.document()->level();
        const auto has = [&](const QString& text) {
            const QStringList texts = legend->texts();
            return std::any_of(texts.begin(), texts.end(), [&](const QString& t) { return t.contains(text); });
        };
        // Every template placed on depth 0 is listed with its count; the others are not.
        std::map<std::string, int> placed;
        for (const Entity& e : level.entities)
            if (e.at.z == 0) ++placed[e.templateName];
        QVERIFY(!placed.empty());
        for (const auto& [name, n] : placed) QVERIFY2(has(QStringLiteral("%1 · %2").arg(QString::fromStdString(name)).arg(n)), name.c_str());
        QVERIFY(has("Floor"));
        QVERIFY(has("stairs down to depth 1"));
        QVERIFY(!has("stairs up")); // depth 0 has none
        QVERIFY(!has("regions, each in its own colour"));
        child<QAction>(&window, "showRegions")->setChecked(true);
        legend->refresh();
        QVERIFY(has("Regions: being labelled")); // off the UI thread
        window.levelFacts()->settle();
        legend->refresh();
        QVERIFY(has("regions, each in its own colour"));
        child<QAction>(&window, "showOtherDepth")->setChecked(true);
        legend->refresh();
        QVERIFY(has("Floor on both depths"));
        screenshot(&window, "legend-depth-overlap");
        window.mapView()->setDepth(1);
        legend->refresh();
        QVERIFY(has("stairs up to depth 0"));
        // Zoomed far out the marks would bury the map: some are left out, and the legend says so.
        window.mapView()->setCellPixels(0.5, {});
        window.mapView()->grab();
        QVERIFY(window.mapView()->hiddenMarks() > 0);
        legend->refresh();
        QVERIFY(has("hidden where they would crowd"));
        window.mapView()->setCellPixels(24, {});
        window.mapView()->grab();
        QCOMPARE(window.mapView()->hiddenMarks(), 0);
    }

    // The overview shows the whole depth with the map's part outlined; a click on it
    // moves the map there.
    void theOverviewMovesTheMap() {
        MainWindow window;
        window.resize(1366, 768);
        window.applyFirstLayout();
        window.show();
        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        auto* overview = window.findChild<OverviewDock*>();
        QVERIFY(overview->isVisible());
        QVERIFY(!overview->visibleRegion().isEmpty()); // beside the tabs at this height, not behind them
        QVERIFY2(overview->height() < window.height() / 4, qPrintable(QString::number(overview->height())));
        overview->refresh();
        MapView* map = window.mapView();
        map->setCellPixels(32, {});
        map->centreOn({10, 10});
        const QRectF before = overview->viewportOnOverview();
        QVERIFY(!before.isEmpty());
        const QRectF level = overview->levelOnOverview();
        const QPoint target = QPointF(level.x() + level.width() * 0.75, level.center().y()).toPoint();
        QTest::mouseClick(overview->picture(), Qt::LeftButton, {}, target);
        const QRectF after = overview->viewportOnOverview();
        QVERIFY2(std::abs(after.center().x() - target.x()) < 2 && std::abs(after.center().y() - target.y()) < 2,
                 qPrintable(QStringLiteral("viewport centre %1,%2, clicked %3,%4").arg(after.center().x()).arg(after.center().y()).arg(target.x()).arg(target.y())));
        // The map shows what the overview outlines: the level's middle row, three quarters across.
        const QRectF cells = map->visibleCells();
        QVERIFY(std::abs(cells.center().x() - 75.0) < 1.5);
        QVERIFY(std::abs(cells.center().y() - 24.0) < 1.5);
        screenshot(&window, "overview");
    }

    // The depth thumbnails follow the level while it is being stepped, not only at its end.
    void thumbnailsFollowTheSteps() {
        MainWindow window;
        window.show();
        QVERIFY(openAndFinish(window, example("drone-caves.burrow.json")));
        ProjectDocument* doc = window.document();
        auto* strip = window.findChild<DepthStripDock*>();
        DepthStripView* view = strip->view();
        const auto thumbnail = [&] { return view->thumbnail(0).convertToFormat(QImage::Format_RGB32); };
        const auto expected = [&] {
            const QSize pixels = view->thumbnailRect(0).size() * view->devicePixelRatioF();
            return levelPreview(doc->level().tiles(0), doc->level().kinds, pixels).convertToFormat(QImage::Format_RGB32);
        };
        doc->seek(0);
        strip->refresh();
        const QImage atStart = thumbnail();
        QCOMPARE(atStart, expected());
        auto* step = child<QPushButton>(&window, "step");
        for (int i = 0; i < 40; ++i) QTest::mouseClick(step, Qt::LeftButton);
        QVERIFY(!doc->atEnd());
        QTRY_VERIFY_WITH_TIMEOUT(thumbnail() != atStart, 3000); // redrawn by the throttle, while stepping
        QCOMPARE(thumbnail(), expected());
    }

    // View > Theme: dark and light palettes for everything around the map, the
    // platform's own back with "Follow the System"; the map keeps the level's colours.
    void themesChangeTheFrameNotTheMap() {
        const QPalette platform = QApplication::palette();
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(openAndFinish(window, example("rooms-and-hallways.burrow.json")));
        const QImage map = window.mapView()->grab().toImage();
        child<QAction>(&window, "themeDark")->trigger();
        QVERIFY(darkPalette(QApplication::palette()));
        QTRY_VERIFY(darkPalette(window.palette()));
        QCOMPARE(savedTheme(), Theme::Dark);
        QCOMPARE(window.mapView()->grab().toImage(), map);
        screenshot(&window, "theme-dark");
        child<QAction>(&window, "themeLight")->trigger();
        QVERIFY(!darkPalette(QApplication::palette()));
        child<QAction>(&window, "themeSystem")->trigger();
        QCOMPARE(QApplication::palette().color(QPalette::Window), platform.color(QPalette::Window));
        QCOMPARE(QApplication::palette().color(QPalette::Text), platform.color(QPalette::Text));
        QCOMPARE(savedTheme(), Theme::System);
    }

    // Every tool bar button and every parameter of every stage says what it does.
    void everyButtonAndParameterHasATooltip() {
        MainWindow window;
        window.show();
        for (QToolBar* bar : window.findChildren<QToolBar*>())
            for (QAction* a : bar->actions()) {
                if (a->isSeparator()) continue;
                QWidget* button = bar->widgetForAction(a);
                const QString tip = button ? button->toolTip() : a->toolTip();
                QVERIFY2(!tip.isEmpty() && tip != a->text(), qPrintable(bar->objectName() + ": " + a->text()));
            }
        ParameterForm form;
        for (const StageType& type : builtinStages().types()) {
            form.show(&type, ParamValues::defaults(type.params));
            int fields = 0;
            for (QWidget* field : form.findChildren<QWidget*>()) {
                if (!qobject_cast<QAbstractSpinBox*>(field) && !qobject_cast<QComboBox*>(field) && !qobject_cast<QCheckBox*>(field)) continue;
                ++fields;
                // A toggle of a set (born on 5) lies in a row that carries the tooltip.
                QWidget* owner = field;
                while (owner && owner->toolTip().isEmpty() && owner != &form) owner = owner->parentWidget();
                QVERIFY2(owner && owner != &form, qPrintable(QString::fromStdString(type.id) + ": a field without a tooltip"));
            }
            QVERIFY(fields >= static_cast<int>(type.params.size()));
        }
    }

    // What a designer sees at 1366 x 768, as the issue asks to look at: the first view
    // of each example, drone mining mid-way, region colours, the depth overlap with
    // its legend, a game. In each the map (or, during a game, the Play dock) has most
    // of the window. With BURROW_SCREENSHOTS set, each is saved as a PNG.
    void theDesignersScreens() {
        const auto area = [](const QRect& r) { return static_cast<double>(r.width()) * r.height(); };
        const auto mapIsTheCentre = [&](MainWindow& w) {
            QTest::qWait(50);
            const QRect map = w.mapView()->geometry();
            return area(map) >= 0.5 * area(w.rect()) && map.contains(w.rect().center() + QPoint(w.width() / 8, 0));
        };
        for (const char* name : {"cellular-depths", "drone-caves", "random-fill", "room-grid", "rooms-and-hallways"}) {
            QSettings().clear();
            MainWindow window;
            window.resize(1366, 768);
            window.applyFirstLayout();
            window.show();
            QVERIFY(openAndFinish(window, example((std::string(name) + ".burrow.json").c_str())));
            QVERIFY2(mapIsTheCentre(window), name);
            screenshot(&window, QStringLiteral("1366-first-view-%1").arg(name));
        }
        MainWindow window;
        window.resize(1366, 768);
        window.applyFirstLayout();
        window.show();
        QVERIFY(openAndFinish(window, example("drone-caves.burrow.json")));
        window.document()->seek(window.document()->generation().timeline()->stepCount() / 2);
        window.findChild<LegendDock*>()->raise();
        window.findChild<LegendDock*>()->refresh();
        QVERIFY(mapIsTheCentre(window));
        screenshot(&window, "1366-drone-mining-midway");

        QVERIFY(openAndFinish(window, example("cellular-depths.burrow.json")));
        child<QAction>(&window, "showRegions")->setChecked(true);
        window.findChild<LegendDock*>()->refresh();
        QVERIFY(mapIsTheCentre(window));
        screenshot(&window, "1366-region-colours");
        child<QAction>(&window, "showRegions")->setChecked(false);
        child<QAction>(&window, "showOtherDepth")->setChecked(true);
        window.findChild<LegendDock*>()->refresh();
        QVERIFY(mapIsTheCentre(window));
        screenshot(&window, "1366-depth-overlap");

        auto* play = window.findChild<PlayDock*>();
        play->playFromHere();
        for (int i = 0; i < 12; ++i) QTest::keyClick(window.mapView(), Qt::Key_Right);
        QVERIFY(mapIsTheCentre(window));
        screenshot(&window, "1366-game");
    }
};

BURROW_TEST_MAIN(TestEditorViews)
#include "test_editor_views.moc"
