#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QToolBar>

#include "document/project_document.h"
#include "map/map_view.h"

namespace burrow::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), document_(new ProjectDocument(this)), mapView_(new MapView(this)) {
    setCentralWidget(mapView_);
    createActions();

    cellLabel_ = new QLabel(this);
    levelLabel_ = new QLabel(this);
    statusBar()->addWidget(cellLabel_, 1);
    statusBar()->addPermanentWidget(levelLabel_);

    connect(document_, &ProjectDocument::levelReplaced, this, &MainWindow::showLevel);
    connect(mapView_, &MapView::cellHovered, this, &MainWindow::showHoveredCell);

    QSettings settings;
    if (!restoreGeometry(settings.value("window/geometry").toByteArray())) resize(1200, 800);
    restoreState(settings.value("window/state").toByteArray());
    setWindowTitle("Burrow");
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::chooseAndOpen);
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* fit = view->addAction(tr("&Fit to Window"), mapView_, &MapView::fitToWindow);
    fit->setShortcut(Qt::CTRL | Qt::Key_0);
    QAction* zoomIn = view->addAction(tr("Zoom &In"), [this] { mapView_->zoomBy(1.25); });
    zoomIn->setShortcut(QKeySequence::ZoomIn);
    QAction* zoomOut = view->addAction(tr("Zoom &Out"), [this] { mapView_->zoomBy(0.8); });
    zoomOut->setShortcut(QKeySequence::ZoomOut);

    QToolBar* bar = addToolBar(tr("Map"));
    bar->setObjectName("mapToolBar");
    bar->addAction(open);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Depth "), bar));
    depthBox_ = new QSpinBox(bar);
    depthBox_->setObjectName("depthBox");
    depthBox_->setToolTip(tr("The depth shown (0 is the top)"));
    bar->addWidget(depthBox_);
    connect(depthBox_, &QSpinBox::valueChanged, mapView_, &MapView::setDepth);
    bar->addSeparator();
    bar->addAction(fit);
    bar->addAction(zoomIn);
    bar->addAction(zoomOut);
}

QString MainWindow::defaultExampleProject() {
    const QString name = QStringLiteral("cellular-depths.burrow.json");
    const QString appDir = QCoreApplication::applicationDirPath();
    const QStringList candidates = {
        QStringLiteral(BURROW_EXAMPLES_DIR),          // the source tree this build came from
        appDir + "/../share/burrow/examples",          // an installed Burrow
        appDir + "/examples",
    };
    for (const QString& dir : candidates) {
        if (QFileInfo::exists(dir + "/" + name)) return QDir(dir).absoluteFilePath(name);
        if (QFileInfo::exists(dir + "/random-fill.burrow.json")) return QDir(dir).absoluteFilePath("random-fill.burrow.json");
    }
    return {};
}

bool MainWindow::openProject(const QString& path) {
    QString error;
    if (!document_->open(path, &error)) {
        QMessageBox::warning(this, tr("Cannot open project"), error);
        return false;
    }
    return true;
}

void MainWindow::chooseAndOpen() {
    const QString start = document_->filePath().isEmpty() ? QDir::currentPath() : QFileInfo(document_->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"), start, tr("Burrow projects (*.burrow.json *.json)"));
    if (!path.isEmpty()) openProject(path);
}

void MainWindow::showLevel() {
    const Level& level = document_->level();
    mapView_->setLevel(&level);
    depthBox_->setRange(0, level.depthCount() - 1);
    depthBox_->setEnabled(level.depthCount() > 1);
    const Project& project = document_->project();
    setWindowTitle(QStringLiteral("%1 — Burrow").arg(QFileInfo(document_->filePath()).fileName()));
    levelLabel_->setText(tr("%1 · %2 x %3 x %4 · seed %5")
                             .arg(QString::fromStdString(project.name))
                             .arg(level.width())
                             .arg(level.height())
                             .arg(level.depthCount())
                             .arg(project.seedText.empty() ? QString::number(project.seed) : QString::fromStdString(project.seedText)));
    for (const auto& warning : document_->warnings()) statusBar()->showMessage(QString::fromStdString(warning), 8000);
}

void MainWindow::showHoveredCell(std::optional<Cell> cell) {
    if (!cell) {
        cellLabel_->clear();
        return;
    }
    const Tile tile = document_->level().at(cell->x, cell->y, cell->z);
    cellLabel_->setText(tr("x %1, y %2, depth %3 — %4 '%5'")
                            .arg(cell->x)
                            .arg(cell->y)
                            .arg(cell->z)
                            .arg(QString::fromUtf8(tileInfo(tile).label.data(), qsizetype(tileInfo(tile).label.size())))
                            .arg(QChar::fromLatin1(glyphOf(tile))));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    event->accept();
}

} // namespace burrow::ui
