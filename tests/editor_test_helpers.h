#pragma once
// What the editor tests share: the examples, window grabs when BURROW_SCREENSHOTS
// names a folder, and finding a widget by its object name.
#include <QTest>

#include <QDir>
#include <QElapsedTimer>

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

template <typename T>
T* child(QWidget* parent, const char* name) {
    T* w = parent->findChild<T*>(name);
    if (!w) qFatal("no widget named %s", name);
    return w;
}
} // namespace
