#pragma once
// The zoom readout in the status bar ("Zoom 250%"), whose menu jumps to the usual
// zooms: fit the window, 50%, 100%, 200%, 400%. 100% is one cell to 16 pixels, the
// glyphs' own size (and the exports' default tile size).
#include <QToolButton>

namespace burrow::ui {

class MapView;

class ZoomButton : public QToolButton {
    Q_OBJECT
public:
    ZoomButton(MapView* view, QWidget* parent);
    static constexpr double kFullSize = 16.0; // pixels a cell at 100%

private:
    void show(double cellPixels);
    MapView* view_;
};

} // namespace burrow::ui
