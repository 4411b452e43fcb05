#include "dialogs/export_dialog.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

#include "document/project_document.h"
#include "io/diagnostic.h"

namespace burrow::ui {

ExportDialog::ExportDialog(ProjectDocument* document, QWidget* parent) : QDialog(parent), document_(document) {
    setWindowTitle(tr("Export Level"));
    QSettings settings;
    QHBoxLayout* formats = makeFormatChecks(settings);
    const QString projectFolder = document->filePath().isEmpty() ? QDir::currentPath() : QFileInfo(document->filePath()).absolutePath();
    folder_ = new QLineEdit(settings.value("export/folder", projectFolder + "/export").toString(), this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(folder_, 1);
    folderRow->addWidget(browse);
    depth_ = new QComboBox(this);
    depth_->addItem(tr("every depth"), -1);
    for (int z = 0; z < document->level().depthCount(); ++z) depth_->addItem(tr("depth %1").arg(z), z);
    cell_ = new QSpinBox(this);
    cell_->setRange(1, 256);
    cell_->setValue(settings.value("export/cell", 16).toInt());
    cell_->setToolTip(tr("Tiled's tile size and the PNG's cell size, in pixels"));
    style_ = new QComboBox(this);
    style_->addItem(tr("glyphs"), 0);
    style_->addItem(tr("colour blocks"), 1);
    style_->setCurrentIndex(settings.value("export/style", 0).toInt());
    regions_ = new QCheckBox(tr("each region in its own colour"), this);
    regions_->setChecked(settings.value("export/regions", false).toBool());
    makeTilesetsChoice(settings);

    auto* form = new QFormLayout(this);
    form->addRow(tr("Formats"), formats);
    form->addRow(tr("Folder"), folderRow);
    form->addRow(tr("Depths"), depth_);
    form->addRow(tr("Cell size"), cell_);
    form->addRow(tr("Tilesets"), tilesets_);
    if (const GameTiles& game = document->project().gameTiles; !game.empty()) form->addRow(tr("Tiles"), makeGameTilesChoice(game, settings));
    form->addRow(tr("PNG style"), style_);
    form->addRow(tr("PNG regions"), regions_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export to"), folder_->text());
        if (!dir.isEmpty()) folder_->setText(dir);
    });
}

// A check box a format, ticked as last time.
QHBoxLayout* ExportDialog::makeFormatChecks(const QSettings& settings) {
    const QStringList chosen = settings.value("export/formats", QStringList{"tmj", "png"}).toStringList();
    auto* formats = new QHBoxLayout;
    for (ExportFormat f : kExportFormats) {
        auto* box = new QCheckBox(formatId(f), this);
        box->setObjectName(QStringLiteral("format-%1").arg(formatId(f)));
        box->setChecked(chosen.contains(formatId(f)));
        formats->addWidget(box);
        formats_.emplace_back(f, box);
    }
    formats_[0].second->setToolTip(tr("Tiled JSON map per depth, the tileset image beside it, a .world for several depths"));
    formats_[1].second->setToolTip(tr("Tiled XML map per depth"));
    formats_[2].second->setToolTip(tr("LDtk project: a level per depth, the kinds as an IntGrid layer, the things as entities"));
    return formats;
}

// Where the Tiled maps' tilesets go. The choice is the Tiled maps': with neither
// format ticked it has nothing to say. (After makeFormatChecks.)
void ExportDialog::makeTilesetsChoice(const QSettings& settings) {
    tilesets_ = new QComboBox(this);
    tilesets_->setObjectName("tilesets");
    tilesets_->addItem(tr("in each map"), false);
    tilesets_->addItem(tr("beside the maps (.tsj / .tsx)"), true);
    tilesets_->setCurrentIndex(settings.value("export/external-tilesets", false).toBool() ? 1 : 0);
    tilesets_->setToolTip(tr("Where the Tiled maps' tilesets go: embedded in every map, or written once beside them "
                             "for the maps to share (`burrow generate --tilesets external`)"));
    const auto tiledChosen = [this] {
        tilesets_->setEnabled(std::any_of(formats_.begin(), formats_.end(), [](const auto& f) {
            return (f.first == ExportFormat::Tmj || f.first == ExportFormat::Tmx) && f.second->isChecked();
        }));
    };
    for (const auto& [f, box] : formats_) connect(box, &QCheckBox::toggled, this, tiledChosen);
    tiledChosen();
}

// The game's tiles or Burrow's. The game's art has one size: the cell size follows it
// while it is used. (After the cell size.)
QCheckBox* ExportDialog::makeGameTilesChoice(const GameTiles& game, const QSettings& settings) {
    gameTiles_ = new QCheckBox(tr("Draw with the game's tiles (%1 px, autotiled)").arg(game.tileSize()), this);
    gameTiles_->setObjectName("game-tiles");
    gameTiles_->setToolTip(tr("Tiled maps reference the project's game tilesets and PNGs are drawn with them; "
                              "unchecked, Burrow's glyph tiles at the cell size"));
    gameTiles_->setChecked(settings.value("export/game-tiles", true).toBool());
    cell_->setEnabled(!gameTiles_->isChecked());
    connect(gameTiles_, &QCheckBox::toggled, cell_, [this](bool on) { cell_->setEnabled(!on); });
    return gameTiles_;
}

ExportRequest ExportDialog::request() const {
    ExportRequest request;
    request.formats.clear();
    for (const auto& [f, box] : formats_)
        if (box->isChecked()) request.formats.push_back(f);
    const QString file = document_->filePath();
    request.stem = file.isEmpty() ? "level" : QFileInfo(file).fileName().section('.', 0, 0).toStdString();
    request.tileSize = cell_->value();
    request.pngStyle = style_->currentData().toInt() == 1 ? CellStyle::Blocks : CellStyle::Glyphs;
    request.pngRegions = regions_->isChecked();
    request.movement = document_->project().movement;
    request.externalTilesets = tilesets_->currentData().toBool();
    if (depth_->currentData().toInt() >= 0) request.depth = depth_->currentData().toInt();
    if (gameTiles_ && gameTiles_->isChecked()) {
        request.gameTiles = document_->project().gameTiles;
        request.tileSize = request.gameTiles->tileSize();
    }
    return request;
}

QString ExportDialog::folder() const { return folder_->text(); }

void ExportDialog::accept() {
    const ExportRequest r = request();
    if (r.formats.empty()) {
        QMessageBox::information(this, tr("Export"), tr("Choose at least one format."));
        return;
    }
    // Before any file is written, so a too large PNG leaves no half export behind.
    if (std::find(r.formats.begin(), r.formats.end(), ExportFormat::Png) != r.formats.end())
        if (auto problem = depthImageProblem(document_->project().size, r.tileSize)) {
            QString text = QString::fromStdString(*problem);
            // The game's art has one size: the cell is not the designer's to lower.
            if (r.gameTiles)
                text += tr(".\n\nThe game's tiles have one size: untick \"Draw with the game's tiles\" to export Burrow's at a smaller cell, "
                           "or leave PNG out (the Tiled and LDtk maps take any size).");
            QMessageBox::warning(this, tr("Export"), text);
            return;
        }
    QSettings settings;
    QStringList chosen;
    for (ExportFormat f : r.formats) chosen << formatId(f);
    settings.setValue("export/formats", chosen);
    settings.setValue("export/folder", folder());
    if (gameTiles_) settings.setValue("export/game-tiles", gameTiles_->isChecked());
    if (!r.gameTiles) settings.setValue("export/cell", r.tileSize); // the game's size is not a choice
    settings.setValue("export/style", style_->currentIndex());
    settings.setValue("export/regions", r.pngRegions);
    settings.setValue("export/external-tilesets", r.externalTilesets);
    QString error;
    const QStringList files = exportLevel(*document_, r, folder(), this, &error);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export failed"), error);
        return;
    }
    QDialog::accept();
}

QStringList ExportDialog::exportLevel(ProjectDocument& document, const ExportRequest& request, const QString& folder, QWidget* progressParent,
                                      QString* error) {
    const Level& level = document.finishedLevel();
    const Project& project = document.project();
    const ExportInfo info{project.name, project.seed, projectHash(project), document.levelHash().toStdString()};
    QStringList files;
    // A format a step of the progress, so a big export shows how far it has got.
    // Cancelled or failed, no file is changed (the export is one transaction).
    QProgressDialog progress(QObject::tr("Exporting…"), QObject::tr("Cancel"), 0, static_cast<int>(request.formats.size()), progressParent);
    progress.setMinimumDuration(300);
    try {
        const auto shown = [&](std::size_t done, std::size_t) {
            progress.setValue(static_cast<int>(done));
            return !progress.wasCanceled();
        };
        for (const auto& f : burrow::exportLevel(level, info, request, folder.toStdString(), shown)) files << QString::fromStdString(f.string());
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return {};
    }
    progress.setValue(static_cast<int>(request.formats.size()));
    return files;
}

} // namespace burrow::ui
