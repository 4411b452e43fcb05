#include "main_window.h"
#include "io/file_io.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QScreen>
#include <QMenuBar>
#include <QMessageBox>
#include <QTimer>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QToolBar>
#include <algorithm>
#include <tuple>
#include <QUndoStack>
#include <QUndoView>

#include "dialogs/disk_change_questions.h"
#include "dialogs/export_dialog.h"
#include "docks/depth_strip_dock.h"
#include "docks/generation_dock.h"
#include "docks/legend_dock.h"
#include "docks/overview_dock.h"
#include "docks/breakpoint_bar.h"
#include "docks/parameter_form.h"
#include "docks/play_dock.h"
#include "docks/seed_gallery_dock.h"
#include "docks/room_graph_dock.h"
#include "docks/rules_dock.h"
#include "tools/prefab_maker.h"
#include "document/generation_runner.h"
#include "document/project_document.h"
#include "io/diagnostic.h"
#include "document/project_file_watch.h"
#include "map/entity_looks.h"
#include "map/map_view.h"
#include "play/game_cover.h"
#include "regions/reachability.h"
#include "status/status_line.h"
#include "tools/paint_controller.h"
#include "tools/tile_palette.h"
#include "pipeline/builtin_stages.h"

namespace burrow::ui {

namespace {
constexpr int kMaxRecent = 8;
constexpr int kTrailSteps = 12; // how many steps a drone's trail lasts on screen
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), document_(new ProjectDocument(this)), runner_(new GenerationRunner(document_, this)),
      facts_(new LevelFacts(document_, this)), mapView_(new MapView(this)), paint_(new PaintController(document_, mapView_, this)), prefabMaker_(new PrefabMaker(document_, mapView_, this)) {
    setCentralWidget(mapView_);
    mapView_->setFacts(facts_);
    // First of everything that hears levelReset: the map (and the depth strip) take the
    // new level before any dock reacts, since a dock that repaints at once would
    // otherwise paint the map's old, freed level.
    connect(document_, &ProjectDocument::levelReset, this, &MainWindow::levelReset);
    createMenus();
    applyTimelineBudget();
    createToolBars();
    createDocks();

    createStatusBar();

    connect(document_, &ProjectDocument::cellsChanged, this, [this](std::span<const CellChange> changes) {
        mapView_->cellsChanged(changes);
        depthStrip_->cellsChanged(changes);
        // A step that changed the cell under the cursor: it is told as it is now. (Not
        // on every step: the text asks for the depth's regions, labelled afresh.)
        if (hovered_ && std::any_of(changes.begin(), changes.end(), [h = *hovered_](const CellChange& c) { return c.x == h.x && c.y == h.y && c.z == h.z; }))
            showHoveredCell(hovered_);
    });
    // Painted, cleared, undone or redone: whether the cell is painted may change with no tile changing.
    connect(document_->undoStack(), &QUndoStack::indexChanged, this, [this] {
        if (hovered_) showHoveredCell(hovered_);
    });
    connect(document_, &ProjectDocument::progressChanged, this, &MainWindow::showAnnotations);
    connect(document_, &ProjectDocument::progressChanged, this, &MainWindow::showLevelLabel);
    connect(document_, &ProjectDocument::modifiedChanged, this, &MainWindow::refreshTitle);
    connect(document_, &ProjectDocument::fileChanged, this, &MainWindow::refreshTitle);
    connect(mapView_, &MapView::cellHovered, this, &MainWindow::showHoveredCell);
    connect(facts_, &LevelFacts::regionsChanged, this, [this] { showHoveredCell(hovered_); });
    connect(document_->fileWatch(), &ProjectFileWatch::changedOnDisk, this, &MainWindow::filesChangedOnDisk);

    restoreLayout();
    mapView_->setLevel(&document_->level());
    levelReset();
    refreshTitle();
}

// A field still being typed in is applied now, while the window is whole: left to
// ~QWidget, its focus going out applied it through signals to a MainWindow already
// destroyed.
MainWindow::~MainWindow() { commitFieldBeingEdited(); }

// A line edit or spin box applies what was typed when Enter is pressed or it loses the
// keyboard (editingFinished). Save, Export, Open, New and closing use the project as
// the designer sees it, so the field in hand loses the keyboard first and gets it back.
void MainWindow::commitFieldBeingEdited() {
    QWidget* field = QApplication::focusWidget();
    // Parent by parent, not isAncestorOf(): a floating dock is a window of its own.
    QWidget* up = field;
    while (up && up != this) up = up->parentWidget();
    if (!up) return;
    field->clearFocus();
    field->setFocus();
}

QString MainWindow::defaultExampleProject() {
    const QString name = QStringLiteral("cellular-depths.burrow.json");
    const QString appDir = QCoreApplication::applicationDirPath();
    for (const QString& dir : {QStringLiteral(BURROW_EXAMPLES_DIR), appDir + "/../share/burrow/examples", appDir + "/examples"})
        if (QFileInfo::exists(dir + "/" + name)) return QDir(dir).absoluteFilePath(name);
    return {};
}

bool MainWindow::openProject(const QString& path) {
    runner_->cancel();
    QString error;
    QStringList notices;
    if (!document_->open(path, &error, &notices)) {
        QMessageBox::warning(this, tr("Cannot open project"), error);
        return false;
    }
    // Said without a modal box: the project opened, and the designer may read on.
    if (!notices.isEmpty()) statusBar()->showMessage(notices.join(QStringLiteral("  ·  ")), 30000);
    rememberRecent(document_->filePath());
    if (!document_->atEnd()) runner_->generateToEnd(); // the rest in slices, with progress and Cancel
    return true;
}

void MainWindow::newProject() {
    if (!confirmDiscard()) return;
    runner_->cancel();
    // The template is built into the program; if it cannot be read, the build is
    // broken: say so and keep what is open rather than start from a half-read project.
    const QString name = QStringLiteral(":/burrow/new-project.burrow.json");
    QFile file(name);
    std::vector<Diagnostic> problems;
    Project project;
    try {
        if (!file.open(QIODevice::ReadOnly)) throw FileError(name.toStdString(), {{"", "cannot be read: " + file.errorString().toStdString()}});
        project = projectFromJson(parseJsonText(file.readAll().toStdString(), name.toStdString()), builtinStages(), problems);
        if (!problems.empty()) throw FileError(name.toStdString(), problems);
    } catch (const std::exception& e) {
        statusBar()->showMessage(tr("No new project: the template %1").arg(QString::fromStdString(errorText(e))));
        return;
    }
    document_->reset(std::move(project));
    if (!document_->atEnd()) runner_->generateToEnd();
}

void MainWindow::chooseAndOpen() {
    if (!confirmDiscard()) return;
    const QString start = document_->filePath().isEmpty() ? QDir::currentPath() : QFileInfo(document_->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"), start, tr("Burrow projects (*.burrow.json *.json)"));
    if (!path.isEmpty()) openProject(path);
}

void MainWindow::createStatusBar() { status_ = new StatusLine(statusBar(), mapView_); }

// Another program (or a second editor) changed a file of the project. With nothing
// unsaved here, reloading loses nothing: offered at once, without blocking. With
// unsaved changes, Save asks before overwriting; the status bar says so now.
void MainWindow::filesChangedOnDisk(const QStringList& files) {
    if (document_->isModified()) {
        statusBar()->showMessage(tr("%1 changed on disk; Save will ask before overwriting it").arg(fileNames(files)));
        return;
    }
    offerReload(this, files, [this] {
        if (!document_->isModified()) openProject(document_->filePath());
    });
}

bool MainWindow::save() {
    commitFieldBeingEdited();
    if (document_->filePath().isEmpty()) return saveAs();
    // Never overwrite silently what changed on disk since it was read here.
    if (const QStringList changed = document_->diskConflicts(document_->filePath()); !changed.isEmpty()) {
        switch (askBeforeOverwriting(this, changed)) {
        case OverwriteChoice::Overwrite: break;
        case OverwriteChoice::Reload: openProject(document_->filePath()); return false;
        case OverwriteChoice::SaveElsewhere: return saveAs();
        case OverwriteChoice::Cancel: return false;
        }
    }
    QString error;
    if (!document_->save(&error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(document_->filePath()), 4000);
    return true;
}

bool MainWindow::saveAs() {
    commitFieldBeingEdited();
    const QString start = document_->filePath().isEmpty() ? QDir::currentPath() + "/untitled.burrow.json" : document_->filePath();
    QString path = QFileDialog::getSaveFileName(this, tr("Save Project As"), start, tr("Burrow projects (*.burrow.json)"));
    if (path.isEmpty()) return false;
    if (!path.endsWith(".json")) path += ".burrow.json";
    QString error;
    if (!document_->saveAs(path, &error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    rememberRecent(path);
    return true;
}

bool MainWindow::confirmDiscard() {
    commitFieldBeingEdited();
    if (!document_->isModified()) return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
                                              tr("%1 has changes that are not saved. Save them first?")
                                                  .arg(document_->filePath().isEmpty() ? tr("This project") : QFileInfo(document_->filePath()).fileName()),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::rememberRecent(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value("recentFiles").toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) recent.removeLast();
    settings.setValue("recentFiles", recent);
    refreshRecentMenu();
}

void MainWindow::refreshRecentMenu() {
    recentMenu_->clear();
    const QStringList recent = QSettings().value("recentFiles").toStringList();
    for (const QString& path : recent)
        recentMenu_->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (confirmDiscard()) openProject(path);
        })->setToolTip(path);
    recentMenu_->setEnabled(!recent.isEmpty());
}

void MainWindow::refreshTitle() {
    const QString file = document_->filePath().isEmpty() ? tr("untitled") : QFileInfo(document_->filePath()).fileName();
    setWindowTitle(QStringLiteral("%1[*] — Burrow").arg(file));
    setWindowModified(document_->isModified());
}

void MainWindow::levelReset() {
    const Level& level = document_->level();
    if (mapView_->level() != &level || mapView_->level()->size() != level.size()) mapView_->setLevel(&level);
    else mapView_->levelChanged();
    palette_->setKinds(document_->project().tileKinds);
    {
        const QSignalBlocker block(depthBox_);
        depthBox_->setRange(0, level.depthCount() - 1);
        depthBox_->setValue(mapView_->depth());
    }
    depthBox_->setEnabled(level.depthCount() > 1);
    depthStrip_->showLevel(&level, mapView_->depth());
    OverlayOptions o = mapView_->overlays();
    if (o.movement != document_->project().movement) {
        o.movement = document_->project().movement;
        mapView_->setOverlays(o);
    }
    showLevelLabel();
    if (hovered_) showHoveredCell(hovered_);
    mapView_->setEntityLooks(entityLooks(document_->rules().get()));
    showAnnotations();
    status_->showWarnings(document_->warnings());
}

// Name, size, seed and, once generated, the level hash: the same value `burrow
// stats` and `burrow generate` print for the saved project, so a designer can check
// that the command line makes the level the editor shows.
void MainWindow::showLevelLabel() {
    const Project& p = document_->project();
    const QString hash = document_->levelHash();
    const QString name = QString::fromStdString(p.name);
    status_->showSummary(name,
                         tr("%1 x %2 x %3 · seed %4%5")
                             .arg(p.size.width)
                             .arg(p.size.height)
                             .arg(p.size.depth)
                             .arg(p.seedText.empty() ? QString::number(p.seed) : QString::fromStdString(p.seedText))
                             .arg(hash.isEmpty() ? QString() : tr(" · level %1").arg(hash)),
                         tr("%1\nThe level hash: `burrow stats PROJECT` prints the same one for the saved project").arg(name));
}

void MainWindow::showAnnotations() {
    std::vector<AgedAnnotation> marks;
    const Timeline* timeline = document_->generation().timeline();
    if (timeline && !document_->atEnd()) {
        const std::size_t now = timeline->position();
        for (std::size_t age = 0; age < kTrailSteps && age < now; ++age)
            for (const Annotation& a : timeline->annotations(now - 1 - age)) marks.push_back({a, static_cast<int>(age)});
    }
    mapView_->setAnnotations(std::move(marks), kTrailSteps);
}

void MainWindow::setOverlay(const std::function<void(OverlayOptions&)>& change) {
    OverlayOptions o = mapView_->overlays();
    change(o);
    mapView_->setOverlays(o);
}

void MainWindow::showHoveredCell(std::optional<Cell> cell) {
    hovered_ = cell;
    if (cell && !document_->level().contains(cell->x, cell->y, cell->z)) cell.reset(); // a cell of a level since replaced
    if (!cell) {
        status_->showCell({});
        return;
    }
    const Level& level = document_->level();
    const Tile tile = level.at(cell->x, cell->y, cell->z);
    QString text = tr("x %1, y %2, depth %3 — %4 '%5'")
                       .arg(cell->x)
                       .arg(cell->y)
                       .arg(cell->z)
                       .arg(QString::fromStdString(level.kinds[tile].name))
                       .arg(QChar::fromLatin1(level.kinds[tile].glyph));
    if (document_->project().edits.at(*cell)) text += tr(" (painted)");
    if (level.kinds.walkable(tile)) {
        const std::shared_ptr<const RegionRuns> regions = facts_->regions(cell->z);
        if (const int label = regions ? regions->labelAt(cell->x, cell->y) : 0; label > 0 && label <= static_cast<int>(regions->regions.size()))
            text += tr(" — region %1, %2 cells").arg(label).arg(regions->regions[std::size_t(label - 1)].size);
    }
    for (const StairsPair& s : level.stairs)
        if (s.x == cell->x && s.y == cell->y && (s.upperDepth == cell->z || s.upperDepth + 1 == cell->z))
            text += s.upperDepth == cell->z ? tr(" — stairs down to depth %1, region %2").arg(s.upperDepth + 1).arg(s.lowerRegion)
                                            : tr(" — stairs up to depth %1, region %2").arg(s.upperDepth).arg(s.upperRegion);
    status_->showCell(text);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!confirmDiscard()) {
        event->ignore();
        return;
    }
    runner_->cancel();
    saveLayout();
    event->accept();
}

} // namespace burrow::ui
