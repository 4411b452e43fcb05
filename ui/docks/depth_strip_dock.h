#pragma once
// A strip of small pictures of every depth; a click shows that depth.
#include <QDockWidget>

class QListWidget;

namespace burrow {
class Level;
}

namespace burrow::ui {

class DepthStripDock : public QDockWidget {
    Q_OBJECT
public:
    explicit DepthStripDock(QWidget* parent = nullptr);

    // Redraws the thumbnails of `level` and marks `current`.
    void showLevel(const Level& level, int current);
    void setCurrent(int depth);

signals:
    void depthChosen(int depth);

private:
    QListWidget* list_;
};

} // namespace burrow::ui
