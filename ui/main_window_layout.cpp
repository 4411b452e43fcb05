// The editor's layout apart from the window it lays out: the first one (also View >
// Reset Layout), the one saved on quit and restored at the next start, the window
// kept on its screen, and the docks hidden with Tab.
#include <QAction>
#include <QChildEvent>
#include <QDockWidget>
#include <QScreen>
#include <QLayout>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QToolBar>
#include <QTimer>
#include <algorithm>
#include <utility>

#include "docks/depth_strip_dock.h"
#include "docks/generation_dock.h"
#include "docks/play_dock.h"
#include "docks/room_graph_dock.h"
#include "docks/rules_dock.h"
#include "docks/seed_gallery_dock.h"
#include "main_window.h"
#include "map/map_view.h"

namespace burrow::ui {

namespace {
constexpr int kOverviewHeight = 130;

// How long a tab bar down the side must be to show each dock's name whole: measured
// on a tab bar like the ones QMainWindow makes, so the font and style decide, not a
// guess in pixels.
int sideTabsLength(const QList<QDockWidget*>& docks, const QFont& font, bool documentMode) {
    QTabBar probe;
    probe.setFont(font);
    probe.setShape(QTabBar::RoundedWest);
    probe.setDocumentMode(documentMode);
    for (QDockWidget* dock : docks) probe.addTab(dock->windowTitle());
    return probe.sizeHint().height();
}
} // namespace

// The height the docks' column has in a window this tall: less its menu, top tool bars and status bar.
int MainWindow::dockColumnHeight(int windowHeight) const {
    int used = menuBar()->sizeHint().height() + statusBar()->sizeHint().height();
    int toolRow = 0;
    for (QToolBar* bar : findChildren<QToolBar*>())
        if (!bar->isHidden() && toolBarArea(bar) == Qt::TopToolBarArea) toolRow = std::max(toolRow, bar->sizeHint().height());
    return windowHeight - used - toolRow;
}

// The map is what is being designed, so it gets most of the window; the docks start
// narrow (each usable at about 280 px) and tabbed. Up to 1600 px wide (laptops, and
// 1400 x 900) every dock shares one tabbed column on the left; wider, the tool docks
// are a second column on the right and the depths a strip below.
void MainWindow::applyFirstLayout() {
    const QList<QDockWidget*> tools = {findChild<QDockWidget*>("historyDock"), findChild<QDockWidget*>("legendDock"), rulesDock_, roomGraphDock_, playDock_,
                                       seedGalleryDock_};
    auto* overview = findChild<QDockWidget*>("overviewDock");
    for (QDockWidget* dock : tools + QList<QDockWidget*>{generationDock_, depthStrip_, overview}) {
        dock->setFloating(false);
        dock->show();
    }
    // Moving the docks about stands them one under another for a moment, and a hidden
    // window grows to fit all their heights together: the window is given back its size.
    const QSize wanted = size();
    addDockWidget(Qt::LeftDockWidgetArea, generationDock_);
    if (wanted.width() < 1600) layOutOneColumn(tools, overview, wanted.height());
    else layOutTwoColumns(tools, overview);
    roomGraphDock_->hide(); // until asked for: Docks > Room Graph, or the stage's "Draw the Graph..."
    keepSize(wanted);
}

// Every dock in one column, its tabs down the side so every name stays readable, and
// the map keeps well over half the window. The overview goes under the column, small
// (it is for finding one's way, not for reading), when the column keeps room for
// every tab's name above it; else it is one more tab. On a shorter window (a 1024 x
// 700 laptop's) an eighth tab would cut every name short ("Generati...", "See..."):
// the overview then waits in the Docks menu, where a click brings it back as a tab.
void MainWindow::layOutOneColumn(const QList<QDockWidget*>& tools, QDockWidget* overview, int windowHeight) {
    setTabPosition(Qt::LeftDockWidgetArea, QTabWidget::West);
    for (QDockWidget* dock : tools + QList<QDockWidget*>{depthStrip_}) {
        addDockWidget(Qt::LeftDockWidgetArea, dock);
        tabifyDockWidget(generationDock_, dock);
    }
    QList<QDockWidget*> tabbed = QList<QDockWidget*>{generationDock_, depthStrip_} + tools;
    tabbed.removeOne(roomGraphDock_);
    const int column = dockColumnHeight(windowHeight);
    const int overviewBelow = kOverviewHeight + 2 * fontMetrics().height(); // its picture, title bar and the splitter
    if (column >= sideTabsLength(tabbed, font(), documentMode()) + overviewBelow) {
        removeDockWidget(overview);
        addDockWidget(Qt::LeftDockWidgetArea, overview, Qt::Vertical);
        overview->show();
        resizeDocks({generationDock_, overview}, {column, kOverviewHeight}, Qt::Vertical);
    } else {
        tabifyDockWidget(generationDock_, overview);
        if (column < sideTabsLength(tabbed + QList<QDockWidget*>{overview}, font(), documentMode())) overview->hide();
    }
    generationDock_->raise();
    resizeDocks({generationDock_}, {kNarrowDock + 20}, Qt::Horizontal);
}

// Generation on the left, the tool docks tabbed on the right over the overview, the
// depths a strip below.
void MainWindow::layOutTwoColumns(const QList<QDockWidget*>& tools, QDockWidget* overview) {
    for (QDockWidget* dock : tools) {
        addDockWidget(Qt::RightDockWidgetArea, dock);
        if (dock != tools.front()) tabifyDockWidget(tools.front(), dock);
    }
    setTabPosition(Qt::LeftDockWidgetArea, QTabWidget::South);
    tools.front()->raise(); // History first: the Play dock comes forward when a game starts
    removeDockWidget(overview);
    addDockWidget(Qt::RightDockWidgetArea, overview, Qt::Vertical);
    overview->show();
    addDockWidget(Qt::BottomDockWidgetArea, depthStrip_);
    resizeDocks({generationDock_, tools.front()}, {kNarrowDock, kNarrowDock}, Qt::Horizontal);
    resizeDocks({overview}, {kOverviewHeight + 60}, Qt::Vertical);
    resizeDocks({depthStrip_}, {90}, Qt::Vertical);
}

// The layout's least size is worked out again first: until then it is the one it had
// with the docks one under another, and the window could not be made smaller.
void MainWindow::keepSize(QSize wanted) {
    layout()->activate();
    resize(wanted);
}

// QMainWindow makes a tab bar for each group of tabbed docks, and cuts every name short
// when they do not all fit ("Generati...", "P..." for Play, with the Room Graph dock
// opened on a laptop). Whole names and a scroll arrow read better: as each bar is first
// shown (polished, after Qt has set it up), it stops eliding and scrolls instead.
void MainWindow::childEvent(QChildEvent* event) {
    QMainWindow::childEvent(event);
    if (event->type() != QEvent::ChildPolished) return;
    if (auto* tabs = qobject_cast<QTabBar*>(event->child())) {
        tabs->setElideMode(Qt::ElideNone);
        tabs->setUsesScrollButtons(true);
    }
}

void MainWindow::resetLayout() {
    setDocksHidden(false);
    applyFirstLayout();
    fitIntoScreen();
}

// QMainWindow's state keeps the docks' places and sizes but not the side their tabs
// are on: that is saved beside it, since South tabs of seven docks would widen the
// column past half a laptop's window.
void MainWindow::saveLayout() {
    setDocksHidden(false);
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState(kLayoutVersion));
    settings.setValue("window/leftTabs", static_cast<int>(tabPosition(Qt::LeftDockWidgetArea)));
    // Qt gives a tabbed column back wider than it was (by about its tab bar): each
    // side's width is saved too, and set again after the state is restored.
    for (const auto& [area, key] : {std::pair{Qt::LeftDockWidgetArea, "window/leftWidth"}, std::pair{Qt::RightDockWidgetArea, "window/rightWidth"}})
        if (QDockWidget* dock = frontDock(area)) settings.setValue(key, dock->width());
        else settings.remove(key);
}

QDockWidget* MainWindow::frontDock(Qt::DockWidgetArea area) const {
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        if (dock->isVisible() && !dock->isFloating() && dockWidgetArea(dock) == area && !dock->visibleRegion().isEmpty()) return dock;
    return nullptr;
}

void MainWindow::restoreLayout() {
    QSettings settings;
    if (!restoreGeometry(settings.value("window/geometry").toByteArray())) {
        // The first size fits the screen it opens on (a 1366 x 768 laptop included),
        // up to 1400 x 900.
        const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1400, 900);
        resize(std::min(1400, available.width() * 95 / 100), std::min(900, available.height() * 92 / 100));
        move(available.center() - rect().center());
    }
    fitIntoScreen();
    const QVariant tabs = settings.value("window/leftTabs");
    const int west = static_cast<int>(QTabWidget::West);
    setTabPosition(Qt::LeftDockWidgetArea, static_cast<QTabWidget::TabPosition>(tabs.isValid() ? std::clamp(tabs.toInt(), 0, west) : west));
    if (!restoreState(settings.value("window/state").toByteArray(), kLayoutVersion)) {
        applyFirstLayout();
        return;
    }
    // The columns' widths once the window is laid out (a dock's width is its own only then).
    QTimer::singleShot(0, this, [this, left = settings.value("window/leftWidth"), right = settings.value("window/rightWidth")] {
        for (const auto& [area, width] : {std::pair{Qt::LeftDockWidgetArea, left}, std::pair{Qt::RightDockWidgetArea, right}})
            if (QDockWidget* dock = frontDock(area); dock && width.isValid()) resizeDocks({dock}, {width.toInt()}, Qt::Horizontal);
    });
}

void MainWindow::fitIntoScreen() {
    if (isMaximized() || isFullScreen() || !screen()) return;
    const QRect available = screen()->availableGeometry();
    // The frame (title bar, borders) counts: it is what must stay on the screen.
    const QSize frame = frameGeometry().size() - size();
    resize(size().boundedTo(available.size() - frame));
    const QRect outer = frameGeometry();
    move(std::clamp(outer.x(), available.left(), std::max(available.left(), available.right() + 1 - outer.width())),
         std::clamp(outer.y(), available.top(), std::max(available.top(), available.bottom() + 1 - outer.height())));
}

void MainWindow::setDocksHidden(bool hidden) {
    if (hidden == docksHidden_) return;
    docksHidden_ = hidden;
    if (hidden) {
        for (QDockWidget* dock : findChildren<QDockWidget*>())
            if (dock->isVisible()) hiddenDocks_ << dock;
        for (QDockWidget* dock : hiddenDocks_) dock->hide();
        mapView_->setFocus(); // so Tab on it brings them back
    } else {
        const QList<QDockWidget*> docks = std::exchange(hiddenDocks_, {});
        for (QDockWidget* dock : docks) dock->show();
    }
    if (auto* action = findChild<QAction*>("hideDocks"); action && action->isChecked() != hidden) action->setChecked(hidden);
}

} // namespace burrow::ui
