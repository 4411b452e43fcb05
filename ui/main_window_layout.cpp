// The editor's first layout (also View > Reset Layout), apart from the window it lays out.
#include <QDockWidget>

#include "docks/depth_strip_dock.h"
#include "docks/generation_dock.h"
#include "docks/play_dock.h"
#include "docks/room_graph_dock.h"
#include "docks/rules_dock.h"
#include "docks/seed_gallery_dock.h"
#include "main_window.h"

namespace burrow::ui {

namespace {
constexpr int kOverviewHeight = 130;
constexpr int kOverviewBelowHeight = 740; // a window this tall keeps every dock tab's name readable above the overview
} // namespace

// The map is what is being designed, so it gets most of the window; the docks start
// narrow (each usable at about 280 px) and tabbed. Up to 1600 px wide (laptops, and
// 1400 x 900) every dock shares one tabbed column on the left, its tabs down the
// side so all seven names stay readable (the Room Graph dock joins them when asked for), and the map keeps well over half the window;
// wider, the tool docks are a second column on the right and the depths a strip below.
void MainWindow::applyFirstLayout() {
    const QList<QDockWidget*> tools = {findChild<QDockWidget*>("historyDock"), findChild<QDockWidget*>("legendDock"), rulesDock_, roomGraphDock_, playDock_,
                                       seedGalleryDock_};
    auto* overview = findChild<QDockWidget*>("overviewDock");
    for (QDockWidget* dock : tools + QList<QDockWidget*>{generationDock_, depthStrip_, overview}) {
        dock->setFloating(false);
        dock->show();
    }
    addDockWidget(Qt::LeftDockWidgetArea, generationDock_);
    if (width() < 1600) {
        setTabPosition(Qt::LeftDockWidgetArea, QTabWidget::West);
        for (QDockWidget* dock : tools + QList<QDockWidget*>{depthStrip_}) {
            addDockWidget(Qt::LeftDockWidgetArea, dock);
            tabifyDockWidget(generationDock_, dock);
        }
        roomGraphDock_->hide(); // until asked for: Docks > Room Graph, or the stage's "Draw the Graph..."
        generationDock_->raise();
        // The overview under the column, small (it is for finding one's way, not for
        // reading), when the column keeps room for every tab's name; else one more tab.
        if (height() >= kOverviewBelowHeight) {
            removeDockWidget(overview);
            addDockWidget(Qt::LeftDockWidgetArea, overview, Qt::Vertical);
            overview->show();
            resizeDocks({generationDock_, overview}, {height(), kOverviewHeight}, Qt::Vertical);
        } else {
            tabifyDockWidget(generationDock_, overview);
            generationDock_->raise();
        }
        resizeDocks({generationDock_}, {kNarrowDock + 20}, Qt::Horizontal);
        return;
    }
    for (QDockWidget* dock : tools) {
        addDockWidget(Qt::RightDockWidgetArea, dock);
        if (dock != tools.front()) tabifyDockWidget(tools.front(), dock);
    }
    setTabPosition(Qt::LeftDockWidgetArea, QTabWidget::South);
    roomGraphDock_->hide();
    tools.front()->raise(); // History first: the Play dock comes forward when a game starts
    removeDockWidget(overview);
    addDockWidget(Qt::RightDockWidgetArea, overview, Qt::Vertical);
    overview->show();
    addDockWidget(Qt::BottomDockWidgetArea, depthStrip_);
    resizeDocks({generationDock_, tools.front()}, {kNarrowDock, kNarrowDock}, Qt::Horizontal);
    resizeDocks({overview}, {kOverviewHeight + 60}, Qt::Vertical);
    resizeDocks({depthStrip_}, {90}, Qt::Vertical);
}

} // namespace burrow::ui
