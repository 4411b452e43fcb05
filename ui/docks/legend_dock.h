#pragma once
// The tile legend: each kind's colour, glyph and what it does.
#include <QDockWidget>

namespace burrow::ui {

class LegendDock : public QDockWidget {
    Q_OBJECT
public:
    explicit LegendDock(QWidget* parent = nullptr);
};

} // namespace burrow::ui
