#pragma once
// The Depths dock: every depth's thumbnail with its stairs linked to the next
// (DepthStripView); a click shows that depth. The pictures follow the level while
// it is being generated, redrawn a few times a second and only for the depths that
// changed.
#include <QDockWidget>
#include <QTimer>
#include <span>
#include <vector>

#include "generation/cell_change.h"

class QScrollArea;

namespace burrow {
class Level;
}

namespace burrow::ui {

class DepthStripView;

class DepthStripDock : public QDockWidget {
    Q_OBJECT
public:
    explicit DepthStripDock(QWidget* parent = nullptr);

    // Shows `level` (which must outlive the dock or be replaced by another call)
    // with `current` marked; every picture is redrawn.
    void showLevel(const Level* level, int current);
    // Some cells changed: their depths' pictures are redrawn shortly.
    void cellsChanged(std::span<const CellChange> changes);
    void setCurrent(int depth);
    // Redraws what is waiting now rather than after the throttle (tests).
    void refresh();
    DepthStripView* view() const { return view_; }

signals:
    void depthChosen(int depth);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void schedule();

    QScrollArea* scroll_;
    DepthStripView* view_;
    const Level* level_ = nullptr;
    std::vector<bool> stale_; // per depth
    QTimer timer_;
};

} // namespace burrow::ui
