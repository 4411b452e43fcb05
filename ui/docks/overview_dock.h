#pragma once
// The overview: the whole depth in small, with the part the map shows outlined.
// Click or drag on it to move the map there. It follows the level as it is being
// generated, redrawn a few times a second.
#include <QDockWidget>
#include <QImage>
#include <QTimer>

namespace burrow::ui {

class MapView;

class OverviewDock : public QDockWidget {
    Q_OBJECT
public:
    explicit OverviewDock(MapView* map, QWidget* parent = nullptr);
    // Redraws the picture now rather than after the throttle (tests).
    void refresh();
    // Where the map's visible part is drawn on the overview, in its widget's pixels.
    QRectF viewportOnOverview() const;
    // Where the whole depth is drawn on it.
    QRectF levelOnOverview() const;
    QWidget* picture() const;

private:
    class Picture;
    void schedule();

    MapView* map_;
    Picture* picture_;
    QTimer timer_;
};

} // namespace burrow::ui
