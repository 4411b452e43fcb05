#pragma once
// File > Export: formats, folder, depths, cell size, where the Tiled maps' tilesets
// go, PNG style, the game's tiles or Burrow's (when the project has its own); the last choices
// are remembered. The export itself is burrow_core's, as for `burrow generate`.
#include <QDialog>
#include <QStringList>

#include "export/level_export.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLineEdit;
class QSettings;
class QSpinBox;

namespace burrow::ui {

class ProjectDocument;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(ProjectDocument* document, QWidget* parent = nullptr);

    ExportRequest request() const;
    QString folder() const;

    // Writes the document's level as `request` says, with a progress dialog when
    // `progressParent` is given. Returns the files written; `error` says why not.
    static QStringList exportLevel(ProjectDocument& document, const ExportRequest& request, const QString& folder,
                                   QWidget* progressParent, QString* error);

    void accept() override;

private:
    QHBoxLayout* makeFormatChecks(const QSettings& settings);
    void makeTilesetsChoice(const QSettings& settings);
    QCheckBox* makeGameTilesChoice(const GameTiles& game, const QSettings& settings);

    ProjectDocument* document_;
    std::vector<std::pair<ExportFormat, QCheckBox*>> formats_;
    QLineEdit* folder_;
    QComboBox* depth_;
    QSpinBox* cell_;
    QComboBox* style_;
    QCheckBox* regions_;
    QComboBox* tilesets_; // embedded in each Tiled map, or beside them
    QCheckBox* gameTiles_ = nullptr; // only when the project has the game's tiles
};

} // namespace burrow::ui
