#include "map/zoom_button.h"

#include <QMenu>
#include <cmath>

#include "map/map_view.h"

namespace burrow::ui {

ZoomButton::ZoomButton(MapView* view, QWidget* parent) : QToolButton(parent), view_(view) {
    setObjectName("zoom");
    setToolTip(tr("How large the map is drawn; 100% is 16 pixels a cell. Click for the usual zooms"));
    setPopupMode(QToolButton::InstantPopup);
    setAutoRaise(true);
    auto* menu = new QMenu(this);
    menu->addAction(tr("Fit to Window"), view_, &MapView::fitToWindow);
    for (const int percent : {50, 100, 200, 400})
        menu->addAction(tr("%1%").arg(percent), this, [this, percent] {
            view_->setCellPixels(kFullSize * percent / 100.0, QPointF(view_->width() / 2.0, view_->height() / 2.0));
        });
    setMenu(menu);
    connect(view_, &MapView::zoomChanged, this, &ZoomButton::show);
    show(view_->cellPixels());
}

void ZoomButton::show(double cellPixels) {
    const double percent = cellPixels / kFullSize * 100.0;
    setText(tr("Zoom %1%").arg(percent >= 10 ? QString::number(std::lround(percent)) : QString::number(percent, 'f', 1)));
}

} // namespace burrow::ui
