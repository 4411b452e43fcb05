#pragma once
// What the painting and stamp tests share: a left-button drag through cells, and the
// window with an example open.
#include <QTest>

#include <initializer_list>

#include "main_window.h"
#include "map/map_view.h"
#include "editor_test_helpers.h"

namespace {

// A drag with the left button through these cells, as one stroke.
[[maybe_unused]] void drag(burrow::ui::MapView* view, std::initializer_list<QPoint> cells) {
    const QPoint first = view->cellCentre(cells.begin()->x(), cells.begin()->y()).toPoint();
    const QPoint last = view->cellCentre((cells.end() - 1)->x(), (cells.end() - 1)->y()).toPoint();
    QTest::mousePress(view, Qt::LeftButton, {}, first);
    for (const QPoint& c : cells) QTest::mouseMove(view, view->cellCentre(c.x(), c.y()).toPoint());
    QTest::mouseRelease(view, Qt::LeftButton, {}, last);
}

// The window at a desktop's size with an example open and generated.
[[maybe_unused]] bool showWithExample(burrow::ui::MainWindow& window, const char* name) {
    window.resize(1400, 900);
    window.show();
    return openAndFinish(window, example(name));
}

} // namespace
