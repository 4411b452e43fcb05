#pragma once
// What the editor tests share: the examples, window grabs when BURROW_SCREENSHOTS
// names a folder, and finding a widget by its object name.
#include <QTest>

#include <QDir>
#include <QElapsedTimer>
#include <QTabBar>

namespace {
[[maybe_unused]] QString example(const char* name) { return QStringLiteral(BURROW_EXAMPLES "/") + name; }

[[maybe_unused]] void screenshot(QWidget* window, const QString& name) {
    const QString dir = qEnvironmentVariable("BURROW_SCREENSHOTS");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    // Widgets added to a visible layout are shown by a queued call, and the legend,
    // overview and thumbnails redraw on a timer of up to 300 ms.
    QTest::qWait(400);
    QVERIFY(window->grab().save(dir + "/" + name + ".png"));
}

// Opens a project as the editor does (a first slice at once, the rest in the
// runner's slices) and waits, with the event loop turning, until it is generated.
template <typename Window>
bool openAndFinish(Window& window, const QString& path) {
    if (!window.openProject(path)) return false;
    QElapsedTimer clock;
    clock.start();
    while (!window.document()->atEnd() && clock.elapsed() < 60000) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return window.document()->atEnd();
}

// Every tab of the window's dock tab bars shows its dock's name whole: a bar like it
// holding the same tabs, laid out at its natural size, fits in the bar's length.
[[maybe_unused]] void verifyDockNamesWhole(QWidget& window) {
    for (QTabBar* bar : window.findChildren<QTabBar*>()) {
        if (!bar->isVisible() || bar->count() == 0) continue;
        QTabBar whole;
        whole.setFont(bar->font());
        whole.setShape(bar->shape());
        whole.setDocumentMode(bar->documentMode());
        QStringList names;
        for (int i = 0; i < bar->count(); ++i) {
            whole.addTab(bar->tabIcon(i), bar->tabText(i));
            names << bar->tabText(i);
        }
        const bool sideways = bar->shape() == QTabBar::RoundedWest || bar->shape() == QTabBar::RoundedEast;
        const int needed = sideways ? whole.sizeHint().height() : whole.sizeHint().width();
        const int has = sideways ? bar->height() : bar->width();
        QVERIFY2(needed <= has, qPrintable(QStringLiteral("the tabs %1 need %2 px, their bar has %3").arg(names.join(", ")).arg(needed).arg(has)));
    }
}

// Each tab of the window's dock tab bars is as long as its name needs, though the bar
// may scroll: no name is cut short.
[[maybe_unused]] void verifyNoDockNameCut(QWidget& window) {
    for (QTabBar* bar : window.findChildren<QTabBar*>()) {
        if (!bar->isVisible()) continue;
        const bool sideways = bar->shape() == QTabBar::RoundedWest || bar->shape() == QTabBar::RoundedEast;
        for (int i = 0; i < bar->count(); ++i) {
            QTabBar alone;
            alone.setFont(bar->font());
            alone.setShape(bar->shape());
            alone.setDocumentMode(bar->documentMode());
            alone.addTab(bar->tabIcon(i), bar->tabText(i));
            const int needed = sideways ? alone.sizeHint().height() : alone.sizeHint().width();
            const int has = sideways ? bar->tabRect(i).height() : bar->tabRect(i).width();
            QVERIFY2(has >= needed, qPrintable(QStringLiteral("the tab %1 is %2 px long, its name needs %3").arg(bar->tabText(i)).arg(has).arg(needed)));
        }
    }
}

template <typename T>
T* child(QWidget* parent, const char* name) {
    T* w = parent->findChild<T*>(name);
    if (!w) qFatal("no widget named %s", name);
    return w;
}
} // namespace
