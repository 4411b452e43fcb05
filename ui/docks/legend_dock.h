#pragma once
// The legend: what is on the map now (see map/legend_entries.h), refreshed as the
// view changes — at most a few times a second while a level is being generated,
// since counting a large depth's tiles costs a pass over it.
#include <QDockWidget>
#include <QTimer>

class QListWidget;

namespace burrow::ui {

class MapView;

class LegendDock : public QDockWidget {
    Q_OBJECT
public:
    explicit LegendDock(MapView* map, QWidget* parent = nullptr);
    // The entries' texts as shown (for tests).
    QStringList texts() const;
    // Refreshes now rather than after the throttle (tests, and when first shown).
    void refresh();

private:
    void schedule();

    MapView* map_;
    QListWidget* list_;
    QTimer timer_;
};

} // namespace burrow::ui
