// The editor's docks: made, placed, tabbed and wired to the map and the generation
// (the Play dock's games go to the map or the dock; a breakpoint picks a map cell).
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSpinBox>
#include <QTimer>
#include <QUndoStack>
#include <QUndoView>

#include "docks/breakpoint_bar.h"
#include "docks/depth_strip_dock.h"
#include "docks/generation_dock.h"
#include "docks/legend_dock.h"
#include "docks/overview_dock.h"
#include "docks/parameter_form.h"
#include "docks/play_dock.h"
#include "docks/room_graph_dock.h"
#include "docks/rules_dock.h"
#include "docks/seed_gallery_dock.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "main_window.h"
#include "map/map_view.h"
#include "play/game_cover.h"
#include "regions/reachability.h"

namespace burrow::ui {

void MainWindow::createDocks() {
    generationDock_ = new GenerationDock(document_, runner_, this);
    addDockWidget(Qt::LeftDockWidgetArea, generationDock_);
    auto* history = new QDockWidget(tr("History"), this);
    history->setObjectName("historyDock");
    auto* undoView = new QUndoView(document_->undoStack(), history);
    undoView->setEmptyLabel(tr("<generated level>"));
    history->setWidget(undoView);
    addDockWidget(Qt::RightDockWidgetArea, history);
    auto* legend = new LegendDock(mapView_, this);
    addDockWidget(Qt::RightDockWidgetArea, legend);
    tabifyDockWidget(history, legend);
    createRulesDock(legend);
    createRoomGraphDock();
    playDock_ = new PlayDock(document_, this);
    addDockWidget(Qt::RightDockWidgetArea, playDock_);
    tabifyDockWidget(rulesDock_, playDock_);
    connectPlayDock();
    // "Pick cell" for a breakpoint takes the next cell clicked on the map.
    connect(mapView_, &MapView::cellClicked, this, [this](Cell cell) {
        if (generationDock_->breakpoints()->picking()) generationDock_->breakpoints()->cellPicked(cell);
    });
    seedGalleryDock_ = new SeedGalleryDock(document_, runner_, facts_, this);
    addDockWidget(Qt::RightDockWidgetArea, seedGalleryDock_);
    tabifyDockWidget(playDock_, seedGalleryDock_);
    depthStrip_ = new DepthStripDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, depthStrip_);
    connect(depthStrip_, &DepthStripDock::depthChosen, depthBox_, &QSpinBox::setValue);
    auto* overview = new OverviewDock(mapView_, this);
    addDockWidget(Qt::LeftDockWidgetArea, overview);
    auto* docks = new QMenu(tr("&Docks"), this);
    menuBar()->insertMenu(menuBar()->actions().constLast(), docks); // before Help, the last by custom
    for (QDockWidget* dock : std::initializer_list<QDockWidget*>{generationDock_, history, legend, overview, depthStrip_, rulesDock_, roomGraphDock_, playDock_,
                                                                 seedGalleryDock_}) {
        docks->addAction(dock->toggleViewAction());
        // Turned on, a dock comes to the front of its tabs: shown behind another tab
        // (Qt's default) the click seemed to do nothing.
        connect(dock->toggleViewAction(), &QAction::triggered, dock, [dock](bool shown) {
            if (shown) dock->raise();
        });
    }
}

void MainWindow::createRulesDock(QDockWidget* besides) {
    rulesDock_ = new RulesDock(document_, this);
    addDockWidget(Qt::RightDockWidgetArea, rulesDock_);
    tabifyDockWidget(besides, rulesDock_);
    connect(rulesDock_, &RulesDock::rulesEdited, runner_, &GenerationRunner::generateToEnd);
    // Undo and redo of a rules (or recipe) edit rewind the generation to the changed
    // stage: carry it on to the end, as the edit itself did.
    connect(document_->undoStack(), &QUndoStack::indexChanged, runner_, [document = document_, runner = runner_] {
        if (!document->atEnd() && runner->mode() == GenerationRunner::Mode::Idle) runner->generateToEnd();
    });
}

void MainWindow::createRoomGraphDock() {
    roomGraphDock_ = new RoomGraphDock(document_, this);
    addDockWidget(Qt::RightDockWidgetArea, roomGraphDock_);
    tabifyDockWidget(rulesDock_, roomGraphDock_);
    roomGraphDock_->hide(); // a saved layout that has it shown shows it again
    connect(roomGraphDock_, &RoomGraphDock::roomPicked, this, [this](const QString& node) { mapView_->setHighlightedNode(node.toStdString()); });
    // Hidden until asked for (Docks > Room Graph, or a room_graph stage's "Draw the
    // Graph..."): most projects have no graph, and the dock column keeps its tabs readable.
    if (auto* form = generationDock_->findChild<ParameterForm*>())
        connect(form, &ParameterForm::roomGraphRequested, this, [this](const QString& graph) {
            roomGraphDock_->show();
            roomGraphDock_->raise();
            roomGraphDock_->showGraph(graph);
        });
}

// A game is played on the map, which follows the player (the Play dock keeps its
// width: the map stays the centre of the window); played in the dock instead, the
// dock takes most of the window, and gives it back on Esc.
void MainWindow::connectPlayDock() {
    connect(playDock_, &PlayDock::gameStarted, this, [this] {
        ++gamePlacements_; // a narrowing still queued from leaving the last game is stale
        playDock_->show();
        playDock_->raise();
        mapView_->setCover(playDock_->mapCover());
        const bool docked = !playDock_->isFloating() && dockWidgetArea(playDock_) != Qt::BottomDockWidgetArea;
        if (playDock_->mapCover()) {
            mapView_->setFocus();
            if (docked) resizeDocks({playDock_}, {kNarrowDock}, Qt::Horizontal);
        } else if (docked) {
            resizeDocks({playDock_}, {width() * 55 / 100}, Qt::Horizontal);
        }
    });
    connect(playDock_, &PlayDock::gameUpdated, mapView_, &MapView::coverChanged);
    connect(playDock_, &PlayDock::backToEditing, this, [this] {
        mapView_->setCover(nullptr);
        mapView_->setFocus();
        // Once the dock has laid out without the game's widgets (a replay bar hidden
        // widens it no more).
        QTimer::singleShot(0, this, [this, placement = gamePlacements_] {
            if (placement == gamePlacements_ && !playDock_->isFloating() && dockWidgetArea(playDock_) != Qt::BottomDockWidgetArea)
                resizeDocks({playDock_}, {kNarrowDock}, Qt::Horizontal);
        });
    });
    playDock_->setHereProvider([this]() -> std::optional<Cell> {
        const Level& level = document_->level();
        const auto middle = mapView_->cellAt(mapView_->rect().center());
        return nearestWalkable(level, middle.value_or(Cell{level.width() / 2, level.height() / 2, mapView_->depth()}));
    });
}

} // namespace burrow::ui
