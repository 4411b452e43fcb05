// The editor's menus and toolbars: what each command does is the document's, the
// runner's, a dock's or a tool's; this file only lists them and their shortcuts.
#include <QAction>
#include <QActionGroup>
#include <QInputDialog>
#include <QLabel>
#include <QSettings>
#include <tuple>
#include <QMenuBar>
#include <QMessageBox>
#include <QSpinBox>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

#include "commands/paint_command.h"
#include "commands/prefab_command.h"
#include "commands/tile_kinds_command.h"
#include "dialogs/export_dialog.h"
#include "dialogs/prefabs_dialog.h"
#include "dialogs/shortcuts_dialog.h"
#include "dialogs/tile_kinds_dialog.h"
#include "docks/depth_strip_dock.h"
#include "docks/play_dock.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "main_window.h"
#include "style/theme.h"
#include "map/map_view.h"
#include "tools/paint_controller.h"
#include "tools/selection_actions.h"
#include "tools/prefab_maker.h"
#include "tools/tile_palette.h"

namespace burrow::ui {

namespace {
constexpr int kLeastBudgetMiB = 16;
constexpr int kMostBudgetMiB = 1 << 20; // a TiB: past any machine's memory, so "no limit"
} // namespace

// The timeline's budget is the designer's machine's, not the project's: kept in
// the settings, applied to every project opened.
void MainWindow::applyTimelineBudget() {
    const int mib = std::clamp(QSettings().value("timeline/budgetMiB", static_cast<int>(kDefaultTimelineBudget >> 20)).toInt(), kLeastBudgetMiB, kMostBudgetMiB);
    document_->setTimelineBudget(static_cast<std::size_t>(mib) << 20);
}

void MainWindow::chooseTimelineBudget() {
    bool ok = false;
    const int mib = QInputDialog::getInt(this, tr("Timeline Memory"),
                                         tr("The most memory the generation timeline may use, in MiB.\n"
                                            "Past it, the oldest steps are forgotten and regenerated\n"
                                            "when you scrub back to them (the same level, a little slower)."),
                                         static_cast<int>(document_->timelineBudget() >> 20), kLeastBudgetMiB, kMostBudgetMiB, 64, &ok);
    if (!ok) return;
    QSettings().setValue("timeline/budgetMiB", mib);
    applyTimelineBudget();
}

void MainWindow::createMenus() {
    createFileMenu();
    createEditMenu();
    QMenu* view = menuBar()->addMenu(tr("&View"));
    createViewMenu(view);
    createThemeMenu(view);
    view->addSeparator();
    createOverlayToggles(view);
    createHeatmapMenu(view);
    createGenerationMenu();
    createHelpMenu();
}

void MainWindow::createFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newProject);
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::chooseAndOpen);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    refreshRecentMenu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addSeparator();
    file->addAction(tr("&Export…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] {
        commitFieldBeingEdited(); // the seed typed is the one exported
        runner_->pause();
        if (!document_->atEnd()) document_->generateFor(1e9); // export the whole level, not a step of it
        ExportDialog dialog(document_, this);
        if (dialog.exec() == QDialog::Accepted) statusBar()->showMessage(tr("Exported to %1").arg(dialog.folder()), 6000);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
}

void MainWindow::createEditMenu() {
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = document_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = document_->undoStack()->createRedoAction(this, tr("&Redo"));
    // The platform's redo keys, plus Ctrl+Shift+Z and Ctrl+Y where it lacks them:
    // each key once, or Qt calls the shortcut ambiguous and it does nothing.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence& k : {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)})
        if (!redoKeys.contains(k)) redoKeys << k;
    redo->setShortcuts(redoKeys);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    editMenu_ = edit;
    selectionPlace_ = edit->addSeparator(); // Copy, Paste and the rest go here, with the tools (SelectionActions)
    // One undoable command: the History keeps everything before it.
    edit->addAction(tr("&Clear Hand Edits"), this, [this] {
        std::vector<ProjectDocument::EditChange> removed;
        document_->project().edits.forEach([&](const Cell& at, Tile) { removed.push_back({at, std::nullopt}); });
        if (!removed.empty()) document_->undoStack()->push(new PaintCommand(document_, std::move(removed), tr("Clear hand edits"), 0));
    });
    edit->addAction(tr("&Tile Kinds…"), this, [this] {
        TileKindsDialog dialog(document_->project(), this);
        if (dialog.exec() == QDialog::Accepted && dialog.result() && !(*dialog.result() == document_->project()))
            document_->undoStack()->push(new TileKindsCommand(document_, *dialog.result()));
    })->setObjectName("editTileKinds");
    edit->addAction(tr("&Prefabs…"), this, [this] {
        PrefabsDialog dialog(document_->project(), this);
        if (dialog.exec() == QDialog::Accepted && dialog.changed())
            document_->undoStack()->push(new PrefabCommand(document_, dialog.prefabs(), tr("Edit prefabs")));
    })->setObjectName("editPrefabs");
}

void MainWindow::createViewMenu(QMenu* view) {
    view->addAction(tr("&Fit to Window"), QKeySequence(Qt::CTRL | Qt::Key_0), mapView_, &MapView::fitToWindow);
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, [this] { mapView_->zoomBy(1.25); });
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [this] { mapView_->zoomBy(0.8); });
    view->addAction(tr("Reset &Layout"), this, &MainWindow::resetLayout)->setObjectName("resetLayout");
    QAction* clearView = view->addAction(tr("&Hide Docks"));
    clearView->setObjectName("hideDocks");
    clearView->setCheckable(true);
    clearView->setShortcut(QKeySequence(Qt::Key_Tab));
    // Tab moves the keyboard between fields everywhere else: only on the map does it
    // hide the docks (Tiled's Clear View).
    clearView->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    mapView_->addAction(clearView);
    connect(clearView, &QAction::toggled, this, &MainWindow::setDocksHidden);
}

void MainWindow::createThemeMenu(QMenu* view) {
    QMenu* theme = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(theme);
    for (const auto& [kind, text, name] : {std::tuple{Theme::System, tr("Follow the &System"), "themeSystem"}, std::tuple{Theme::Light, tr("&Light"), "themeLight"},
                                           std::tuple{Theme::Dark, tr("&Dark"), "themeDark"}}) {
        QAction* a = theme->addAction(text);
        a->setObjectName(name);
        a->setCheckable(true);
        a->setChecked(savedTheme() == kind);
        themes->addAction(a);
        connect(a, &QAction::triggered, this, [kind = kind] {
            applyTheme(kind);
            saveTheme(kind);
        });
    }
}

// View toggles for what the map draws over the tiles.
void MainWindow::createOverlayToggles(QMenu* view) {
    auto toggle = [&](const QString& text, const QString& name, bool on, auto setter, QKeySequence key = {}) {
        QAction* a = view->addAction(text);
        a->setObjectName(name);
        a->setCheckable(true);
        a->setChecked(on);
        a->setShortcut(key);
        connect(a, &QAction::toggled, this, [this, setter](bool checked) { setOverlay([&](OverlayOptions& o) { setter(o, checked); }); });
    };
    toggle(tr("&Glyphs"), "showGlyphs", true, [](OverlayOptions& o, bool v) { o.glyphs = v; });
    toggle(tr("Grid &Lines"), "showGrid", false, [](OverlayOptions& o, bool v) { o.grid = v; });
    toggle(tr("&Region Colours"), "showRegions", false, [](OverlayOptions& o, bool v) { o.regions = v; }, QKeySequence(Qt::CTRL | Qt::Key_R));
    toggle(tr("&Areas"), "showAreas", true, [](OverlayOptions& o, bool v) { o.areas = v; });
    toggle(tr("&Markers"), "showMarkers", true, [](OverlayOptions& o, bool v) { o.markers = v; });
    toggle(tr("Depth &Below (or Above) Overlaid"), "showOtherDepth", false,
           [this](OverlayOptions& o, bool v) {
               const Level* level = mapView_->level();
               const int d = mapView_->depth();
               o.otherDepth = !v || !level || level->depthCount() < 2 ? -1 : (d + 1 < level->depthCount() ? d + 1 : d - 1);
           },
           QKeySequence(Qt::CTRL | Qt::Key_D));
}

void MainWindow::createHeatmapMenu(QMenu* view) {
    QMenu* heat = view->addMenu(tr("&Heatmap"));
    auto* heats = new QActionGroup(heat);
    for (const auto& [kind, name] : {std::pair{Heatmap::None, "heatNone"}, std::pair{Heatmap::FromStart, "heatFromStart"},
                                     std::pair{Heatmap::ToCreatures, "heatToCreatures"}, std::pair{Heatmap::DeadEndDepth, "heatDeadEnds"},
                                     std::pair{Heatmap::BotVisits, "heatBotVisits"}, std::pair{Heatmap::BotDeaths, "heatBotDeaths"}}) {
        const std::string_view label = heatmapName(kind);
        QAction* a = heat->addAction(QString::fromUtf8(label.data(), static_cast<qsizetype>(label.size())));
        a->setObjectName(name);
        a->setCheckable(true);
        a->setChecked(kind == Heatmap::None);
        heats->addAction(a);
        connect(a, &QAction::triggered, this, [this, kind = kind] { setOverlay([&](OverlayOptions& o) { o.heatmap = kind; }); });
    }
}

void MainWindow::createGenerationMenu() {
    QMenu* generate = menuBar()->addMenu(tr("&Generation"));
    generate->addAction(tr("&Generate to the End"), QKeySequence(Qt::CTRL | Qt::Key_G), runner_, &GenerationRunner::generateToEnd);
    generate->addAction(tr("&Step"), QKeySequence(Qt::CTRL | Qt::Key_Right), this, [this] { runner_->pause(); document_->step(); });
    generate->addAction(tr("Step &Back"), QKeySequence(Qt::CTRL | Qt::Key_Left), this, [this] { runner_->pause(); document_->stepBack(); });
    generate->addAction(tr("Play / &Pause"), QKeySequence(Qt::CTRL | Qt::Key_Space), this, [this] {
        runner_->mode() == GenerationRunner::Mode::Playing ? runner_->pause() : runner_->play();
    });
    generate->addAction(tr("Play &from Here"), QKeySequence(Qt::Key_F5), this, [this] {
        runner_->pause();
        if (!document_->atEnd()) document_->generateFor(1e9); // play the whole level
        playDock_->show();
        playDock_->raise();
        playDock_->playFromHere();
    });
    generate->addAction(tr("&Rewind to the Start"), QKeySequence(Qt::CTRL | Qt::Key_Home), this, [this] { runner_->pause(); document_->seek(0); });
    generate->addSeparator();
    generate->addAction(tr("Timeline &Memory…"), this, &MainWindow::chooseTimelineBudget);
}

void MainWindow::createHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), QKeySequence::HelpContents, this, [this] {
        ShortcutsDialog dialog(this);
        dialog.exec();
    })->setObjectName("shortcutsHelp");
    help->addAction(tr("&About Burrow"), this, [this] {
        QMessageBox::about(this, tr("About Burrow"),
                           tr("<b>Burrow %1</b><br>A studio for growing roguelike levels: generate step by step, shape, "
                              "populate, play and export.<br><br>Built with Qt %2 (running on %3), %4, on %5.")
                               .arg(QStringLiteral(BURROW_VERSION), QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()),
#if defined(__clang__)
                                    QStringLiteral("clang " __clang_version__),
#elif defined(__GNUC__)
                                    QStringLiteral("gcc " __VERSION__),
#else
                                    QStringLiteral("an unknown compiler"),
#endif
                                    QStringLiteral(__DATE__)));
    });
}

void MainWindow::createToolBars() {
    QToolBar* map = addToolBar(tr("Map"));
    map->setObjectName("mapToolBar");
    auto* depthLabel = new QLabel(tr(" Depth "), map);
    map->addWidget(depthLabel);
    depthBox_ = new QSpinBox(map);
    depthBox_->setObjectName("depthBox");
    depthBox_->setToolTip(tr("The depth shown (0 is the top); the Depths dock shows them all"));
    depthLabel->setToolTip(depthBox_->toolTip());
    map->addWidget(depthBox_);
    connect(depthBox_, &QSpinBox::valueChanged, this, [this](int z) {
        mapView_->setDepth(z);
        if (depthStrip_) depthStrip_->setCurrent(z);
        showAnnotations();
    });

    QToolBar* tools = addToolBar(tr("Tools"));
    tools->setObjectName("toolsToolBar");
    addPaintTools(tools);
    palette_ = new TilePalette(tools);
    tools->addWidget(palette_);
    auto* brush = new QSpinBox(tools);
    brush->setObjectName("brushSize");
    brush->setRange(1, PaintController::kLargestBrush);
    brush->setPrefix(tr("Brush "));
    brush->setToolTip(tr("How many cells across the pencil, eraser and line paint"));
    tools->addWidget(brush);
    connect(brush, &QSpinBox::valueChanged, this, [this](int size) { paint_->setBrushSize(size); });
    connect(palette_, &TilePalette::tileChosen, this, [this](Tile t) { paint_->setTile(t); });
    // Right click picks the tile under the cursor, as in Tiled: the palette shows it,
    // and the pencil, rectangle and fill paint with it.
    connect(mapView_, &MapView::tilePicked, this, [this](Cell cell) {
        const Level& level = document_->level();
        if (level.contains(cell.x, cell.y, cell.z)) palette_->setCurrentIndex(static_cast<int>(level.at(cell.x, cell.y, cell.z)));
    });
    paint_->setTile(palette_->tile());
    mapView_->setTool(PaintTool::Pan);
    auto* selection = new SelectionActions(paint_, prefabMaker_, mapView_, findChild<QAction*>("toolStamp"), editMenu_, selectionPlace_);
    connect(selection, &SelectionActions::message, this, [this](const QString& text) { statusBar()->showMessage(text, 6000); });
    connect(prefabMaker_, &PrefabMaker::message, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
}

// The paint tools, one checkable action each.
void MainWindow::addPaintTools(QToolBar* tools) {
    auto* group = new QActionGroup(this);
    // Each tool's key: a digit, and where Tiled has the tool, Tiled's letter (B its
    // stamp brush, P shape fill, F bucket fill, E eraser, R rectangular select), so a
    // designer's hands need not learn the editor again. Space held pans, as there.
    struct ToolKind {
        PaintTool tool;
        QString name;
        Qt::Key tiledKey; // Qt::Key_unknown: none
        QString help;
    };
    const ToolKind kinds[] = {
        {PaintTool::Pan, tr("Pan"), Qt::Key_unknown, tr("Drag the map (with any tool: the middle button, or Space held; the wheel zooms)")},
        {PaintTool::Pencil, tr("Pencil"), Qt::Key_B, tr("Paint cells with the chosen tile; a drag paints a line")},
        {PaintTool::Rectangle, tr("Rectangle"), Qt::Key_P, tr("Drag a rectangle to fill with the chosen tile")},
        {PaintTool::Fill, tr("Fill"), Qt::Key_F, tr("Fill the connected cells of one tile with the chosen tile")},
        {PaintTool::Eraser, tr("Eraser"), Qt::Key_E, tr("Remove hand edits: the cells go back to what generation made")},
        {PaintTool::MakePrefab, tr("Make prefab"), Qt::Key_unknown,
         tr("Drag a rectangle around cells to keep them as one of the project's prefabs: their tiles, the things on them, "
            "and openings where the ground goes on out of the rectangle")},
        {PaintTool::Line, tr("Line"), Qt::Key_L, tr("Drag a straight line to paint with the chosen tile, as wide as the brush")},
        {PaintTool::Select, tr("Select"), Qt::Key_R, tr("Drag a rectangle to select cells, for Copy, Cut, Delete and Selection to Prefab (Edit menu)")},
        {PaintTool::Stamp, tr("Stamp"), Qt::Key_unknown, tr("Lay what was copied where you click or drag; Z and Shift+Z turn it, X and Y mirror it")}};
    int digit = Qt::Key_1;
    for (const auto& [tool, name, tiledKey, help] : kinds) {
        QAction* a = tools->addAction(name);
        a->setObjectName("tool" + name);
        a->setCheckable(true);
        QList<QKeySequence> keys{QKeySequence(digit++)};
        if (tiledKey != Qt::Key_unknown) keys << QKeySequence(tiledKey);
        a->setShortcuts(keys);
        // The keys choose tools while the map has the keyboard, as in Tiled: a key
        // typed towards a spin box or a seed field never switches the tool (nor one a
        // game on the map takes: MapView::event).
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        mapView_->addAction(a);
        QStringList keyNames;
        for (const QKeySequence& k : keys) keyNames << k.toString(QKeySequence::NativeText);
        a->setToolTip(tr("%1 (%2): %3").arg(name, keyNames.join(", "), help));
        a->setChecked(tool == PaintTool::Pan);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, chosen = tool] { mapView_->setTool(chosen); });
    }
}

} // namespace burrow::ui
