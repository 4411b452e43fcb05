#pragma once
// The editor's window: the map in the middle, docks around it, the status bar below.
#include <QMainWindow>
#include <optional>

#include "model/level.h"

class QLabel;
class QSpinBox;

namespace burrow::ui {

class MapView;
class ProjectDocument;

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
    ProjectDocument* document() const { return document_; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void showLevel();
    void showHoveredCell(std::optional<Cell> cell);
    void chooseAndOpen();

    ProjectDocument* document_;
    MapView* mapView_;
    QSpinBox* depthBox_ = nullptr;
    QLabel* cellLabel_ = nullptr;
    QLabel* levelLabel_ = nullptr;
};

} // namespace burrow::ui
