#pragma once
// A dock's contents in a scroll area, so a tall form never forces the window taller
// than a laptop's screen: on 1024 x 700 the form scrolls instead.
#include <QFrame>
#include <QScrollArea>
#include <QScrollBar>

namespace burrow::ui {

inline QScrollArea* scrollable(QWidget* body, QWidget* parent) {
    auto* area = new QScrollArea(parent);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the docks are laid out to fit their width
    area->setWidget(body);
    // As narrow as the contents allow, never narrower: only height scrolls.
    area->setMinimumWidth(body->minimumSizeHint().width() + area->verticalScrollBar()->sizeHint().width());
    return area;
}

} // namespace burrow::ui
