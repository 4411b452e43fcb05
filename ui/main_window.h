#pragma once
// The editor's window: the map in the middle, the generation and history docks
// around it, menus and tool bars, the status bar below. It wires widgets to the
// document; the work itself happens in the document and in burrow_core.
#include <QMainWindow>
#include <optional>

#include "model/level.h"

class QAction;
class QLabel;
class QMenu;
class QSpinBox;
class QToolBar;

class QDockWidget;

namespace burrow::ui {

class DepthStripDock;
class GenerationDock;
class GenerationRunner;
class LevelFacts;
class MapView;
class PaintController;
class PrefabMaker;
class PlayDock;
class SeedGalleryDock;
class StatusLine;
class RulesDock;
class RoomGraphDock;
class ProjectDocument;
class TilePalette;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a project; on failure shows the reason and keeps what was open.
    bool openProject(const QString& path);
    // The example the editor shows when started without a file.
    static QString defaultExampleProject();

    MapView* mapView() const { return mapView_; }
    LevelFacts* levelFacts() const { return facts_; }
    ProjectDocument* document() const { return document_; }
    GenerationRunner* runner() const { return runner_; }
    GenerationDock* generationDock() const { return generationDock_; }
    RulesDock* rulesDock() const { return rulesDock_; }
    RoomGraphDock* roomGraphDock() const { return roomGraphDock_; }
    PlayDock* playDock() const { return playDock_; }
    SeedGalleryDock* seedGalleryDock() const { return seedGalleryDock_; }
    PaintController* painter() const { return paint_; }
    PrefabMaker* prefabMaker() const { return prefabMaker_; }

    // Asks whether to save unsaved changes; false when the designer cancels.
    bool confirmDiscard();
    bool save();
    bool saveAs();

protected:
    void closeEvent(QCloseEvent* event) override;
    // Each dock tab bar Qt makes shows its names whole, scrolling when they do not fit.
    void childEvent(QChildEvent* event) override;

private:
    void commitFieldBeingEdited();
    void createMenus();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu(QMenu* view);
    void createThemeMenu(QMenu* view);
    void createOverlayToggles(QMenu* view);
    void createHeatmapMenu(QMenu* view);
    void createGenerationMenu();
    void createHelpMenu();
    void applyTimelineBudget();
    void chooseTimelineBudget();
    void createToolBars();
    void addPaintTools(QToolBar* tools);
    void createStatusBar();
    void createDocks();
    void createRulesDock(QDockWidget* besides);
    void createRoomGraphDock();
    void connectPlayDock();
public:
    // The first start's layout, also View > Reset Layout.
    void applyFirstLayout();
    // View > Reset Layout: the first layout, in a window that fits its screen.
    void resetLayout();
    // The layout as the last session left it (QSettings "window/..."), or the first
    // layout when none was saved or it was saved by another layout version.
    void restoreLayout();
    // Saved with every dock shown again (a layout saved with the docks hidden by Tab would
    // open with none).
    void saveLayout();
    // Moves and shrinks the window so all of it is on the screen it is on (a saved
    // geometry from a bigger screen, a layout that grew it).
    void fitIntoScreen();
    // Tab on the map hides every dock, and shows them again (Tiled's Clear View).
    void setDocksHidden(bool hidden);
    bool docksHidden() const { return docksHidden_; }
    // Bumped when the docks change, so an older saved state falls back to the first layout.
    static constexpr int kLayoutVersion = 2;
private:
    // The dock in front in a side's column (visible, docked there), or nullptr.
    QDockWidget* frontDock(Qt::DockWidgetArea area) const;
    // The first layout on a window up to 1600 px wide, and on a wider one.
    void layOutOneColumn(const QList<QDockWidget*>& tools, QDockWidget* overview, int windowHeight);
    void layOutTwoColumns(const QList<QDockWidget*>& tools, QDockWidget* overview);
    // The height the docks' column has in a window this tall.
    int dockColumnHeight(int windowHeight) const;
    // Gives the window this size again after the docks moved.
    void keepSize(QSize wanted);
    // Docks start this wide: usable, and the map keeps most of the window.
    static constexpr int kNarrowDock = 290;
    void newProject();
    void chooseAndOpen();
    void rememberRecent(const QString& path);
    void refreshRecentMenu();
    void refreshTitle();
    void filesChangedOnDisk(const QStringList& files);
    void levelReset();
    void showAnnotations();
    void showLevelLabel();
    void showHoveredCell(std::optional<Cell> cell);
    void setOverlay(const std::function<void(struct OverlayOptions&)>& change);

    ProjectDocument* document_;
    GenerationRunner* runner_;
    // What every widget shows about the level besides its tiles: first to hear of a
    // new level, since it draws nothing.
    LevelFacts* facts_;
    MapView* mapView_;
    PaintController* paint_;
    PrefabMaker* prefabMaker_;
    GenerationDock* generationDock_ = nullptr;
    DepthStripDock* depthStrip_ = nullptr;
    RulesDock* rulesDock_ = nullptr;
    RoomGraphDock* roomGraphDock_ = nullptr;
    QList<QDockWidget*> hiddenDocks_; // shown before Tab hid them
    bool docksHidden_ = false;
    QMenu* editMenu_ = nullptr;
    QAction* selectionPlace_ = nullptr; // where the selection's commands go in the Edit menu
    std::uint64_t gamePlacements_ = 0; // games placed on the map or in the dock, so far
    PlayDock* playDock_ = nullptr;
    SeedGalleryDock* seedGalleryDock_ = nullptr;
    TilePalette* palette_ = nullptr;
    QSpinBox* depthBox_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    StatusLine* status_ = nullptr;
    std::optional<Cell> hovered_; // the cell the status bar describes
};

} // namespace burrow::ui
